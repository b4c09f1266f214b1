/* /staff-invitation#token=…: the invited staff member chooses a password (at least 12 characters, not a common
 * one; the server checks) and then signs in, where the second factor is enrolled (decisions 0078, 0079). The token
 * rides in the URL's fragment, which the browser never sends to a server. */
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAcceptStaffInvitationMutation } from '../../api/staffApi';
import { apiErrorMessage } from '../../components/apiError';
import LanguagePicker from '../../components/LanguagePicker';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { MAIN_ID } from '../../components/focus/focusElement';

export const STAFF_MIN_PASSWORD = 12;

export function tokenFromHash(hash) {
  const match = /(?:^#|&)token=([^&]+)/.exec(hash || '');
  return match ? decodeURIComponent(match[1]) : '';
}

export default function StaffInvitationPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const token = tokenFromHash(location.hash);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const [accept, { data, error, isLoading }] = useAcceptStaffInvitationMutation();
  useDocumentTitle(t('staff_admin.invitation.title'));
  const tooShort = password.length < STAFF_MIN_PASSWORD;
  const mismatch = repeat !== password;

  const submit = async (event) => {
    event.preventDefault();
    setTried(true);
    if (tooShort || mismatch) return;
    await accept({ token, password });
  };

  return (
    <Container component="main" maxWidth="sm" sx={{ py: 4 }} id={MAIN_ID} tabIndex={-1}>
      <LanguagePicker />
      <Paper sx={{ p: 3, mt: 2 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('staff_admin.invitation.title')}
        </Typography>
        {!token && <Alert severity="error">{t('staff_admin.invitation.no_token')}</Alert>}
        {data && data.success && (
          <>
            <Alert severity="success" data-testid="staff-invitation-done" sx={{ mb: 2 }}>
              {t('staff_admin.invitation.done', { email: data.email })}
            </Alert>
            <Button component={RouterLink} to="/auth" variant="contained" data-testid="staff-invitation-sign-in">
              {t('staff_admin.invitation.sign_in')}
            </Button>
          </>
        )}
        {token && !(data && data.success) && (
          <form onSubmit={submit} noValidate>
            <Typography sx={{ mb: 2 }}>{t('staff_admin.invitation.text', { min: STAFF_MIN_PASSWORD })}</Typography>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="staff-invitation-error">
                {apiErrorMessage(error, t, i18n)}
              </Alert>
            )}
            <TextField
              fullWidth
              required
              type="password"
              margin="dense"
              label={t('staff_admin.invitation.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={tried && tooShort}
              helperText={t('staff_admin.invitation.password_hint', { min: STAFF_MIN_PASSWORD })}
              inputProps={{ autoComplete: 'new-password', maxLength: 128, 'data-testid': 'staff-invitation-password' }}
            />
            <TextField
              fullWidth
              required
              type="password"
              margin="dense"
              label={t('staff_admin.invitation.repeat')}
              value={repeat}
              onChange={(event) => setRepeat(event.target.value)}
              error={tried && mismatch}
              helperText={tried && mismatch ? t('staff_admin.invitation.mismatch') : ' '}
              inputProps={{ autoComplete: 'new-password', maxLength: 128, 'data-testid': 'staff-invitation-repeat' }}
            />
            <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: 2 }} data-testid="staff-invitation-submit">
              {t('staff_admin.invitation.submit')}
            </Button>
          </form>
        )}
      </Paper>
    </Container>
  );
}
