/* User endpoints shared by several features (guards, header, choose-flow). */
import { baseApi } from './baseApi';
import { userMerged } from '../session/sessionSlice';

async function mergeAnswerIntoStore(_arg, { dispatch, queryFulfilled }) {
  try {
    const { data } = await queryFulfilled;
    if (data && data.item) dispatch(userMerged(data.item));
  } catch {
    // errors are handled by the caller / the 401 logic of the base query
  }
}

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSelf: build.query({
      query: () => '/users/self',
      providesTags: ['User'],
      onQueryStarted: mergeAnswerIntoStore,
    }),
    updateUser: build.mutation({
      query: (body) => ({ url: '/users/update', method: 'POST', body }),
      invalidatesTags: ['User'],
      onQueryStarted: mergeAnswerIntoStore,
    }),
    checkSegment: build.query({
      query: (segment) => ({ url: '/users/check', params: { segment } }),
    }),
    signOut: build.mutation({
      query: () => ({ url: '/auth/sign-out', method: 'POST' }),
    }),
  }),
});

export const { useGetSelfQuery, useUpdateUserMutation, useCheckSegmentQuery, useSignOutMutation } = usersApi;
