/* The citizens' stepper calls (req §7 Users): Next on the current step (application-proceed, decision 0068) and
 * the state-grant result (check-gov-scholarship, which also records the result on the server at step 6). */
import { baseApi } from '../../api/baseApi';

export const stepperApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Application', 'FillItems', 'QuestionnaireSteps'] })
  .injectEndpoints({
    endpoints: (build) => ({
      applicationProceed: build.mutation({
        query: ({ applicationId, type }) => ({
          url: '/users/application-proceed',
          method: 'POST',
          body: type ? { application_id: Number(applicationId), type } : { application_id: Number(applicationId) },
        }),
        // Refetch the application (and what depends on its step or financing) after every Next.
        invalidatesTags: (result, error) => (error ? [] : ['Application', 'QuestionnaireSteps', 'FillItems']),
      }),
      checkGovScholarship: build.query({
        query: (applicationId) => `/users/check-gov-scholarship/${applicationId}`,
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const { useApplicationProceedMutation, useCheckGovScholarshipQuery } = stepperApi;
