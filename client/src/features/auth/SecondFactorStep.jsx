import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '../../components/TextInput';
import TextLink from '../../components/TextLink';
import RecoveryCodes from '../../components/secondFactor/RecoveryCodes';
import SavedCodesConfirm from '../../components/secondFactor/SavedCodesConfirm';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { focusElement } from '../../components/focus/focusElement';
import { userSet } from '../../session/sessionSlice';
import { landingPathFor, useDomain } from '../../domain';
import {
  useSecondFactorEnrolmentConfirmMutation,
  useSecondFactorEnrolmentMutation,
  useSignInSecondFactorMutation,
} from './secondFactorApi';

// The challenge cannot be used again after these: the staff member signs in again (decision 0078).
const CHALLENGE_ENDED = new Set(['auth.challenge_invalid', 'auth.challenge_attempts_exceeded']);

function endedChallenge(error) {
  return Boolean(error && error.data && CHALLENGE_ENDED.has(error.data.message_key));
}

/** The secret in groups of four, as authenticator apps show it. */
export function groupedSecret(secret) {
  return (secret || '').replace(/(.{4})/g, '$1 ').trim();
}

/** Moves the focus to the step's heading whenever the step changes (decision 0077). */
function useHeadingFocus(step) {
  const heading = useRef(null);
  useEffect(() => {
    if (heading.current) focusElement(heading.current);
  }, [step]);
  return heading;
}

function CodeForm({ label, hint, value, onChange, onSubmit, busy, submitLabel, recovery = false, children }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <TextField
          id="second-factor-code"
          label={label}
          helperText={hint}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="one-time-code"
          fullWidth
          slotProps={{
            htmlInput: {
              'data-testid': 'second-factor-code',
              'aria-required': 'true',
              inputMode: recovery ? 'text' : 'numeric',
              maxLength: recovery ? 64 : 6,
              spellCheck: 'false',
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || !value.trim()} data-testid="second-factor-submit">
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </Box>
  );
}

/** Sign-in with an enrolled factor: a code from the authenticator app, or one of the recovery codes. */
function VerifyCode({ challenge, onSignedIn, onRestart }) {
  const { t, i18n } = useTranslation();
  const { showError } = useSnackbar();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [verify, { isLoading }] = useSignInSecondFactorMutation();
  const heading = useHeadingFocus(recovery ? 'recovery' : 'totp');

  const submit = async (event) => {
    event.preventDefault();
    try {
      const data = await verify({ challenge, code: code.trim() }).unwrap();
      if (!data || !data.user) throw new Error('no user');
      onSignedIn(data.user);
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
      setCode('');
      if (endedChallenge(error)) onRestart();
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="second-factor-heading" data-testid="second-factor-step">
      <Typography id="second-factor-heading" component="h2" variant="h5" ref={heading}>
        {recovery ? t('second_factor.recovery_title') : t('second_factor.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {recovery ? t('second_factor.recovery_hint') : t('second_factor.hint')}
      </Typography>
      <CodeForm
        label={recovery ? t('second_factor.recovery_code') : t('second_factor.code')}
        value={code}
        onChange={setCode}
        onSubmit={submit}
        busy={isLoading}
        recovery={recovery}
        submitLabel={t('second_factor.submit')}
      >
        <TextLink
          component="button"
          type="button"
          onClick={() => {
            setRecovery((value) => !value);
            setCode('');
          }}
          data-testid="second-factor-toggle-recovery"
          sx={{ alignSelf: 'center', typography: 'body2' }}
        >
          {recovery ? t('second_factor.use_app') : t('second_factor.use_recovery')}
        </TextLink>
      </CodeForm>
    </Stack>
  );
}

/** First sign-in of a staff member without a factor: QR code (and the secret as text), the first code, then the
 * recovery codes, shown once. */
function Enrol({ challenge, onSignedIn, onRestart }) {
  const { t, i18n } = useTranslation();
  const { showError } = useSnackbar();
  const [begin, { data: enrolment, isLoading: starting, isError: failed }] = useSecondFactorEnrolmentMutation();
  const [confirm, { isLoading: confirming }] = useSecondFactorEnrolmentConfirmMutation();
  const [code, setCode] = useState('');
  const [signedIn, setSignedIn] = useState(null);
  const heading = useHeadingFocus(signedIn ? 'codes' : 'enrol');

  useEffect(() => {
    begin({ challenge })
      .unwrap()
      .catch((error) => {
        showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
        if (endedChallenge(error)) onRestart();
      });
    // Once per challenge: asking again would replace the secret just scanned.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challenge]);

  const submit = async (event) => {
    event.preventDefault();
    try {
      const data = await confirm({ challenge, code: code.trim() }).unwrap();
      if (!data || !data.user) throw new Error('no user');
      setSignedIn({ user: data.user, codes: data.recovery_codes || [] });
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'errors.try_again_later'));
      setCode('');
      if (endedChallenge(error)) onRestart();
    }
  };

  if (signedIn) {
    return (
      <Stack spacing={2} component="section" aria-labelledby="second-factor-heading" data-testid="recovery-codes-step">
        <Typography id="second-factor-heading" component="h2" variant="h5" ref={heading}>
          {t('second_factor.codes_title')}
        </Typography>
        <Alert severity="warning">{t('second_factor.codes_hint')}</Alert>
        <RecoveryCodes codes={signedIn.codes} />
        <SavedCodesConfirm
          label={t('second_factor.continue')}
          onContinue={() => onSignedIn(signedIn.user)}
          buttonTestId="recovery-codes-continue"
          size="large"
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={2} component="section" aria-labelledby="second-factor-heading" data-testid="enrolment-step">
      <Typography id="second-factor-heading" component="h2" variant="h5" ref={heading}>
        {t('second_factor.enrol_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('second_factor.enrol_hint')}
      </Typography>
      {starting && <CircularProgress aria-label={t('second_factor.loading')} sx={{ alignSelf: 'center' }} />}
      {failed && <Alert severity="error">{t('errors.try_again_later')}</Alert>}
      {enrolment && (
        <>
          <Box
            component="img"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
            alt={t('second_factor.qr_alt')}
            data-testid="enrolment-qr"
            sx={{ width: 220, height: 220, alignSelf: 'center', bgcolor: '#fff' }}
          />
          <Typography variant="body2">{t('second_factor.manual_hint')}</Typography>
          <Typography
            component="code"
            data-testid="enrolment-secret"
            data-secret={enrolment.secret}
            sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-all', userSelect: 'all' }}
          >
            {groupedSecret(enrolment.secret)}
          </Typography>
          <CodeForm
            label={t('second_factor.code')}
            hint={t('second_factor.enrol_code_hint')}
            value={code}
            onChange={setCode}
            onSubmit={submit}
            busy={confirming}
            submitLabel={t('second_factor.confirm')}
          />
        </>
      )}
    </Stack>
  );
}

/** The step after a staff password (decision 0078): loaded only when a sign-in answers second_factor_required, so
 * /auth's first download does not grow. */
export default function SecondFactorStep({ challenge, enrolmentRequired, onBack }) {
  const { t } = useTranslation();
  const domain = useDomain();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const onSignedIn = (user) => {
    dispatch(userSet(user));
    navigate(landingPathFor(user, domain), { replace: true });
  };
  const Step = enrolmentRequired ? Enrol : VerifyCode;
  return (
    <Stack spacing={2}>
      <Step challenge={challenge} onSignedIn={onSignedIn} onRestart={onBack} />
      <Button variant="text" onClick={onBack} data-testid="second-factor-back">
        {t('auth.back_to_sign_in')}
      </Button>
    </Stack>
  );
}
