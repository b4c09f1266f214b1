import { useSelector } from 'react-redux';
import { useAfterFirstScreen } from '../api/firstScreen';
import { useGetSelfQuery } from '../api/usersApi';
import { selectToken } from '../session/sessionSlice';

/** On start (and whenever a new token appears) refresh the stored user with GET /users/self: once the first screen is
 * drawn (the stored user is what it is drawn with; api/firstScreen.js). A revoked session still ends on /auth: the
 * page's own reads meet the 401 first (baseApi.js), and on a page that reads nothing this one follows within
 * MAX_WAIT_MS (tests/e2e/test_accounts_journey.py). */
export default function SessionRefresher() {
  const token = useSelector(selectToken);
  const afterFirstScreen = useAfterFirstScreen();
  useGetSelfQuery(undefined, { skip: !token || !afterFirstScreen, refetchOnMountOrArgChange: true });
  return null;
}
