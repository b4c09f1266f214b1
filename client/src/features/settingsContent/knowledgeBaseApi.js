/* Settings → the assistant's knowledge base (issue 23, decision 0087): the staff calls, injected from this lazy
 * chunk so the shells do not carry them.
 *   GET  /admin/chat-knowledge?q&page&per_page → {list, total}
 *   GET  /admin/chat-knowledge/export → xlsx (fetched with the token by the page, not through RTK Query)
 *   POST /admin/chat-knowledge/{check|load} (multipart file) → {valid, counts, errors, message, error_count} */
import { baseApi } from '../../api/baseApi';

const KB_TAG = 'SettingsKnowledgeBase';

export const KNOWLEDGE_PAGE_SIZE = 20;

export const knowledgeBaseApi = baseApi.enhanceEndpoints({ addTagTypes: [KB_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    knowledgeEntries: build.query({
      query: ({ q = '', page = 1, perPage = KNOWLEDGE_PAGE_SIZE }) => ({
        url: '/admin/chat-knowledge',
        params: { q, page, per_page: perPage },
      }),
      providesTags: [KB_TAG],
    }),
    // Stateless: the check is a dry run of the file; loading sends the same file again.
    knowledgeImport: build.mutation({
      query: ({ step, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `/admin/chat-knowledge/${step}`, method: 'POST', body };
      },
      invalidatesTags: (result, error, { step }) => (step === 'load' && !error ? [KB_TAG] : []),
    }),
  }),
});

export const { useKnowledgeEntriesQuery, useKnowledgeImportMutation } = knowledgeBaseApi;
