import { baseApi } from '../../api/baseApi';

export const citizenshipApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCitizenships: build.query({
      query: () => '/universal/Citizenship/all',
      providesTags: ['Citizenship'],
      transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
    }),
  }),
});

export const { useGetCitizenshipsQuery } = citizenshipApi;
