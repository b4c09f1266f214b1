/* Payments and home-page messages (req §7; decision 0065). Shared by the stepper (PaymentPanel), the home page and
 * /my-applications, hence in api/ rather than in one feature.
 *   POST /users/payments/start {application_id?, purpose, purpose_ref_id?} → {payment, provider, sandbox_url | widget}
 *   GET  /users/check-payment-step/{applicationId} → {paid, fee_settled, payment, receipt, amount, ...} (poll 5 s)
 *   GET  /users/payments/{paymentId} → {payment} (other purposes' poll)
 *   GET  /users/payments[?application_id] → {list: receipts, total}
 *   GET  /users/home-page-messages → {list, total} */
import { baseApi } from './baseApi';

export const PAYMENT_POLL_MS = 5000; // req §4, §9

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Payment', 'HomeMessage'] });

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    startPayment: build.mutation({
      query: (body) => ({ url: '/users/payments/start', method: 'POST', body }),
    }),
    checkPaymentStep: build.query({
      query: (applicationId) => `/users/check-payment-step/${applicationId}`,
      providesTags: (result, error, applicationId) => [{ type: 'Payment', id: `application-${applicationId}` }],
    }),
    getPayment: build.query({
      query: (paymentId) => `/users/payments/${paymentId}`,
      providesTags: (result, error, paymentId) => [{ type: 'Payment', id: paymentId }],
    }),
    getReceipts: build.query({
      query: (applicationId) => ({
        url: '/users/payments',
        params: applicationId ? { application_id: applicationId } : undefined,
      }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    getHomePageMessages: build.query({
      query: () => '/users/home-page-messages',
      providesTags: [{ type: 'HomeMessage', id: 'LIST' }],
    }),
  }),
});

/** What a confirmed payment makes stale: receipts and home-page messages (a paid remainder disappears). */
export const PAID_TAGS = [
  { type: 'Payment', id: 'LIST' },
  { type: 'HomeMessage', id: 'LIST' },
];

export const {
  useStartPaymentMutation,
  useCheckPaymentStepQuery,
  useGetPaymentQuery,
  useGetReceiptsQuery,
  useGetHomePageMessagesQuery,
} = paymentsApi;
