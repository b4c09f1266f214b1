/* Asks before an irreversible action (decision 0077: a stage move, like every other irreversible staff action, is
 * never one key press away). An alertdialog: the focus starts on Cancel, so Enter alone changes nothing; Escape
 * cancels. Closed, it gives the focus back to what opened it — or, after a confirmed action, to what the action
 * changed, which the caller names (`focusNext`; the opener may be gone). */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useReturnFocus from './focus/useReturnFocus';

/** `warning`: an optional second paragraph said with the text (e.g. how many documents nobody has reviewed yet).
 * `focusNext`: a ref the caller may set, before closing the dialog after its action, to a function returning where
 * the focus goes then (useReturnFocus). */
export default function ConfirmDialog({
  open, title, text, warning = null, confirmLabel, onConfirm, onCancel, busy = false, testId = 'confirm-dialog', focusNext = null,
}) {
  const { t } = useTranslation();
  const { onExited } = useReturnFocus(open, focusNext);
  return (
    <Dialog
      open={open}
      // The focus leaves for what the action changed while the dialog closes: its trap must not pull it back (Tab
      // and Shift+Tab still cycle inside while it is open).
      disableRestoreFocus
      disableEnforceFocus
      TransitionProps={{ onExited }}
      onClose={busy ? undefined : onCancel}
      PaperProps={{ role: 'alertdialog' }}
      aria-labelledby={`${testId}-title`}
      aria-describedby={warning ? `${testId}-text ${testId}-warning` : `${testId}-text`}
      data-testid={testId}
    >
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${testId}-text`}>{text}</DialogContentText>
        {warning && (
          <DialogContentText id={`${testId}-warning`} sx={{ mt: 1.5, fontWeight: 600, color: 'text.primary' }} data-testid={`${testId}-warning`}>
            {warning}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus data-testid={`${testId}-cancel`}>
          {t('a11y.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy} data-testid={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
