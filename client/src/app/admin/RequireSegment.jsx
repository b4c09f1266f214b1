import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
import { useCheckSegmentQuery } from '../../api/usersApi';
import { selectUser } from '../../session/sessionSlice';
import { requiredRedirect } from '../guards';
import PageLoader from '../../components/PageLoader';
import { useDomain } from '../../domain';

/**
 * Admin shells (req §2, §6): signed in (else /auth, /choose-flow, ...), then GET /users/check?segment=…;
 * a refusal (403 or anything but success) redirects to /. Nothing of the shell renders before the answer.
 */
export default function RequireSegment({ segment, children }) {
  const user = useSelector(selectUser);
  const domain = useDomain();
  const location = useLocation();
  const target = requiredRedirect(user, { domain });
  const { data, isError, isFetching } = useCheckSegmentQuery(segment, {
    skip: Boolean(target),
    refetchOnMountOrArgChange: true,
  });
  if (target) return <Navigate to={target} replace state={{ from: location.pathname }} />;
  if (isError) return <Navigate to="/" replace />;
  if (!data || isFetching) return <PageLoader />;
  if (!data.success) return <Navigate to="/" replace />;
  return children;
}
