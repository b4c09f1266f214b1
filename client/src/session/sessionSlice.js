import { createSlice, current } from '@reduxjs/toolkit';
import { getUser, mergeUserObjects } from './userStore';

const sessionSlice = createSlice({
  name: 'session',
  initialState: () => ({ user: getUser() }),
  reducers: {
    userSet(state, action) {
      state.user = action.payload || null;
    },
    userMerged(state, action) {
      // A late answer after a logout must not resurrect the session.
      if (!state.user) return;
      const merged = mergeUserObjects(current(state.user), action.payload);
      // The answer most page loads get (GET /users/self) repeats what the store holds: keeping the same object then
      // spares every component that reads the user a re-render in the page's first second (decision 0070).
      if (JSON.stringify(merged) === JSON.stringify(current(state.user))) return;
      state.user = merged;
    },
    userReset(state) {
      state.user = null;
    },
  },
});

export const { userSet, userMerged, userReset } = sessionSlice.actions;
export default sessionSlice.reducer;

/** The session the applicant's prerendered first screens are rendered with (prerender/renderPages.jsx) and hydrated
 * from (boot.jsx): signed in, verified, with a citizenship — and nothing else known (no e-mail, roles or answers). */
export const SHELL_USER = Object.freeze({ token: '-', is_verified: true, citizenship_id: -1 });

/** Whether a session user is the prerendered screens' stand-in (not known yet). */
export const isShellUser = (user) => user === SHELL_USER;

export const selectUser = (state) => state.session.user;
/** The session's token; none for SHELL_USER, so nothing is fetched for a user who is not known yet (while the
 * prerendered page hydrates, the stored user takes over right after: SessionRefresher, the home page's requests). */
export const selectToken = ({ session: { user } }) => (!isShellUser(user) && user && user.token) || null;

export function hasCitizenship(user) {
  return Boolean(user && (user.citizenship_id || (user.citizenship && user.citizenship.id)));
}
