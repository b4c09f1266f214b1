import { useCallback, useEffect, useState } from 'react';
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
import { landingPathFor, useDomain } from '../../domain';
import { useCheckOtpMutation, useGenerateOtpMutation } from './authApi';
import { isEmailLike } from './validation';

/** Seconds to wait from a 429 answer: the body's retry_after (the server's Retry-After), at least 1; 60 if absent. */
export function retryAfterSeconds(error) {
  const seconds = Number(error && error.data && error.data.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

/** Counts down once a second to 0. */
function useCountdown(initial) {
  const [left, setLeft] = useState(initial || 0);
  useEffect(() => {
    if (initial > 0) setLeft(initial);
  }, [initial]);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((n) => Math.max(n - 1, 0)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** Verify-code step after sign-up (or for an unverified user): 6 digits, auto-submitted. "Send again" answered
 * 429 counts down to when the server allows it (issue 10) and never claims a code was sent.
 * The code goes with the password of the sign-up it was mailed for (issue 22: the code proves the mailbox, the
 * password proves who chose it). The password just typed on this page is kept in memory only; after a reload (or
 * without one) the step asks for it. */
export default function VerifyCodeStep({
  email: initialEmail,
  password: knownPassword = '',
  onBack,
  initialCooldown = 0,
  onVerified = () => {},
}) {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { showError, showSuccess } = useSnackbar();
  const [email, setEmail] = useState(initialEmail || '');
  const [typedPassword, setTypedPassword] = useState('');
  const password = knownPassword || typedPassword;
  const [checkOtp, { isLoading: checking }] = useCheckOtpMutation();
  const [generateOtp, { isLoading: sending }] = useGenerateOtpMutation();
  const emailKnown = Boolean(initialEmail);
  const [cooldown, setCooldown] = useCountdown(initialCooldown);

  const onComplete = useCallback(
    async (code, clear) => {
      if (!isEmailLike(email)) {
        showError(t('validation.email'));
        return;
      }
      if (!password) {
        showError(t('auth.verify.password_required'));
        clear();
        return;
      }
      try {
        const data = await checkOtp({ email: email.trim(), code, password }).unwrap();
        if (!data || !data.user) throw new Error('no user');
        dispatch(userSet(data.user));
        onVerified();
        navigate(landingPathFor(data.user, domain), { replace: true });
      } catch (error) {
        showError(apiErrorMessage(error, t, i18n, 'messages.auth.wrong_code'));
        clear();
      }
    },
    [email, password, checkOtp, dispatch, navigate, showError, t, i18n, domain, onVerified],
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
      if (error && error.status === 429) {
        const seconds = retryAfterSeconds(error);
        setCooldown(seconds);
        showError(t('auth.verify.too_soon', { seconds }));
      } else {
        showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
      }
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
      {!knownPassword && (
        <TextField
          id="verify-password"
          label={t('auth.verify.password')}
          helperText={t('auth.verify.password_hint')}
          type="password"
          autoComplete="current-password"
          value={typedPassword}
          onChange={(e) => setTypedPassword(e.target.value)}
          autoFocus={emailKnown}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'verify-password' } }}
        />
      )}
      <CodeInput
        id="verify-code"
        label={t('auth.fields.code')}
        onComplete={onComplete}
        disabled={checking}
        testId="otp-code"
        autoFocus={emailKnown && Boolean(knownPassword)}
      />
      <Button variant="outlined" onClick={resend} disabled={sending || cooldown > 0} data-testid="otp-resend">
        {cooldown > 0 ? t('auth.verify.resend_in', { seconds: cooldown }) : t('auth.verify.resend')}
      </Button>
      {cooldown > 0 && (
        <Typography variant="body2" color="text.secondary" role="status" data-testid="otp-cooldown">
          {t('auth.verify.cooldown_hint')}
        </Typography>
      )}
      <Button variant="text" onClick={onBack} data-testid="otp-back">
        {t('auth.back_to_sign_in')}
      </Button>
    </Stack>
  );
}
