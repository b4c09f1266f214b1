import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
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
import UnreadMessagesCount from '../../components/messages/UnreadMessagesCount';
import useStoredLanguage from '../../components/notifications/useStoredLanguage';
import { isShellUser, selectUser } from '../../session/sessionSlice';
import { adminPathFor, useDomain } from '../../domain';

// The phone menu (Drawer and its entries) is a chunk of its own, fetched when the menu button is pointed at, focused
// or pressed (issue 27).
const loadMobileMenu = () => import(/* webpackChunkName: "mobile-menu" */ './MobileMenu');
const MobileMenu = lazy(loadMobileMenu);

/** Header of the main shell: app name, language picker, my applications, admin link, user chip + logout; on phones a
 * Drawer with the same entries (home, my applications, admin, who is signed in, logout). */
export default function Header() {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  const domain = useDomain();
  const [open, setOpen] = useState(false);
  // Mounted from the first press on (and kept, so the Drawer can animate its closing).
  const [menuWanted, setMenuWanted] = useState(false);
  const preloadMenu = () => loadMobileMenu().catch(() => {});
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
              <UnreadMessagesCount testId="header-unread-messages" />
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

        {/* Right of the navigation, and drawn for the prerendered stand-in user too: the stored user's controls then
            appear to their left, in the free space, instead of pushing the bell and the language picker aside (a
            layout shift as the page hydrates). */}
        {(email || unknownUser) && <NotificationBell />}
        <LanguagePicker />

        <IconButton
          edge="end"
          aria-label={t('header.open_menu')}
          aria-controls={open ? 'mobile-menu' : undefined}
          aria-expanded={open ? 'true' : 'false'}
          onClick={() => {
            setMenuWanted(true);
            setOpen(true);
          }}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          data-testid="mobile-menu-button"
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>

      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={open} setOpen={setOpen} email={email} adminPath={adminPath} />
        </Suspense>
      )}
    </AppBar>
  );
}
