import { baseApi } from './baseApi';

export const publicConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query({
      query: () => '/public-config',
      providesTags: ['PublicConfig'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetPublicConfigQuery } = publicConfigApi;
