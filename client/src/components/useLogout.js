import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation } from '../api/usersApi';
import { userReset } from '../session/sessionSlice';

/** POST /auth/sign-out (best effort), then reset the user store and go to /auth. */
export default function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [signOut, { isLoading }] = useSignOutMutation();
  const logout = useCallback(async () => {
    try {
      await signOut().unwrap();
    } catch {
      // the local session ends anyway
    }
    dispatch(userReset());
    navigate('/auth', { replace: true });
  }, [signOut, dispatch, navigate]);
  return [logout, isLoading];
}
