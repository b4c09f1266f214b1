/* POST /pkb/create-request and /pkb/check-code (req §7). A confirmed code changes the user
 * (is_pkb_data_request_completed) and the application's saved answers (the main-info pre-fill). */
import { baseApi } from '../../api/baseApi';

export const pkbApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPkbRequest: build.mutation({
      query: (body) => ({ url: '/pkb/create-request', method: 'POST', body }),
    }),
    checkPkbCode: build.mutation({
      query: (body) => ({ url: '/pkb/check-code', method: 'POST', body }),
      invalidatesTags: (result, error) => (error ? [] : ['User']),
    }),
  }),
});

export const { useCreatePkbRequestMutation, useCheckPkbCodeMutation } = pkbApi;
