import { useSelector } from 'react-redux';
import { useGetSelfQuery } from '../api/usersApi';
import { selectToken } from '../session/sessionSlice';

/** On start (and whenever a new token appears) refresh the stored user with GET /users/self. At once, not after the
 * first screen (api/firstScreen.js): it is also the check that the session still stands, and a revoked one must send
 * the visitor to /auth whatever the page's own reads do. */
export default function SessionRefresher() {
  const token = useSelector(selectToken);
  useGetSelfQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  return null;
}
