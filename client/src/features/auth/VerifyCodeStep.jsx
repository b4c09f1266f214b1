import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '../../components/TextInput';
import Typography from '@mui/material/Typography';
import CodeInput from '../../components/CodeInput';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { userSet } from '../../session/sessionSlice';
import { useCheckOtpMutation, useGenerateOtpMutation } from './authApi';
import { isEmailLike } from './validation';

/** Verify-code step after sign-up (or for an unverified user): 6 digits, auto-submitted. */
export default function VerifyCodeStep({ email: initialEmail, onBack }) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { showError, showSuccess } = useSnackbar();
  const [email, setEmail] = useState(initialEmail || '');
  const [checkOtp, { isLoading: checking }] = useCheckOtpMutation();
  const [generateOtp, { isLoading: sending }] = useGenerateOtpMutation();
  const emailKnown = Boolean(initialEmail);

  const onComplete = useCallback(
    async (code, clear) => {
      if (!isEmailLike(email)) {
        showError(t('validation.email'));
        return;
      }
      try {
        const data = await checkOtp({ email: email.trim(), code }).unwrap();
        if (!data || !data.user) throw new Error('no user');
        dispatch(userSet(data.user));
        navigate('/choose-flow', { replace: true });
      } catch (error) {
        showError(apiErrorMessage(error, t, i18n, 'messages.auth.wrong_code'));
        clear();
      }
    },
    [email, checkOtp, dispatch, navigate, showError, t, i18n],
  );

  const resend = async () => {
    if (!isEmailLike(email)) {
      showError(t('validation.email'));
      return;
    }
    try {
      await generateOtp({ email: email.trim() }).unwrap();
      showSuccess(t('auth.verify.code_sent'));
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="verify-heading">
      <Typography id="verify-heading" component="h2" variant="h5">
        {t('auth.verify.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {emailKnown ? t('auth.verify.hint_email', { email }) : t('auth.verify.hint')}
      </Typography>
      {!emailKnown && (
        <TextField
          id="verify-email"
          label={t('auth.fields.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'verify-email' } }}
        />
      )}
      <CodeInput
        id="verify-code"
        label={t('auth.fields.code')}
        onComplete={onComplete}
        disabled={checking}
        testId="otp-code"
        autoFocus={emailKnown}
      />
      <Button variant="outlined" onClick={resend} disabled={sending} data-testid="otp-resend">
        {t('auth.verify.resend')}
      </Button>
      <Button variant="text" onClick={onBack} data-testid="otp-back">
        {t('auth.back_to_sign_in')}
      </Button>
    </Stack>
  );
}
