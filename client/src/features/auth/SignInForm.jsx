import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '../../components/TextInput';
import TextLink from '../../components/TextLink';
import { useSignInMutation } from './authApi';
import { emailRules, muiField, requiredRules } from './validation';
import useAuthForm from './useAuthForm';
import { userSet } from '../../session/sessionSlice';
import { VERIFY_OTP_PATH, landingPathFor, useDomain } from '../../domain';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';

/** Sign-in. An unverified account goes on to the code step, which needs the password just typed (the parent keeps it
 * in memory through onUnverified). A staff password answers with no session but a second-factor challenge
 * (decision 0078): the parent shows that step through onSecondFactor. */
export default function SignInForm({ onForgotPassword, onUnverified = () => {}, onSecondFactor = () => {} }) {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { showError } = useSnackbar();
  const [signIn, { isLoading }] = useSignInMutation();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
    formProps,
  } = useAuthForm({ defaultValues: { email: '', password: '' } });

  const onSubmit = async ({ email, password }) => {
    try {
      const data = await signIn({ email: email.trim(), password }).unwrap();
      if (data && data.second_factor_required) {
        onSecondFactor({ challenge: data.challenge, enrolmentRequired: Boolean(data.enrolment_required) });
        return;
      }
      const user = data && data.user;
      if (!user) {
        showError(t('errors.try_again_later'));
        return;
      }
      dispatch(userSet(user));
      if (!user.is_verified) {
        onUnverified(password);
        navigate(VERIFY_OTP_PATH, { replace: true });
      } else navigate(landingPathFor(user, domain), { replace: true }); // staff → their shell (issue 12)
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
    }
  };

  return (
    <Box component="form" {...formProps} onSubmit={handleSubmit(onSubmit)} aria-label={t('auth.sign_in.form')}>
      <Stack spacing={2}>
        <TextField
          id="signin-email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'signin-email', 'aria-required': 'true' } }}
          {...muiField(register, errors, 'email', emailRules(t))}
        />
        <TextField
          id="signin-password"
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'signin-password', 'aria-required': 'true' } }}
          {...muiField(register, errors, 'password', requiredRules(t))}
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading} data-testid="signin-submit">
          {t('auth.sign_in.submit')}
        </Button>
        <TextLink
          component="button"
          onClick={() => onForgotPassword(getValues('email'))}
          data-testid="forgot-password-link"
          sx={{ alignSelf: 'center', typography: 'body2' }}
        >
          {t('auth.forgot.link')}
        </TextLink>
      </Stack>
    </Box>
  );
}
