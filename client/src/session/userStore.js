/* Client-side user store (req §3): the signed-in user is kept in localStorage under `dorm_user`,
 * loaded at start and rewritten on every change. These helpers are the only code touching the key: the session
 * slice (sessionSlice.js) reads it at start and merges answers with mergeUserObjects; app/store.js writes every
 * change of the slice back (set, merge and reset are the slice's actions userSet, userMerged, userReset).
 */
export const USER_STORAGE_KEY = 'dorm_user';

function storage() {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Returns the stored user object or null (also null when the stored value is not valid JSON). */
export function getUser() {
  const ls = storage();
  if (!ls) return null;
  const raw = ls.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Replaces the stored user (null/undefined empties the store). */
export function setUser(user) {
  const ls = storage();
  if (!ls) return;
  if (user == null) ls.removeItem(USER_STORAGE_KEY);
  else ls.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

/**
 * Merges a fresh user answer (e.g. GET /users/self) into a previous user. The token is only present
 * in sign-in / check-otp answers, so a missing or empty token keeps the previous one.
 */
export function mergeUserObjects(previous, patch) {
  if (!patch) return previous || null;
  const merged = { ...(previous || {}), ...patch };
  if (!patch.token && previous && previous.token) merged.token = previous.token;
  return merged;
}
