/* The header's phone menu (Header.jsx): a Drawer with the header's entries (home, my applications, the dormitory,
 * the notification settings, admin, who is signed in, log out). A chunk of its own, fetched when the menu button is
 * pointed at, focused or pressed: MUI's Drawer with Modal, FocusTrap, Slide, Backdrop and the list items are not in
 * every applicant page's first download (issue 27, decision 0070). */
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import LogoutButton from '../../components/LogoutButton';
import UnreadMessagesCount from '../../components/messages/UnreadMessagesCount';

// Drawn only in the open phone menu: the dormitory API stays out of the shell's first screen (issue 23).
const DormitoryMenuItem = lazy(() => import('./DormitoryMenuItem'));

export default function MobileMenu({ open, setOpen, email, adminPath }) {
  const { t } = useTranslation();
  return (
    <Drawer anchor="right" open={open} onClose={() => setOpen(false)} sx={{ display: { md: 'none' } }}>
      <Box
        id="mobile-menu"
        component="nav"
        aria-label={t('header.menu')}
        sx={{ width: 280, p: 2 }}
        data-testid="mobile-menu"
      >
        {email && (
          <Typography variant="subtitle2" color="text.secondary">
            {t('header.signed_in_as', { email })}
          </Typography>
        )}
        <Divider sx={{ my: 1.5 }} />
        <List disablePadding>
          <ListItem disablePadding>
            <ListItemButton component={RouterLink} to="/" onClick={() => setOpen(false)}>
              <ListItemText primary={t('header.home')} />
            </ListItemButton>
          </ListItem>
          {email && (
            <ListItem disablePadding>
              <ListItemButton
                component={RouterLink}
                to="/my-applications"
                onClick={() => setOpen(false)}
                data-testid="mobile-my-applications-link"
              >
                <ListItemText primary={t('header.my_applications')} />
                <UnreadMessagesCount testId="mobile-unread-messages" />
              </ListItemButton>
            </ListItem>
          )}
          {email && open && (
            <Suspense fallback={null}>
              <DormitoryMenuItem onNavigate={() => setOpen(false)} />
            </Suspense>
          )}
          {email && (
            <ListItem disablePadding>
              <ListItemButton
                component={RouterLink}
                to="/settings/notifications"
                onClick={() => setOpen(false)}
                data-testid="mobile-notification-settings-link"
              >
                <ListItemText primary={t('notifications.settings_link')} />
              </ListItemButton>
            </ListItem>
          )}
          {adminPath && (
            <ListItem disablePadding>
              <ListItemButton
                component={RouterLink}
                to={adminPath}
                onClick={() => setOpen(false)}
                data-testid="mobile-admin-link"
              >
                <ListItemText primary={t('header.admin')} />
              </ListItemButton>
            </ListItem>
          )}
        </List>
        <Divider sx={{ my: 1.5 }} />
        {email ? (
          <LogoutButton fullWidth testId="mobile-logout" onDone={() => setOpen(false)} />
        ) : (
          <Button component={RouterLink} to="/auth" variant="contained" fullWidth data-testid="mobile-sign-in-link">
            {t('header.sign_in')}
          </Button>
        )}
      </Box>
    </Drawer>
  );
}
