/* A resident's transfer request (req §7 create-room-transfer-request): move to another hall / room type, or swap
 * rooms with a named resident (their e-mail; they must accept before staff decide). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCreateTransferRequestMutation } from '../../api/dormApi';
import { apiErrorMessage } from '../../components/apiError';
import { useSnackbar } from '../../components/SnackbarProvider';
import { localizedName } from '../../i18n';
import { priceWithPeriod } from './format';

export default function TransferDialog({ halls, onClose }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const fullScreen = useMediaQuery('(max-width:600px)');
  const [kind, setKind] = useState('move');
  const [target, setTarget] = useState('');
  const [email, setEmail] = useState('');
  const [comment, setComment] = useState('');
  const [create, { isLoading }] = useCreateTransferRequestMutation();
  const options = halls.flatMap((hall) =>
    hall.room_types.map((roomType) => {
      const price = priceWithPeriod(t, roomType.price, roomType.price_period, i18n.language);
      const names = `${localizedName(hall, i18n.language)} — ${localizedName(roomType, i18n.language)}`;
      return { value: `${hall.id}:${roomType.id}`, label: `${names} (${price})` };
    }),
  );
  const ready = kind === 'move' ? Boolean(target) : email.includes('@');

  async function submit() {
    const body = { kind, comment: comment || undefined };
    if (kind === 'move') {
      const [hallId, roomTypeId] = target.split(':').map(Number);
      Object.assign(body, { hall_id: hallId, room_type_id: roomTypeId });
    } else {
      body.swap_email = email.trim();
    }
    try {
      await create(body).unwrap();
      showSuccess(t('dorm.transfer.sent'));
      onClose();
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
  }

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="transfer-title">
      <DialogTitle id="transfer-title">{t('dorm.transfer.open')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RadioGroup value={kind} onChange={(event) => setKind(event.target.value)} aria-label={t('dorm.transfer.kind')}>
            <FormControlLabel value="move" control={<Radio />} label={t('dorm.transfer.kind_move')} />
            <FormControlLabel value="swap" control={<Radio />} label={t('dorm.transfer.kind_swap')} />
          </RadioGroup>
          {kind === 'move' ? (
            <TextField select label={t('dorm.transfer.target')} value={target} onChange={(event) => setTarget(event.target.value)}
              inputProps={{ 'data-testid': 'transfer-target' }}>
              {options.map((option) => (
                <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField type="email" label={t('dorm.transfer.swap_email')} value={email} onChange={(event) => setEmail(event.target.value)}
              inputProps={{ 'data-testid': 'transfer-email', maxLength: 254 }} />
          )}
          <TextField multiline minRows={2} label={t('dorm.transfer.comment')} value={comment}
            onChange={(event) => setComment(event.target.value)} inputProps={{ maxLength: 1000 }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" disabled={!ready || isLoading} onClick={submit} data-testid="transfer-submit">
          {t('dorm.transfer.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
