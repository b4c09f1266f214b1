/* The signed-in staff member's own second factor (decision 0091): its state, and a new set of recovery codes. Injected
 * by the account-security screen's lazy chunk, so no other screen carries it. */
import { baseApi } from '../../api/baseApi';

const TAG = 'OwnSecondFactor';

export const staffSecurityApi = baseApi.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    ownSecondFactor: build.query({ query: () => '/auth/second-factor', providesTags: [TAG] }),
    regenerateRecoveryCodes: build.mutation({
      query: (body) => ({ url: '/auth/second-factor/recovery-codes', method: 'POST', body }),
      // The count of codes left is 10 again (and after a refusal it is re-read: nothing changed, nothing lost).
      invalidatesTags: [TAG],
    }),
  }),
});

export const { useOwnSecondFactorQuery, useRegenerateRecoveryCodesMutation } = staffSecurityApi;
