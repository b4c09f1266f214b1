/* The notification centre, the notification settings and the unsubscribe links (issue 26; decision 0081). */
import { baseApi } from './baseApi';

export const REMINDER_KINDS = ['draft_deadline', 'fee_unpaid', 'document_returned', 'dorm_expiring'];
export const PAGE_SIZE = 10;
// The badge is refreshed this often while the shell is open (and at once after any change made here).
export const UNREAD_POLL_MS = 60_000;

export const notificationsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Notifications', 'NotificationSettings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getUnreadCount: build.query({
        query: () => '/notifications/unread-count',
        transformResponse: (data) => (data && Number.isInteger(data.unread) ? data.unread : 0),
        providesTags: ['Notifications'],
      }),
      // The argument holds the page and the interface language: titles are rendered by the server in the request's
      // language, so each language is its own cache entry.
      getNotifications: build.query({
        query: ({ page = 1 } = {}) => ({ url: '/notifications', params: { page, per_page: PAGE_SIZE } }),
        providesTags: ['Notifications'],
      }),
      markNotificationRead: build.mutation({
        query: (id) => ({ url: `/notifications/${id}/read`, method: 'POST' }),
        invalidatesTags: ['Notifications'],
      }),
      markAllNotificationsRead: build.mutation({
        query: () => ({ url: '/notifications/read-all', method: 'POST' }),
        invalidatesTags: ['Notifications'],
      }),
      getNotificationSettings: build.query({
        query: () => '/notifications/settings',
        transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
        providesTags: ['NotificationSettings'],
      }),
      updateNotificationSettings: build.mutation({
        query: (settings) => ({ url: '/notifications/settings', method: 'PUT', body: { settings } }),
        invalidatesTags: ['NotificationSettings'],
      }),
      readUnsubscribeLink: build.query({
        query: (token) => `/notifications/unsubscribe/${encodeURIComponent(token)}`,
      }),
      confirmUnsubscribe: build.mutation({
        query: (token) => ({ url: `/notifications/unsubscribe/${encodeURIComponent(token)}`, method: 'POST' }),
        invalidatesTags: ['NotificationSettings'],
      }),
      setStoredLanguage: build.mutation({
        query: (language) => ({ url: '/users/language', method: 'POST', body: { language } }),
      }),
    }),
  });

export const {
  useGetUnreadCountQuery,
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useReadUnsubscribeLinkQuery,
  useConfirmUnsubscribeMutation,
  useSetStoredLanguageMutation,
} = notificationsApi;
