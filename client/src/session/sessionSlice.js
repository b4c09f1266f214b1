import { createSlice } from '@reduxjs/toolkit';
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
      state.user = mergeUserObjects(state.user, action.payload);
    },
    userReset(state) {
      state.user = null;
    },
  },
});

export const { userSet, userMerged, userReset } = sessionSlice.actions;
export default sessionSlice.reducer;

export const selectUser = (state) => state.session.user;
export const selectToken = (state) => (state.session.user && state.session.user.token) || null;

export function hasCitizenship(user) {
  return Boolean(user && (user.citizenship_id || (user.citizenship && user.citizenship.id)));
}
