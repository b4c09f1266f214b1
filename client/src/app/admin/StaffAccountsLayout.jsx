/* /staff-accounts (issue 22, decision 0079): the staff-management role's screen for an account without an admin role.
 * The admin shells are guarded by the FOREIGN / KZ access checks, which such an account fails; here the guard is the
 * role itself (the server checks it again on every staff call). A bare staff layout: a header with the language
 * picker and sign-out, the skip link and the main landmark around StaffPage, which names itself and the document.
 * One route, one lazy chunk with the staff screen ("staff-admin"): the router, part of /auth's download, only names it. */
import { Suspense, useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LanguagePicker from '../../components/LanguagePicker';
import LogoutButton from '../../components/LogoutButton';
import useStoredLanguage from '../../components/notifications/useStoredLanguage';
import PageLoader from '../../components/PageLoader';
import SkipLink from '../../components/focus/SkipLink';
import useRouteFocus from '../../components/focus/useRouteFocus';
import installFocusSupport from '../../components/focus/installFocusSupport';
import { MAIN_ID } from '../../components/focus/focusElement';
import { selectUser } from '../../session/sessionSlice';
import { DEFAULT_DOMAIN, ROLE_KEYS, STAFF_ACCOUNTS_PATH, VERIFY_OTP_PATH, hasRole, landingPathFor, useDomain } from '../../domain';
import StaffPage from '../../features/staffAdmin/StaffPage';
import StaffSecurityPage from '../../features/staffSecurity/StaffSecurityPage';

/** Where a user who may not see /staff-accounts goes, or null: signed in and verified first (/auth, the code, as
 * app/guards.jsx asks — not imported from there: a lazy chunk importing it would keep it from being folded into the
 * router's module, and /auth's download would grow), then the staff-management role; anyone else goes where
 * sign-in lands them. */
export function staffAccountsRedirect(user, domain = DEFAULT_DOMAIN) {
  if (!user || !user.token) return '/auth';
  if (!user.is_verified) return VERIFY_OTP_PATH;
  return hasRole(user, ROLE_KEYS.staffManager, domain) ? null : landingPathFor(user, domain);
}

export function RequireStaffManager({ children }) {
  const user = useSelector(selectUser);
  const domain = useDomain();
  const location = useLocation();
  const target = staffAccountsRedirect(user, domain);
  if (target) return <Navigate to={target} replace state={{ from: location.pathname }} />;
  return children;
}

/** `page`: the staff list (default) or the member's own sign-in security (decision 0091), one link apart. */
function StaffAccountsShell({ page }) {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  const email = (user && user.email) || '';
  // Staff mail (sign-in alerts) follows their language: a switch is saved on the account (issue 26).
  useStoredLanguage(Boolean(email));
  useRouteFocus();
  useEffect(() => installFocusSupport(), []);
  return (
    <Box sx={{ minHeight: '100vh' }} data-testid="staff-accounts-shell">
      <SkipLink />
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="span" color="primary" sx={{ fontWeight: 700 }} data-testid="app-name">
            {t('app.name')}
          </Typography>
          <Typography variant="subtitle1" color="text.secondary" sx={{ mr: 'auto', display: { xs: 'none', sm: 'block' } }}>
            {t('admin_shell.title')}
          </Typography>
          <Button component={RouterLink} to={page === 'security' ? STAFF_ACCOUNTS_PATH : `${STAFF_ACCOUNTS_PATH}/security`} data-testid="staff-accounts-switch">
            {page === 'security' ? t('staff_admin.menu') : t('staff_security.menu')}
          </Button>
          <LanguagePicker />
          {email && <Chip label={email} variant="outlined" sx={{ display: { xs: 'none', md: 'flex' } }} data-testid="user-chip" />}
          <LogoutButton />
        </Toolbar>
      </AppBar>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        <Suspense fallback={<PageLoader />}>
          {page === 'security' ? <StaffSecurityPage /> : <StaffPage />}
        </Suspense>
      </Box>
    </Box>
  );
}

export default function StaffAccountsLayout({ page }) {
  return (
    <RequireStaffManager>
      <StaffAccountsShell page={page} />
    </RequireStaffManager>
  );
}
