/* Invite a staff member by e-mail: the account is created without a password, and the mail (in the language chosen
 * here) carries a link to choose one; the second factor is enrolled at the first sign-in (decision 0079). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useInviteStaffMutation } from '../../api/staffApi';
import { apiErrorMessage } from '../../components/apiError';
import useReturnFocus from '../../components/focus/useReturnFocus';
import { useSnackbar } from '../../components/SnackbarProvider';
import { useDomain } from '../../domain';
import RoleCheckboxes from './RoleCheckboxes';

const LANGUAGES = ['ru', 'kk', 'en'];
const EMPTY = { email: '', first_name: '', last_name: '', roles: [], language: null };

export default function InviteDialog({ open, onClose }) {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const { showSuccess } = useSnackbar();
  const [form, setForm] = useState(EMPTY);
  const [tried, setTried] = useState(false);
  const [invite, { isLoading, error, reset }] = useInviteStaffMutation();
  const { onExited } = useReturnFocus(open);
  const language = form.language || (LANGUAGES.includes(i18n.language) ? i18n.language : 'ru');
  const set = (name) => (event) => setForm((prev) => ({ ...prev, [name]: event.target.value }));

  const close = () => {
    setForm(EMPTY);
    setTried(false);
    reset();
    onClose();
  };

  const submit = async (event) => {
    event.preventDefault();
    setTried(true);
    if (!form.email.trim() || !form.roles.length) return;
    const body = {
      email: form.email.trim(),
      roles: form.roles.map((key) => domain.roles[key]),
      language,
      first_name: form.first_name.trim() || null,
      last_name: form.last_name.trim() || null,
    };
    const result = await invite(body);
    if (!result.error) {
      showSuccess(t('staff_admin.invite.sent', { email: body.email }));
      close();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : close}
      aria-labelledby="staff-invite-title"
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      TransitionProps={{ onExited }}
      data-testid="staff-invite-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="staff-invite-title">{t('staff_admin.invite.title')}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="staff-invite-error">
              {apiErrorMessage(error, t, i18n)}
            </Alert>
          )}
          <TextField
            autoFocus
            required
            fullWidth
            type="email"
            margin="dense"
            label={t('staff_admin.fields.email')}
            value={form.email}
            onChange={set('email')}
            error={tried && !form.email.trim()}
            helperText={tried && !form.email.trim() ? t('staff_admin.email_required') : ' '}
            inputProps={{ maxLength: 254, 'data-testid': 'staff-invite-email', autoComplete: 'off' }}
          />
          <TextField
            fullWidth
            margin="dense"
            label={t('staff_admin.fields.last_name')}
            value={form.last_name}
            onChange={set('last_name')}
            inputProps={{ maxLength: 100 }}
          />
          <TextField
            fullWidth
            margin="dense"
            label={t('staff_admin.fields.first_name')}
            value={form.first_name}
            onChange={set('first_name')}
            inputProps={{ maxLength: 100 }}
          />
          <RoleCheckboxes
            value={form.roles}
            onChange={(roles) => setForm((prev) => ({ ...prev, roles }))}
            idPrefix="staff-invite"
            error={tried && !form.roles.length}
          />
          <TextField
            select
            fullWidth
            margin="normal"
            label={t('staff_admin.fields.language')}
            value={language}
            onChange={set('language')}
            SelectProps={{ 'data-testid': 'staff-invite-language' }}
          >
            {LANGUAGES.map((lng) => (
              <MenuItem key={lng} value={lng}>
                {t(`staff_admin.languages.${lng}`)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            {t('staff_admin.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading} data-testid="staff-invite-submit">
            {t('staff_admin.invite.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
