/* The list behind the bell: newest first, a page at a time ("Show more" adds the next page below), each entry a link
 * to where to act that marks it read when opened; "Mark all as read"; the way to the notification settings. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { formatDateTime } from "../dates/dates";
import {
  PAGE_SIZE,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../api/notificationsApi';

function NotificationPage({ page, onOpen }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError } = useGetNotificationsQuery({ page, lang: i18n.language });
  if (isLoading) return <Typography sx={{ px: 2, py: 1 }}>{t('notifications.loading')}</Typography>;
  if (isError || !data) return <Alert severity="error" sx={{ m: 1 }}>{t('notifications.error')}</Alert>;
  if (page === 1 && data.list.length === 0) {
    return (
      <Typography sx={{ px: 2, py: 2 }} color="text.secondary" data-testid="notifications-empty">
        {t('notifications.empty')}
      </Typography>
    );
  }
  return data.list.map((item) => (
    <ListItem key={item.id} disablePadding data-testid="notification-item" data-read={item.read ? 'true' : 'false'}>
      <ListItemButton component={RouterLink} to={item.link} onClick={() => onOpen(item)} sx={{ alignItems: 'flex-start' }}>
        <Box
          aria-hidden="true"
          sx={{ width: 8, height: 8, borderRadius: '50%', mt: 1, mr: 1.5, flexShrink: 0, bgcolor: item.read ? 'transparent' : 'error.main' }}
        />
        <ListItemText
          primary={
            <>
              {!item.read && <Box component="span" sx={visuallyHidden}>{t('notifications.unread_marker')} </Box>}
              {item.title}
            </>
          }
          secondary={
            <>
              {item.body}
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {formatDateTime(item.created_at)}
              </Box>
            </>
          }
          primaryTypographyProps={{ fontWeight: item.read ? 400 : 600 }}
        />
      </ListItemButton>
    </ListItem>
  ));
}

export default function NotificationPanel({ onClose }) {
  const { t, i18n } = useTranslation();
  const [pages, setPages] = useState(1);
  // The first page's answer (shared with its NotificationPage below: one request) tells how many there are.
  const { data: first } = useGetNotificationsQuery({ page: 1, lang: i18n.language });
  const total = first ? first.total : 0;
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const open = (item) => {
    if (!item.read) markRead(item.id);
    onClose();
  };
  return (
    <Box data-testid="notification-panel">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('notifications.title')}
        </Typography>
        <Button size="small" onClick={() => markAll()} disabled={markingAll} data-testid="notifications-mark-all">
          {t('notifications.mark_all_read')}
        </Button>
      </Stack>
      <Divider />
      <List dense sx={{ maxHeight: 420, overflowY: 'auto' }} data-testid="notification-list">
        {Array.from({ length: pages }, (_, index) => (
          <NotificationPage key={index + 1} page={index + 1} onOpen={open} />
        ))}
      </List>
      {pages * PAGE_SIZE < total && (
        <Button fullWidth onClick={() => setPages(pages + 1)} data-testid="notifications-more">
          {t('notifications.show_more')}
        </Button>
      )}
      <Divider />
      <Button
        component={RouterLink}
        to="/settings/notifications"
        onClick={onClose}
        fullWidth
        sx={{ py: 1 }}
        data-testid="notification-settings-link"
      >
        {t('notifications.settings_link')}
      </Button>
    </Box>
  );
}
