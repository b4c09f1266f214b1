/* The application flow's own calls; programmes and citizenships come from the generated StudyProgram and
 * Citizenship endpoints (src/api/generated). */
import { baseApi } from '../../api/baseApi';

export const applyApi = baseApi.enhanceEndpoints({ addTagTypes: ['Application'] }).injectEndpoints({
  endpoints: (build) => ({
    // Whether applying is open now and for which programmes (docs/decisions/0030); refreshed on every visit.
    getSubmissionWindow: build.query({
      query: () => '/users/submit-application',
      keepUnusedDataFor: 0,
    }),
    createApplication: build.mutation({
      query: (body) => ({ url: '/users/create-application', method: 'POST', body }),
      invalidatesTags: (result, error) => (error ? [] : ['Application', 'User']),
    }),
  }),
});

export const { useGetSubmissionWindowQuery, useCreateApplicationMutation } = applyApi;
