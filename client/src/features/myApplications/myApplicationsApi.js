import { baseApi } from '../../api/baseApi';

export const myApplicationsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Application'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyApplications: build.query({
      query: () => '/users/applications',
      transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
      providesTags: ['Application'],
    }),
  }),
});

export const { useGetMyApplicationsQuery } = myApplicationsApi;
