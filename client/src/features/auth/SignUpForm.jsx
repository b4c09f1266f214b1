import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '../../components/TextInput';
import { useSignUpMutation } from './authApi';
import { emailRules, muiField, passwordRules, repeatPasswordRules } from './validation';
import useAuthForm from './useAuthForm';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';

/** Sign-up (req §4, §5). On success the parent shows the verify-code step for the e-mail (and the password, which
 * goes with the code). */
export default function SignUpForm({ onSignedUp }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [signUp, { isLoading }] = useSignUpMutation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
    formProps,
  } = useAuthForm({ defaultValues: { email: '', password: '', repeat_password: '' } });

  const onSubmit = async ({ email, password, repeat_password: repeatPassword }) => {
    const cleanEmail = email.trim();
    try {
      const data = await signUp({
        user: { email: cleanEmail, password, repeat_password: repeatPassword },
        confirmation_message_subject: t('auth.mail.sign_up_subject'),
        confirmation_message_part_1: t('auth.mail.sign_up_part_1'),
      }).unwrap();
      if (data && data.success === false) {
        showError(t('errors.try_again_later'));
        return;
      }
      showSuccess(t('auth.verify.code_sent'));
      onSignedUp(cleanEmail, password);
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
    }
  };

  return (
    <Box component="form" {...formProps} onSubmit={handleSubmit(onSubmit)} aria-label={t('auth.sign_up.form')}>
      <Stack spacing={2}>
        <TextField
          id="signup-email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'signup-email', 'aria-required': 'true' } }}
          {...muiField(register, errors, 'email', emailRules(t))}
        />
        <TextField
          id="signup-password"
          label={t('auth.fields.password')}
          type="password"
          autoComplete="new-password"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'signup-password', 'aria-required': 'true' } }}
          {...muiField(register, errors, 'password', passwordRules(t))}
        />
        <TextField
          id="signup-repeat-password"
          label={t('auth.fields.repeat_password')}
          type="password"
          autoComplete="new-password"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'signup-repeat-password', 'aria-required': 'true' } }}
          {...muiField(
            register,
            errors,
            'repeat_password',
            repeatPasswordRules(t, () => getValues('password')),
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading} data-testid="signup-submit">
          {t('auth.sign_up.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
