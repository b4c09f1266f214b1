import { baseApi } from '../../api/baseApi';

/** The home-page assistant (req §7 Chat): start, message, hand-off and return, and the caller's own conversations. */
export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startChat: build.mutation({
      query: ({ language }) => ({
        url: '/chat/start',
        method: 'POST',
        body: { type: 'career', level: 'bachelor', language },
      }),
    }),
    sendChatMessage: build.mutation({
      query: ({ chatId, message, language }) => ({
        url: `/chat/${encodeURIComponent(chatId)}/message`,
        method: 'POST',
        body: { message, language },
      }),
    }),
    // The applicant's own question for staff (issue 23): the assistant is silent until returnToAssistant.
    handOffChat: build.mutation({
      query: ({ chatId, question, language }) => ({
        url: `/chat/${encodeURIComponent(chatId)}/handoff`,
        method: 'POST',
        body: { question, language },
      }),
    }),
    returnToAssistant: build.mutation({
      query: ({ chatId, language }) => ({
        url: `/chat/${encodeURIComponent(chatId)}/return`,
        method: 'POST',
        body: { language },
      }),
    }),
    // Lazy reads (not cached between openings): the latest conversation is reopened with its messages.
    listChats: build.query({ query: () => '/chat', keepUnusedDataFor: 0 }),
    getChat: build.query({ query: (chatId) => `/chat/${encodeURIComponent(chatId)}`, keepUnusedDataFor: 0 }),
  }),
});

export const {
  useStartChatMutation,
  useSendChatMessageMutation,
  useHandOffChatMutation,
  useReturnToAssistantMutation,
  useLazyListChatsQuery,
  useLazyGetChatQuery,
} = chatApi;
