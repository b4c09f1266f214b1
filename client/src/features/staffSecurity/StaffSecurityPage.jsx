/* A staff member's own sign-in security (decision 0091): the second factor's state, how many recovery codes are left,
 * and a new set of ten on a current code of the authenticator app — shown once, with copy, download and "I have
 * saved them"; the earlier codes stop working on the server at that moment. Any staff role opens it: the admin
 * shells' menu ("Sign-in security") and the staff-management role's bare layout link here. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '../../components/TextInput';
import RecoveryCodes from '../../components/secondFactor/RecoveryCodes';
import SavedCodesConfirm from '../../components/secondFactor/SavedCodesConfirm';
import { apiErrorMessage } from '../../components/apiError';
import { focusElement } from '../../components/focus/focusElement';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { useOwnSecondFactorQuery, useRegenerateRecoveryCodesMutation } from './staffSecurityApi';

const RECOVERY_CODE_COUNT = 10; // server/accounts/second_factor.py RECOVERY_CODE_COUNT
const HEADING_ID = 'staff-security-codes-heading';

function CodesLeft({ status, t }) {
  if (!status.enrolled) return <Alert severity="info">{t('staff_security.not_enrolled')}</Alert>;
  const left = status.recovery_codes_left;
  return (
    <Typography color={left <= 2 ? 'error' : 'text.primary'} data-testid="staff-security-codes-left">
      {t('staff_security.codes_left', { count: left, total: RECOVERY_CODE_COUNT })}
    </Typography>
  );
}

export default function StaffSecurityPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('staff_security.title'), t('admin_shell.title'));
  const { data: status, isError: statusFailed } = useOwnSecondFactorQuery();
  const [regenerate, { isLoading: busy }] = useRegenerateRecoveryCodesMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [codes, setCodes] = useState(null);
  const heading = useRef(null);
  const shown = Boolean(codes);

  // The section's heading takes the focus when its content changes (decision 0077): the new codes, then the form.
  const changed = useRef(false);
  useEffect(() => {
    if (changed.current && heading.current) focusElement(heading.current);
    changed.current = true;
  }, [shown]);

  const submit = async (event) => {
    event.preventDefault();
    setError('');
    try {
      const answer = await regenerate({ code: code.trim() }).unwrap();
      setCodes(answer.recovery_codes || []);
    } catch (failure) {
      setError(apiErrorMessage(failure, t, i18n, 'errors.try_again_later'));
    }
    setCode(''); // a code is good once: the next try needs the app's next one
  };

  return (
    <Box data-testid="staff-security-page" sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('staff_security.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('staff_security.intro')}</Typography>
      <Paper variant="outlined" component="section" aria-labelledby={HEADING_ID} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography id={HEADING_ID} ref={heading} variant="h5" component="h2">
            {shown ? t('staff_security.new_codes_title') : t('staff_security.codes_heading')}
          </Typography>
          {shown ? (
            <>
              <Alert severity="warning" data-testid="staff-security-codes-warning">
                {t('staff_security.old_codes_void')} {t('second_factor.codes_hint')}
              </Alert>
              <RecoveryCodes codes={codes} />
              <SavedCodesConfirm
                label={t('staff_security.done')}
                onContinue={() => setCodes(null)}
                buttonTestId="staff-security-done"
                alignStart
              />
            </>
          ) : (
            <>
              {status && <CodesLeft status={status} t={t} />}
              {!status && !statusFailed && <CircularProgress size={24} aria-label={t('common.loading')} />}
              {statusFailed && <Alert severity="error">{t('errors.try_again_later')}</Alert>}
              <Typography>{t('staff_security.regenerate_hint')}</Typography>
              <Box component="form" noValidate onSubmit={submit} data-testid="staff-security-form">
                <Stack spacing={2} sx={{ maxWidth: 360 }}>
                  <TextField
                    id="staff-security-code"
                    label={t('second_factor.code')}
                    helperText={error || t('staff_security.code_hint')}
                    error={Boolean(error)}
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    autoComplete="one-time-code"
                    fullWidth
                    slotProps={{
                      htmlInput: {
                        'data-testid': 'staff-security-code',
                        'aria-required': 'true',
                        inputMode: 'numeric',
                        maxLength: 6,
                        spellCheck: 'false',
                      },
                    }}
                  />
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={busy || !code.trim()}
                    sx={{ alignSelf: 'flex-start' }}
                    data-testid="staff-security-regenerate"
                  >
                    {t('staff_security.regenerate')}
                  </Button>
                </Stack>
              </Box>
            </>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
