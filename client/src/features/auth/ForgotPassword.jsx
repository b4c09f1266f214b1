import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '../../components/TextInput';
import Typography from '@mui/material/Typography';
import CodeInput from '../../components/CodeInput';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import {
  useForgotPasswordCheckCodeMutation,
  useForgotPasswordGenerateCodeMutation,
  useForgotPasswordUpdatePasswordMutation,
} from './authApi';
import { emailRules, muiField, passwordRules, repeatPasswordRules } from './validation';
import useAuthForm from './useAuthForm';

export const FORGOT_MODES = { EMAIL: 'email', CHECK: 'check', FINALIZE: 'finalize' };

/** Forgot-password flow (req §4): modes email → check → finalize; on success back to sign-in. */
export default function ForgotPassword({ initialEmail = '', onDone, onBack }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [mode, setMode] = useState(FORGOT_MODES.EMAIL);
  const [email, setEmail] = useState('');
  const [otpId, setOtpId] = useState(null);
  const [generateCode, { isLoading: sending }] = useForgotPasswordGenerateCodeMutation();
  const [checkCode, { isLoading: checking }] = useForgotPasswordCheckCodeMutation();
  const [updatePassword, { isLoading: saving }] = useForgotPasswordUpdatePasswordMutation();

  const emailForm = useAuthForm({ defaultValues: { email: initialEmail } });
  const passwordForm = useAuthForm({ defaultValues: { password: '', repeat_password: '' } });

  const sendCode = async (address) => {
    try {
      await generateCode({
        email: address,
        confirmation_message_subject: t('auth.mail.reset_subject'),
        confirmation_message_part_1: t('auth.mail.reset_part_1'),
      }).unwrap();
      showSuccess(t('auth.forgot.code_sent'));
      return true;
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
      return false;
    }
  };

  const onEmail = async (values) => {
    const address = values.email.trim();
    if (await sendCode(address)) {
      setEmail(address);
      setMode(FORGOT_MODES.CHECK);
    }
  };

  const onCode = useCallback(
    async (code, clear) => {
      try {
        const data = await checkCode({ email, code }).unwrap();
        setOtpId(data && data.otp_id);
        setMode(FORGOT_MODES.FINALIZE);
      } catch (error) {
        showError(apiErrorMessage(error, t, i18n, 'messages.auth.wrong_code'));
        clear();
      }
    },
    [checkCode, email, showError, t, i18n],
  );

  const onPassword = async ({ password }) => {
    try {
      await updatePassword({ email, password, otp_id: otpId }).unwrap();
      showSuccess(t('auth.forgot.success'));
      onDone(email);
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
    }
  };

  const pwErrors = passwordForm.formState.errors;

  return (
    <Stack spacing={2} component="section" aria-labelledby="forgot-heading" data-testid={`forgot-mode-${mode}`}>
      <Typography id="forgot-heading" component="h2" variant="h5">
        {t('auth.forgot.title')}
      </Typography>

      {mode === FORGOT_MODES.EMAIL && (
        <Box component="form" noValidate onSubmit={emailForm.handleSubmit(onEmail)}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('auth.forgot.email_hint')}
            </Typography>
            <TextField
              id="forgot-email"
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'forgot-email', 'aria-required': 'true' } }}
              {...muiField(emailForm.register, emailForm.formState.errors, 'email', emailRules(t))}
            />
            <Button type="submit" variant="contained" size="large" disabled={sending} data-testid="forgot-send-code">
              {t('auth.forgot.send_code')}
            </Button>
          </Stack>
        </Box>
      )}

      {mode === FORGOT_MODES.CHECK && (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('auth.forgot.code_hint', { email })}
          </Typography>
          <CodeInput
            id="forgot-code"
            label={t('auth.fields.code')}
            onComplete={onCode}
            disabled={checking}
            testId="forgot-code"
          />
          <Button variant="outlined" onClick={() => sendCode(email)} disabled={sending} data-testid="forgot-resend">
            {t('auth.verify.resend')}
          </Button>
        </Stack>
      )}

      {mode === FORGOT_MODES.FINALIZE && (
        <Box component="form" noValidate onSubmit={passwordForm.handleSubmit(onPassword)}>
          <Stack spacing={2}>
            <TextField
              id="forgot-new-password"
              label={t('auth.fields.new_password')}
              type="password"
              autoComplete="new-password"
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'forgot-new-password', 'aria-required': 'true' } }}
              {...muiField(passwordForm.register, pwErrors, 'password', passwordRules(t))}
            />
            <TextField
              id="forgot-repeat-password"
              label={t('auth.fields.repeat_new_password')}
              type="password"
              autoComplete="new-password"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'forgot-repeat-password', 'aria-required': 'true' } }}
              {...muiField(
                passwordForm.register,
                pwErrors,
                'repeat_password',
                repeatPasswordRules(
                  t,
                  () => passwordForm.getValues('password'),
                  'messages.forgot-password-passwords-not-equal',
                ),
              )}
            />
            <Button type="submit" variant="contained" size="large" disabled={saving} data-testid="forgot-save-password">
              {t('auth.forgot.save')}
            </Button>
          </Stack>
        </Box>
      )}

      <Button variant="text" onClick={onBack} data-testid="forgot-back">
        {t('auth.back_to_sign_in')}
      </Button>
    </Stack>
  );
}
