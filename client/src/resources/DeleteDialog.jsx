import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useReturnFocus from '../components/focus/useReturnFocus';

/** "Delete the record?" confirmation (role alertdialog). Closed, it gives the focus back to its opener — or, after a
 * delete took the opener's row away, to what the caller names in `focusNext` (decision 0077; see ConfirmDialog). */
export default function DeleteDialog({ open, name, modelName, busy = false, onConfirm, onClose, focusNext = null }) {
  const { t } = useTranslation();
  const { onExited } = useReturnFocus(open, focusNext);
  return (
    <Dialog
      open={open}
      disableRestoreFocus
      TransitionProps={{ onExited }}
      onClose={busy ? undefined : onClose}
      PaperProps={{ role: 'alertdialog' }}
      aria-labelledby="delete-dialog-title"
      aria-describedby="delete-dialog-text"
      data-testid="delete-dialog"
    >
      <DialogTitle id="delete-dialog-title">{t('crud.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-dialog-text">
          {t('crud.delete_text', { name, model: modelName })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus data-testid="delete-cancel">
          {t('crud.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : null}
          data-testid="delete-confirm"
        >
          {t('crud.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
