/* A dialog asking staff for a reason (cancel, restore, send a document back): the confirm button stays disabled
 * until something other than spaces is typed; the server checks the same (req §5). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import useReturnFocus from '../../components/focus/useReturnFocus';

/** `focusNext`: where the focus goes once the dialog has closed after its action (components/focus/useReturnFocus). */
export default function ReasonDialog({ open, title, subtitle, label, onCancel, onConfirm, busy, focusNext = null }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { onExited } = useReturnFocus(open, focusNext); // back to the opener, or to what the action changed (0077)
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby="reason-title"
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      disableEnforceFocus
      TransitionProps={{ onExited }}
    >
      <DialogTitle id="reason-title">{title}</DialogTitle>
      <DialogContent>
        {subtitle && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {subtitle}
          </Typography>
        )}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={label || t('admin.panel.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          inputProps={{ maxLength: 1000, 'data-testid': 'reason-input' }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('admin.common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!reason.trim() || busy}
          onClick={() => onConfirm(reason.trim())}
          data-testid="reason-confirm"
        >
          {t('admin.panel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
