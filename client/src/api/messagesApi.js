/* Messages both ways (issue 23; decision 0084): the applicant's thread of one application, the reply, "opened" and
 * the header's unread count. Tags per application id, so opening or answering one thread refreshes its card, the
 * header badge and that thread only. */
import { baseApi } from './baseApi';

export const THREAD_PAGE_SIZE = 20;
// The header badge is refreshed this often while the window has the focus (and at once after a change made here).
export const UNREAD_MESSAGES_POLL_MS = 60_000;
export const MAX_MESSAGE_LENGTH = 5000;

export const messagesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['MessagesUnread', 'MessageThread', 'Application', 'Notifications'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getUnreadMessages: build.query({
        query: () => '/users/messages/unread',
        transformResponse: (data) => (data && Number.isInteger(data.unread) ? data.unread : 0),
        providesTags: ['MessagesUnread'],
      }),
      getMessageThread: build.query({
        query: ({ applicationId, page = 1, size = THREAD_PAGE_SIZE }) => ({
          url: `/users/application/${applicationId}/messages`,
          params: { page, size },
        }),
        providesTags: (_r, _e, { applicationId }) => [{ type: 'MessageThread', id: applicationId }],
      }),
      replyToMessages: build.mutation({
        query: ({ applicationId, content }) => ({
          url: `/users/application/${applicationId}/messages`,
          method: 'POST',
          body: { content },
        }),
        invalidatesTags: (_r, _e, { applicationId }) => [
          { type: 'MessageThread', id: applicationId },
          'MessagesUnread',
          'Application',
        ],
      }),
      markMessagesRead: build.mutation({
        query: (applicationId) => ({ url: `/users/application/${applicationId}/messages/read`, method: 'POST' }),
        // The bell's entries announcing this thread's messages are read with it (the server marks them).
        invalidatesTags: ['MessagesUnread', 'Application', 'Notifications'],
      }),
    }),
  });

export const {
  useGetUnreadMessagesQuery,
  useGetMessageThreadQuery,
  useReplyToMessagesMutation,
  useMarkMessagesReadMutation,
} = messagesApi;
