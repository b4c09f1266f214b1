/* The header bell (issue 26; decision 0081): the unread count on the badge, and on click a panel listing the
 * signed-in user's notifications. The panel's code and its list are loaded only when the bell is opened; the badge
 * costs one small request, repeated every minute while the window has the focus. */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useSelector } from 'react-redux';
import { UNREAD_POLL_MS, useGetUnreadCountQuery } from '../../api/notificationsApi';
import { useAfterFirstScreen } from '../../api/firstScreen';
import { selectToken } from '../../session/sessionSlice';

// The panel and its popover (MUI's Popover, Grow) are loaded when the bell is first pointed at, focused or opened.
const loadPopover = () => import(/* webpackChunkName: "notifications" */ './NotificationPopover');
const NotificationPopover = lazy(loadPopover);
const preload = () => loadPopover().catch(() => {});
const PANEL_ID = 'notification-panel';

export default function NotificationBell({ sx }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState(null);
  // The badge is asked for once the page's first screen is drawn, not in the middle of it (issue 27), and never for
  // the prerendered pages' stand-in user (no token).
  const token = useSelector(selectToken);
  const afterFirstScreen = useAfterFirstScreen();
  const { data: unread = 0 } = useGetUnreadCountQuery(undefined, {
    skip: !afterFirstScreen || !token,
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
        onPointerEnter={preload}
        onFocus={preload}
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
      {open && (
        <Suspense fallback={null}>
          <NotificationPopover id={PANEL_ID} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
