/* The staff side of the assistant's hand-offs (issue 14; decision 0071): GET /admin/chats (the admin's population,
 * unanswered first), GET /admin/chats/{id}, POST /admin/chats/{id}/reply — injected into the one API. */
import { baseApi } from '../../api/baseApi';

export const adminChatsApi = baseApi.enhanceEndpoints({ addTagTypes: ['AdminChat'] }).injectEndpoints({
  endpoints: (build) => ({
    adminChats: build.query({
      query: ({ page = 1, perPage = 50 } = {}) => ({ url: '/admin/chats', params: { page, per_page: perPage } }),
      providesTags: [{ type: 'AdminChat', id: 'LIST' }],
    }),
    adminChat: build.query({
      query: (chatId) => `/admin/chats/${encodeURIComponent(chatId)}`,
      providesTags: (_r, _e, chatId) => [{ type: 'AdminChat', id: chatId }],
    }),
    replyToChat: build.mutation({
      query: ({ chatId, content }) => ({
        url: `/admin/chats/${encodeURIComponent(chatId)}/reply`,
        method: 'POST',
        body: { content },
      }),
      invalidatesTags: (_r, _e, { chatId }) => [{ type: 'AdminChat', id: chatId }, { type: 'AdminChat', id: 'LIST' }],
    }),
  }),
});

export const { useAdminChatsQuery, useAdminChatQuery, useReplyToChatMutation } = adminChatsApi;
