/* Change a staff member's roles. Saving signs the account out everywhere (the dialog says so: it is the
 * confirmation); the server refuses to leave the portal without an active staff manager. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSetStaffRolesMutation } from '../../api/staffApi';
import { apiErrorMessage } from '../../components/apiError';
import useReturnFocus from '../../components/focus/useReturnFocus';
import { useSnackbar } from '../../components/SnackbarProvider';
import { useDomain } from '../../domain';
import RoleCheckboxes from './RoleCheckboxes';
import { roleKeysOf } from './roles';

export default function RolesDialog({ member, onClose }) {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const { showSuccess } = useSnackbar();
  const open = Boolean(member);
  const [roles, setRoles] = useState(() => roleKeysOf(member && member.roles, domain));
  const [save, { isLoading, error }] = useSetStaffRolesMutation();
  const { onExited } = useReturnFocus(open);

  const submit = async (event) => {
    event.preventDefault();
    if (!roles.length) return;
    const result = await save({ id: member.id, roles: roles.map((key) => domain.roles[key]) });
    if (!result.error) {
      showSuccess(t('staff_admin.roles_dialog.saved'));
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : onClose}
      aria-labelledby="staff-roles-title"
      aria-describedby="staff-roles-text"
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      TransitionProps={{ onExited }}
      data-testid="staff-roles-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="staff-roles-title">
          {t('staff_admin.roles_dialog.title', { email: member ? member.email : '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="staff-roles-text">{t('staff_admin.roles_dialog.text')}</DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="staff-roles-error">
              {apiErrorMessage(error, t, i18n)}
            </Alert>
          )}
          <RoleCheckboxes value={roles} onChange={setRoles} idPrefix="staff-roles" error={!roles.length} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading} autoFocus>
            {t('staff_admin.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading || !roles.length} data-testid="staff-roles-save">
            {t('staff_admin.roles_dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
