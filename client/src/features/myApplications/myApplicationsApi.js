import { baseApi } from '../../api/baseApi';

export const myApplicationsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Application'] }).injectEndpoints({
  endpoints: (build) => ({
    // The argument is the interface language: the server names documents to correct in the request's language,
    // so each language is its own cache entry and switching it fetches the list again.
    getMyApplications: build.query({
      query: () => '/users/applications',
      transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
      providesTags: ['Application'],
    }),
  }),
});

export const { useGetMyApplicationsQuery } = myApplicationsApi;
