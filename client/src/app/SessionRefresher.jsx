import { useSelector } from 'react-redux';
import { useGetSelfQuery } from '../api/usersApi';
import { selectToken } from '../session/sessionSlice';

/** On start (and whenever a new token appears) refresh the stored user with GET /users/self. */
export default function SessionRefresher() {
  const token = useSelector(selectToken);
  useGetSelfQuery(undefined, { skip: !token, refetchOnMountOrArgChange: true });
  return null;
}
