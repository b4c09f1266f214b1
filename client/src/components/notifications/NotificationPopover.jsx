/* The bell's panel in its popover: MUI's Popover (with Grow and its positioning) comes with the panel's chunk, only
 * when the bell is opened, instead of with every applicant screen's shell (issue 27). */
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import Popover from '@mui/material/Popover';
import NotificationPanel from './NotificationPanel';

export default function NotificationPopover({ id, anchor, onClose }) {
  const { t } = useTranslation();
  return (
    <Popover
      id={id}
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': t('notifications.title'), sx: { width: 360, maxWidth: '95vw' } } }}
    >
      <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} aria-label={t('notifications.loading')} />}>
        <NotificationPanel onClose={onClose} />
      </Suspense>
    </Popover>
  );
}
