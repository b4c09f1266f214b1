import { baseApi } from '../../api/baseApi';

const listOf = (data) => (data && Array.isArray(data.list) ? data.list : []);

export const applyApi = baseApi.enhanceEndpoints({ addTagTypes: ['Application'] }).injectEndpoints({
  endpoints: (build) => ({
    getApplyStudyPrograms: build.query({
      query: () => '/universal/StudyProgram/all',
      // hidden programmes are not offered (spec §3 StudyProgram.additional_data.is_hidden)
      transformResponse: (data) => listOf(data).filter((p) => !(p.additional_data && p.additional_data.is_hidden)),
    }),
    getApplyCitizenships: build.query({
      query: () => '/universal/Citizenship/all',
      transformResponse: listOf,
    }),
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

export const {
  useGetApplyStudyProgramsQuery, useGetApplyCitizenshipsQuery, useGetSubmissionWindowQuery, useCreateApplicationMutation,
} = applyApi;
