/* Route guards (spec §2, §6). */
import { Navigate, useLocation } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { hasCitizenship, selectUser } from '../session/sessionSlice';

export const VERIFY_OTP_PATH = '/auth?verify-otp=true';

/** Where a user must go before seeing the main shell, or null when they may stay. */
export function requiredRedirect(user, { needsCitizenship = true } = {}) {
  if (!user || !user.token) return '/auth';
  if (!user.is_verified) return VERIFY_OTP_PATH;
  if (needsCitizenship && !hasCitizenship(user)) return '/choose-flow';
  return null;
}

/** Main shell: signed in, verified and with a citizenship. */
export function RequireApplicant({ children }) {
  const user = useSelector(selectUser);
  const location = useLocation();
  const target = requiredRedirect(user);
  if (target) return <Navigate to={target} replace state={{ from: location.pathname }} />;
  return children;
}

/** /choose-flow: signed in and verified; a user who already has a citizenship goes to /. */
export function RequireNoCitizenship({ children }) {
  const user = useSelector(selectUser);
  const target = requiredRedirect(user, { needsCitizenship: false });
  if (target) return <Navigate to={target} replace />;
  if (hasCitizenship(user)) return <Navigate to="/" replace />;
  return children;
}

/** Public pages of the main shell (home): anyone may look; a signed-in user still finishes sign-up first (§6). */
export function AllowAnonymous({ children }) {
  const user = useSelector(selectUser);
  const location = useLocation();
  if (!user || !user.token) return children;
  const target = requiredRedirect(user);
  if (target) return <Navigate to={target} replace state={{ from: location.pathname }} />;
  return children;
}
