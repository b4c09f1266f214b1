import { baseApi } from '../../api/baseApi';

const post = (url) => (body) => ({ url, method: 'POST', body });

/** Staff sign-in, step 2, and the first enrolment (decision 0078). Injected by the lazily loaded second-factor step,
 * so /auth's first download carries none of it. */
export const secondFactorApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signInSecondFactor: build.mutation({ query: post('/auth/sign-in/second-factor') }),
    secondFactorEnrolment: build.mutation({ query: post('/auth/second-factor/enrolment') }),
    secondFactorEnrolmentConfirm: build.mutation({ query: post('/auth/second-factor/enrolment/confirm') }),
  }),
});

export const {
  useSignInSecondFactorMutation,
  useSecondFactorEnrolmentMutation,
  useSecondFactorEnrolmentConfirmMutation,
} = secondFactorApi;
