/* The room-type modal (req §2): photos, capacity, price and the places free for the applicant's gender, with the
 * Book (or Join the waitlist) action. Photos come through the authorised endpoint with the Bearer token. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import useAuthorizedObjectUrl from '../../components/useAuthorizedObjectUrl';
import { localizedName } from '../../i18n';
import { priceWithPeriod } from './format';

function Photo({ media, alt }) {
  const { url, error } = useAuthorizedObjectUrl(media.url);
  if (error) return null;
  if (!url) return <Skeleton variant="rectangular" width="100%" height={180} />;
  return (
    <Box component="img" src={url} alt={alt} sx={{ width: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 1 }} />
  );
}

export default function RoomTypeModal({ open, hall, roomType, onClose, onBook, canBook, busy }) {
  const { t, i18n } = useTranslation();
  const fullScreen = useMediaQuery('(max-width:600px)');
  if (!roomType) return null;
  const full = roomType.free_places === 0;
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="room-type-title">
      <DialogTitle id="room-type-title">{localizedName(roomType, i18n.language)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {roomType.media.length === 0 && (
            <Typography color="text.secondary">{t('dorm.no_photos')}</Typography>
          )}
          {roomType.media.map((media, index) => (
            <Photo key={media.id} media={media} alt={t('dorm.photo_alt', { name: localizedName(roomType, i18n.language), n: index + 1 })} />
          ))}
          <Typography>{t('dorm.hall')}: {hall ? localizedName(hall, i18n.language) : ''}</Typography>
          <Typography data-testid="modal-capacity">{t('dorm.capacity', { count: roomType.capacity })}</Typography>
          <Typography data-testid="modal-price">{t('dorm.price', { price: priceWithPeriod(t, roomType.price, roomType.price_period, i18n.language) })}</Typography>
          <Typography data-testid="modal-free">{t('dorm.free_places', { count: roomType.free_places })}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {canBook && (
          <Button variant="contained" disabled={busy} onClick={() => onBook(full)} data-testid="modal-book">
            {full ? t('dorm.join_waitlist') : t('dorm.book')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
