import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/PersonOutline';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import LanguagePicker from '../../components/LanguagePicker';
import LogoutButton from '../../components/LogoutButton';
import NotificationBell from '../../components/notifications/NotificationBell';
import useStoredLanguage from '../../components/notifications/useStoredLanguage';
import { isShellUser, selectUser } from '../../session/sessionSlice';
import { adminPathFor, useDomain } from '../../domain';

/** Header of the main shell: app name, language picker, my applications, admin link, user chip + logout; on phones a
 * Drawer with the same entries (home, my applications, admin, who is signed in, logout). */
export default function Header() {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  const domain = useDomain();
  const [open, setOpen] = useState(false);
  const adminPath = adminPathFor(user, domain);
  const email = (user && user.email) || '';
  // Signed in but not known yet: the prerendered first screen (SHELL_USER, decision 0070) shows no account controls
  // until the stored user is read, rather than a sign-in button a signed-in user would see flash.
  const unknownUser = isShellUser(user);
  // A signed-in user's language switch is saved on the account: their mail follows it (issue 26).
  useStoredLanguage(Boolean(email));

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          color="primary"
          sx={{ fontWeight: 700, textDecoration: 'none', mr: 'auto' }}
          data-testid="app-name"
        >
          {t('app.name')}
        </Typography>

        <LanguagePicker />

        {email && <NotificationBell />}

        <Stack
          component="nav"
          aria-label={t('a11y.main_nav')}
          direction="row"
          spacing={1}
          alignItems="center"
          sx={{ display: { xs: 'none', md: 'flex' }, ml: 1 }}
        >
          {email && (
            <Button
              component={RouterLink}
              to="/my-applications"
              startIcon={<ListIcon aria-hidden="true" />}
              data-testid="my-applications-link"
            >
              {t('header.my_applications')}
            </Button>
          )}
          {adminPath && (
            <Button
              component={RouterLink}
              to={adminPath}
              startIcon={<AdminIcon aria-hidden="true" />}
              data-testid="admin-link"
            >
              {t('header.admin')}
            </Button>
          )}
          {email ? (
            <>
              <Chip
                icon={<PersonIcon aria-hidden="true" />}
                label={email}
                variant="outlined"
                data-testid="user-chip"
                title={t('header.signed_in_as', { email })}
              />
              <LogoutButton />
            </>
          ) : (
            !unknownUser && (
              <Button component={RouterLink} to="/auth" variant="contained" data-testid="sign-in-link">
                {t('header.sign_in')}
              </Button>
            )
          )}
        </Stack>

        <IconButton
          edge="end"
          aria-label={t('header.open_menu')}
          aria-controls={open ? 'mobile-menu' : undefined}
          aria-expanded={open ? 'true' : 'false'}
          onClick={() => setOpen(true)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          data-testid="mobile-menu-button"
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>

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
                </ListItemButton>
              </ListItem>
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
    </AppBar>
  );
}
