import { createSlice } from '@reduxjs/toolkit';
import { getUser, mergeUserObjects } from './userStore';

export const KZ_CITIZENSHIP_NAME_EN = 'Citizen of the Republic of Kazakhstan';
export const ADMIN_ROLE = 'Админ';
export const ADMIN_KZ_ROLE = 'Админ (граждане КЗ)';

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

export function isKazakhstanCitizen(user) {
  return Boolean(user && user.citizenship && user.citizenship.name_en === KZ_CITIZENSHIP_NAME_EN);
}

/** Path of the admin area for the user's roles, or null for applicants. */
export function adminPathFor(user) {
  const names = ((user && user.roles) || []).map((r) => (typeof r === 'string' ? r : r && r.name));
  if (names.includes(ADMIN_ROLE)) return '/admin';
  if (names.includes(ADMIN_KZ_ROLE)) return '/admin/kz';
  return null;
}
