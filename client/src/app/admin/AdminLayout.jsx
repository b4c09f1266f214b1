import { Suspense, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { NavLink, Link as RouterLink, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import LanguagePicker from '../../components/LanguagePicker';
import LogoutButton from '../../components/LogoutButton';
import useStoredLanguage from '../../components/notifications/useStoredLanguage';
import PageLoader from '../../components/PageLoader';
import SkipLink from '../../components/focus/SkipLink';
import useRouteFocus from '../../components/focus/useRouteFocus';
import installFocusSupport from '../../components/focus/installFocusSupport';
import { MAIN_ID } from '../../components/focus/focusElement';
import { selectUser } from '../../session/sessionSlice';
import { AdminShellContext } from '../../components/adminShell';
import { menuItemsFor } from './menu';
import { useDomain } from '../../domain';
import { useAdminDashboardQuery } from '../../features/admin';

// Wide enough for the longest one-word label in bold (the current page) next to its count badge: kk
// "Пайдаланушылар" is ~170 px at 600 weight, and the badge keeps an 8 px gap (MenuContent).
const DRAWER_WIDTH = 264;

// The current page (NavLink's .active, aria-current="page") is marked by a bar and bold text, not by a tint alone:
// MUI's focus tint looked the same, so a focused item passed for the current one (decision 0077). Focus is the
// theme's ring.
const CURRENT_PAGE = {
  borderRadius: 1,
  borderLeft: 4,
  borderColor: 'transparent',
  '&.active': { bgcolor: 'action.selected', borderColor: 'primary.main', '& .MuiListItemText-primary': { fontWeight: 700 } },
  '&.Mui-focusVisible': { bgcolor: 'transparent' },
  '&.active.Mui-focusVisible': { bgcolor: 'action.selected' },
};

/** Where a menu item leads: its own absolute path (/upload) or a path inside the shell ('' = the dashboard). */
export function itemHref(shell, item) {
  if (item.absolute) return item.path;
  return item.path ? `${shell.base}/${item.path}` : shell.base;
}

function MenuContent({ shell, items, counts, onNavigate, mobile = false }) {
  const { t } = useTranslation();
  const prefix = mobile ? 'admin-mobile' : 'admin';
  return (
    <Box
      component="nav"
      aria-label={t('admin_shell.menu')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 1.5 }}
      data-testid={`${prefix}-menu`}
    >
      <List disablePadding>
        {items.map((item) => (
          <ListItem key={item.key} disablePadding>
            <ListItemButton
              component={NavLink}
              to={itemHref(shell, item)}
              end={Boolean(item.end)}
              onClick={onNavigate}
              sx={CURRENT_PAGE}
              data-testid={`${prefix}-menu-${item.key}`}
            >
              <ListItemText primary={t(item.labelKey)} sx={{ minWidth: 0, overflowWrap: 'break-word' }} />
              {item.badge && counts && counts[item.badge] !== undefined && (
                // The count keeps its own gap and size: a long label (kk) wraps instead of running into it.
                <Chip
                  size="small"
                  sx={{ ml: 1, flexShrink: 0 }}
                  label={counts[item.badge]}
                  color={item.badgeTitleKey && counts[item.badge] > 0 ? 'error' : 'default'}
                  title={t(item.badgeTitleKey || 'admin.menu.count', { count: counts[item.badge] })}
                  data-testid={`${prefix}-count-${item.key}`}
                />
              )}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider sx={{ my: 1.5 }} />
      <List disablePadding>
        <ListItem disablePadding>
          <ListItemButton component={RouterLink} to="/" onClick={onNavigate} sx={{ borderRadius: 1 }} data-testid={`${prefix}-home-link`}>
            <ListItemText primary={t('admin_shell.to_site')} />
          </ListItemButton>
        </ListItem>
      </List>
      <Box sx={{ mt: 'auto', pt: 2 }}>
        <LogoutButton fullWidth testId={`${prefix}-logout`} />
      </Box>
    </Box>
  );
}

/** Staff shell (req §2): a top bar and a left menu with the items the user's roles allow, plus logout. */
export default function AdminLayout({ shell }) {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  const domain = useDomain();
  const [open, setOpen] = useState(false);
  const items = menuItemsFor(user, shell.key, domain);
  const email = (user && user.email) || '';
  // Staff mail (sign-in alerts) follows their language too: a switch is saved on the account (issue 26).
  useStoredLanguage(Boolean(email));
  // The queue badges: the dashboard's counts (one grouped statement on the server, refreshed after every action).
  const { data: dashboard } = useAdminDashboardQuery(shell.segment, { pollingInterval: 60000 });
  // The applicants' unread replies ride along with the queue counts (decision 0084).
  const counts = dashboard && { ...dashboard.counts, unread_messages: dashboard.unread_messages };
  useRouteFocus();
  useEffect(() => installFocusSupport(), []);

  return (
    <AdminShellContext.Provider value={shell}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }} data-testid={`admin-shell-${shell.key}`}>
        <SkipLink />
        <AppBar
          position="fixed"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              edge="start"
              aria-label={t('header.open_menu')}
              aria-expanded={open ? 'true' : 'false'}
              onClick={() => setOpen(true)}
              sx={{ display: { md: 'none' } }}
              data-testid="admin-menu-button"
            >
              <MenuIcon />
            </IconButton>
            <Typography
              component={RouterLink}
              to="/"
              variant="h6"
              color="primary"
              sx={{ fontWeight: 700, textDecoration: 'none' }}
              data-testid="app-name"
            >
              {t('app.name')}
            </Typography>
            <Typography variant="subtitle1" color="text.secondary" sx={{ mr: 'auto', display: { xs: 'none', sm: 'block' } }}>
              {t('admin_shell.title')}
            </Typography>
            <LanguagePicker />
            {email && (
              <Chip label={email} variant="outlined" sx={{ display: { xs: 'none', md: 'flex' } }} data-testid="user-chip" />
            )}
          </Toolbar>
        </AppBar>

        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          // Above the app bar (drawer + 1): the bar covered the menu's first item on a phone (decision 0077).
          sx={{ display: { xs: 'block', md: 'none' }, zIndex: (theme) => theme.zIndex.drawer + 2, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <MenuContent shell={shell} items={items} counts={counts} onNavigate={() => setOpen(false)} mobile />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            width: DRAWER_WIDTH,
            flexShrink: 0,
            // The menu scrolls under the fixed app bar (its spacer scrolls with it): a focused item is kept below
            // the bar (WCAG 2.4.11, decision 0077).
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', scrollPaddingTop: 72 },
          }}
        >
          <Toolbar />
          <MenuContent shell={shell} items={items} counts={counts} />
        </Drawer>

        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
          <Toolbar />
          <Suspense fallback={<PageLoader />}>
            <Outlet context={{ shell, items }} />
          </Suspense>
        </Box>
      </Box>
    </AdminShellContext.Provider>
  );
}
