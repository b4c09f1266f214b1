import { baseApi } from '../../api/baseApi';

const post = (url) => (body) => ({ url, method: 'POST', body });

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation({ query: post('/auth/sign-in') }),
    signUp: build.mutation({ query: post('/auth/sign-up') }),
    checkOtp: build.mutation({ query: post('/auth/check-otp') }),
    generateOtp: build.mutation({ query: post('/auth/generate-otp') }),
    forgotPasswordGenerateCode: build.mutation({ query: post('/auth/forgot-password-generate-code') }),
    forgotPasswordCheckCode: build.mutation({ query: post('/auth/forgot-password-check-code') }),
    forgotPasswordUpdatePassword: build.mutation({ query: post('/auth/forgot-password-update-password') }),
  }),
});

export const {
  useSignInMutation,
  useSignUpMutation,
  useCheckOtpMutation,
  useGenerateOtpMutation,
  useForgotPasswordGenerateCodeMutation,
  useForgotPasswordCheckCodeMutation,
  useForgotPasswordUpdatePasswordMutation,
} = authApi;
