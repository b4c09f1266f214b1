import { baseApi } from '../../api/baseApi';
import { userMerged } from '../../session/sessionSlice';

export const myApplicationsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Application'] }).injectEndpoints({
  endpoints: (build) => ({
    // The argument is the interface language: the server names documents to correct in the request's language,
    // so each language is its own cache entry and switching it fetches the list again.
    getMyApplications: build.query({
      query: () => '/users/applications',
      transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
      providesTags: ['Application'],
    }),
    /** The "fill data" modal (req §2, §7 POST /users/fill-data): the answer's user joins the stored one. */
    fillData: build.mutation({
      query: (body) => ({ url: '/users/fill-data', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data && data.item) dispatch(userMerged(data.item));
        } catch {
          // the dialog shows the error
        }
      },
    }),
  }),
});

export const { useGetMyApplicationsQuery, useFillDataMutation } = myApplicationsApi;
