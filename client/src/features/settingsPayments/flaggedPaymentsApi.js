/* Flagged payments (issue 23, decision 0086), injected into the one API: GET /admin/payments/flagged (the shell's
 * population, open or resolved, paged) and POST /admin/payments/{id}/resolve (refunded | resolved, with a comment). */
import { baseApi } from '../../api/baseApi';

export const flaggedPaymentsApi = baseApi.enhanceEndpoints({ addTagTypes: ['FlaggedPayment'] }).injectEndpoints({
  endpoints: (build) => ({
    flaggedPayments: build.query({
      query: ({ segment, state = 'open', page = 1, perPage = 20 }) => ({
        url: '/admin/payments/flagged',
        params: { segment, state, page, per_page: perPage },
      }),
      providesTags: [{ type: 'FlaggedPayment', id: 'LIST' }],
    }),
    resolveFlaggedPayment: build.mutation({
      query: ({ id, resolution, comment }) => ({
        url: `/admin/payments/${encodeURIComponent(id)}/resolve`,
        method: 'POST',
        body: { resolution, comment },
      }),
      invalidatesTags: [{ type: 'FlaggedPayment', id: 'LIST' }],
    }),
  }),
});

export const { useFlaggedPaymentsQuery, useResolveFlaggedPaymentMutation } = flaggedPaymentsApi;
