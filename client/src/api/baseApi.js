/* The one RTK Query API of the client. Features add their endpoints with baseApi.injectEndpoints.
 *
 * Every request carries Accept-Language (current UI language) and, when the user store holds a token,
 * Authorization: Bearer <token>. A 401 from any call except sign-in / check-otp resets the user store and
 * navigates to /auth (req §4 Session, §7). A read the entry started for the first screen (earlyReads.js) is answered
 * from there instead of asking twice.
 */
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import i18n from '../i18n';
import { userReset } from '../session/sessionSlice';
import { navigateTo } from '../session/navigation';
import { API_BASE, fetchWithEarlyReads } from './earlyReads';

export { API_BASE };

/** Endpoints whose 401 means "wrong credentials", not "session expired". */
export const NO_SESSION_RESET_ENDPOINTS = new Set(['signIn', 'checkOtp']);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  // The first screen's reads may have been asked for by the entry already (earlyReads.js).
  fetchFn: fetchWithEarlyReads,
  prepareHeaders: (headers, { getState }) => {
    const user = getState().session && getState().session.user;
    if (user && user.token) headers.set('Authorization', `Bearer ${user.token}`);
    headers.set('Accept-Language', i18n.resolvedLanguage || i18n.language || 'ru');
    headers.set('Accept', 'application/json');
    return headers;
  },
});

export const baseQueryWithSession = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error && result.error.status === 401 && !NO_SESSION_RESET_ENDPOINTS.has(api.endpoint)) {
    api.dispatch(userReset());
    navigateTo('/auth', { replace: true });
  }
  return result;
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSession,
  // Models of the generic API add their own tag types (src/api/generated: {type: Model, id} and id 'LIST').
  tagTypes: ['User', 'PublicConfig'],
  endpoints: () => ({}),
});
