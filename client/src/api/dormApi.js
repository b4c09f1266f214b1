/* Dormitory places (issue 13; req §7 users/halls, create/update/check-booking, room transfer requests; admin
 * transfers, update-room-transfer, suborganizations; decision 0067). In the api layer because the applicant page,
 * the home and my-applications links and the admin screens all read it (features never import each other). */
import { baseApi } from './baseApi';

const TAGS = ['DormBooking', 'DormHalls', 'DormTransfers', 'DormBoard', 'Suborganizations'];

export const dormApi = baseApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getHalls: build.query({ query: () => ({ url: '/users/halls' }), providesTags: ['DormHalls'] }),
    checkBooking: build.query({
      query: () => ({ url: '/users/check-booking', method: 'POST', body: {} }),
      providesTags: ['DormBooking'],
    }),
    createBooking: build.mutation({
      query: (body) => ({ url: '/users/create-booking', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error && error.status !== 409 ? [] : ['DormBooking', 'DormHalls']),
    }),
    updateBooking: build.mutation({
      query: (body) => ({ url: '/users/update-booking', method: 'POST', body }),
      invalidatesTags: ['DormBooking', 'DormHalls'],
    }),
    createTransferRequest: build.mutation({
      query: (body) => ({ url: '/users/create-room-transfer-request', method: 'POST', body }),
      invalidatesTags: ['DormBooking'],
    }),
    updateTransferRequest: build.mutation({
      query: (body) => ({ url: '/users/update-room-transfer-request', method: 'POST', body }),
      invalidatesTags: ['DormBooking'],
    }),
    // staff
    getTransfers: build.query({
      query: ({ type = 'pending', page = 1 } = {}) => ({ url: '/admin/transfers', params: { type, page } }),
      providesTags: ['DormTransfers'],
    }),
    decideTransfer: build.mutation({
      query: (body) => ({ url: '/admin/update-room-transfer', method: 'POST', body }),
      invalidatesTags: ['DormTransfers', 'DormBoard'],
    }),
    settleRefund: build.mutation({
      query: (body) => ({ url: '/admin/settle-dorm-refund', method: 'POST', body }),
      invalidatesTags: ['DormTransfers'],
    }),
    getBoard: build.query({
      query: (params = {}) => ({ url: '/admin/dorm-board', params }),
      providesTags: ['DormBoard'],
    }),
    adminUpdateBooking: build.mutation({
      query: (body) => ({ url: '/admin/update-booking', method: 'POST', body }),
      invalidatesTags: ['DormBoard'],
    }),
    listSuborganizations: build.query({
      query: () => ({ url: '/admin/list-suborganizations', method: 'POST', body: {} }),
      providesTags: ['Suborganizations'],
    }),
    listSuborganizationMembers: build.query({
      query: ({ suborganizationId, page = 1 }) => ({
        url: '/admin/users-list-suborganizations',
        method: 'POST',
        body: { suborganization_id: suborganizationId, page },
      }),
      providesTags: ['Suborganizations'],
    }),
    uploadSuborganizationUsers: build.mutation({
      query: ({ code, name, file }) => {
        const body = new FormData();
        body.append('suborganization_code', code);
        if (name) body.append('suborganization_name', name);
        body.append('file', file, file.name);
        return { url: '/admin/upload-users', method: 'POST', body };
      },
      invalidatesTags: ['Suborganizations'],
    }),
    setSuborganizationBlock: build.mutation({
      query: (body) => ({ url: '/suborganizations/set-block', method: 'POST', body }),
      invalidatesTags: ['Suborganizations', 'DormBoard'],
    }),
    assignSuborganization: build.mutation({
      query: (body) => ({ url: '/suborganizations/assign', method: 'POST', body }),
      invalidatesTags: ['Suborganizations', 'DormBoard'],
    }),
  }),
});

export const {
  useGetHallsQuery,
  useCheckBookingQuery,
  useCreateBookingMutation,
  useUpdateBookingMutation,
  useCreateTransferRequestMutation,
  useUpdateTransferRequestMutation,
  useGetTransfersQuery,
  useDecideTransferMutation,
  useSettleRefundMutation,
  useGetBoardQuery,
  useAdminUpdateBookingMutation,
  useListSuborganizationsQuery,
  useListSuborganizationMembersQuery,
  useUploadSuborganizationUsersMutation,
  useSetSuborganizationBlockMutation,
  useAssignSuborganizationMutation,
} = dormApi;
