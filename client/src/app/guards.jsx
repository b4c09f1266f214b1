/* Route guards (req §2, §6). RequireOwnApplication lives in its own module (app/RequireOwnApplication.jsx), loaded
 * with the routes that use it: it reads the application through the questionnaire's API, whose generated endpoint
 * modules must stay out of the first screen's download (decision 0070). */
import { Navigate, useLocation } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { hasCitizenship, selectUser } from '../session/sessionSlice';
import { DEFAULT_DOMAIN, VERIFY_OTP_PATH, adminPathFor, isStaff, useDomain } from '../domain';

/** Where a user must go before seeing the main shell, or null when they may stay. Staff are never sent to
 * /choose-flow (they are not applicants; issue 12 "Access"). */
export function requiredRedirect(user, { needsCitizenship = true, domain = DEFAULT_DOMAIN } = {}) {
  if (!user || !user.token) return '/auth';
  if (!user.is_verified) return VERIFY_OTP_PATH;
  if (needsCitizenship && !hasCitizenship(user) && !isStaff(user, domain)) return '/choose-flow';
  return null;
}

/** Main shell: signed in, verified and with a citizenship. */
export function RequireApplicant({ children }) {
  const user = useSelector(selectUser);
  const domain = useDomain();
  const location = useLocation();
  const target = requiredRedirect(user, { domain });
  if (target) return <Navigate to={target} replace state={{ from: location.pathname }} />;
  // A staff account without a citizenship has no applicant pages: its place is the admin shell.
  if (!hasCitizenship(user) && isStaff(user, domain)) return <Navigate to={adminPathFor(user, domain)} replace />;
  return children;
}

/** /choose-flow: signed in and verified; a user who already has a citizenship goes to /. */
export function RequireNoCitizenship({ children }) {
  const user = useSelector(selectUser);
  const domain = useDomain();
  const target = requiredRedirect(user, { needsCitizenship: false, domain });
  if (target) return <Navigate to={target} replace />;
  if (isStaff(user, domain)) return <Navigate to={adminPathFor(user, domain)} replace />;
  if (hasCitizenship(user)) return <Navigate to="/" replace />;
  return children;
}

/** Public pages of the main shell (home): anyone may look; a signed-in user still finishes sign-up first (§6). */
export function AllowAnonymous({ children }) {
  const user = useSelector(selectUser);
  const domain = useDomain();
  const location = useLocation();
  if (!user || !user.token) return children;
  const target = requiredRedirect(user, { domain });
  if (target) return <Navigate to={target} replace state={{ from: location.pathname }} />;
  return children;
}
