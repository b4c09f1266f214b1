/* Staff accounts and the audit trail (issue 22, decision 0079): the staff-management role's calls, and the
 * invitee's one call that chooses a password. Injected into the one API. */
import { baseApi } from './baseApi';

const STAFF_TAG = 'Staff';
const AUDIT_TAG = 'AuditTrail';

/** Every change to an account refetches the list and the trails (the change is one of their rows). */
const changed = [STAFF_TAG, AUDIT_TAG];

export const staffApi = baseApi.enhanceEndpoints({ addTagTypes: [STAFF_TAG, AUDIT_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    staffList: build.query({
      query: ({ search = '', page = 1, perPage = 20 } = {}) => ({
        url: '/admin/staff',
        params: { page, per_page: perPage, ...(search ? { search } : {}) },
      }),
      providesTags: [STAFF_TAG],
    }),
    inviteStaff: build.mutation({
      query: (body) => ({ url: '/admin/staff', method: 'POST', body }),
      invalidatesTags: changed,
    }),
    inviteStaffAgain: build.mutation({
      query: (id) => ({ url: `/admin/staff/${id}/invitation`, method: 'POST' }),
      invalidatesTags: changed,
    }),
    setStaffRoles: build.mutation({
      query: ({ id, roles }) => ({ url: `/admin/staff/${id}/roles`, method: 'PUT', body: { roles } }),
      invalidatesTags: changed,
    }),
    setStaffActive: build.mutation({
      query: ({ id, active }) => ({ url: `/admin/staff/${id}/active`, method: 'PUT', body: { active } }),
      invalidatesTags: changed,
    }),
    resetStaffSecondFactor: build.mutation({
      query: (id) => ({ url: `/admin/staff/${id}/second-factor/reset`, method: 'POST' }),
      invalidatesTags: changed,
    }),
    signOutStaff: build.mutation({
      query: (id) => ({ url: `/admin/staff/${id}/sign-out`, method: 'POST' }),
      invalidatesTags: changed,
    }),
    /** The trail of one object ({targetType, targetId}) or one actor ({actorId}), newest first, a page at a time. */
    auditTrail: build.query({
      query: ({ targetType, targetId, actorId, page = 1, perPage = 10 }) => ({
        url: '/admin/audit',
        params: {
          page,
          per_page: perPage,
          ...(targetType ? { target_type: targetType } : {}),
          ...(targetId !== undefined && targetId !== null ? { target_id: String(targetId) } : {}),
          ...(actorId ? { actor_id: actorId } : {}),
        },
      }),
      providesTags: [AUDIT_TAG],
    }),
    acceptStaffInvitation: build.mutation({
      query: (body) => ({ url: '/auth/staff-invitation', method: 'POST', body }),
    }),
  }),
});

export const {
  useStaffListQuery,
  useInviteStaffMutation,
  useInviteStaffAgainMutation,
  useSetStaffRolesMutation,
  useSetStaffActiveMutation,
  useResetStaffSecondFactorMutation,
  useSignOutStaffMutation,
  useAuditTrailQuery,
  useAcceptStaffInvitationMutation,
} = staffApi;
