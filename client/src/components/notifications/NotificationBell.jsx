/* The header bell (issue 26; decision 0081): the unread count on the badge, and on click a panel listing the
 * signed-in user's notifications. The panel's code and its list are loaded only when the bell is opened; the badge
 * costs one small request, repeated every minute while the window has the focus. */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { UNREAD_POLL_MS, useGetUnreadCountQuery } from '../../api/notificationsApi';

const NotificationPanel = lazy(() => import(/* webpackChunkName: "notifications" */ './NotificationPanel'));
const PANEL_ID = 'notification-panel';

export default function NotificationBell({ sx }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  const { data: unread = 0 } = useGetUnreadCountQuery(undefined, {
    pollingInterval: UNREAD_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const open = Boolean(anchor);
  const label = unread ? t('notifications.bell_unread', { count: unread }) : t('notifications.bell');
  return (
    <>
      <IconButton
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="notification-bell"
        sx={sx}
      >
        {/* No badge at all without unread entries: a hidden "0" still counts as the button's text for checkers. */}
        {unread ? (
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-badge">
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
      <Popover
        id={PANEL_ID}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('notifications.title'), sx: { width: 360, maxWidth: '95vw' } } }}
      >
        {open && (
          <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} aria-label={t('notifications.loading')} />}>
            <NotificationPanel onClose={() => setAnchor(null)} />
          </Suspense>
        )}
      </Popover>
    </>
  );
}
