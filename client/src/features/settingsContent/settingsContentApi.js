/* Settings → home-page messages and admission terms (issue 23, decision 0087): the staff calls. Injected into the
 * one API from this lazy chunk, so the shells do not carry them.
 *   GET  /admin/home-page-messages?segment&status&page&per_page → {list, total}
 *   GET  /admin/home-page-messages/recipients?segment&q → {list: [{id, email, name}]}
 *   POST /admin/home-page-messages?segment   PUT /admin/home-page-messages/{id}?segment
 *   POST /admin/home-page-messages/{id}/retire?segment
 *   GET  /admin/admission-terms?page&per_page → {list, total, programs}
 *   POST /admin/admission-terms   PUT /admin/admission-terms/{id}
 *   PUT|DELETE /admin/admission-terms/{id}/windows/{programId}
 *   POST /admin/reference-imports/{kato|institutions}/{preview|apply} (multipart file) → {valid, counts, errors} */
import { baseApi } from '../../api/baseApi';

const MESSAGES_TAG = 'SettingsHomeMessages';
const TERMS_TAG = 'SettingsTerms';
// A change to a message can change what the home page shows; a term's, the deadlines modal.
const HOME_TAG = { type: 'HomeMessage', id: 'LIST' };
const DEADLINES_TAG = 'Deadlines';

export const MESSAGES_PAGE_SIZE = 20;
export const TERMS_PAGE_SIZE = 10;

export const settingsContentApi = baseApi
  .enhanceEndpoints({ addTagTypes: [MESSAGES_TAG, TERMS_TAG, 'HomeMessage', DEADLINES_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      staffHomeMessages: build.query({
        query: ({ segment, status = 'active', page = 1, perPage = MESSAGES_PAGE_SIZE }) => ({
          url: '/admin/home-page-messages',
          params: { segment, status, page, per_page: perPage },
        }),
        providesTags: [MESSAGES_TAG],
      }),
      messageRecipients: build.query({
        query: ({ segment, q }) => ({ url: '/admin/home-page-messages/recipients', params: { segment, q } }),
      }),
      saveHomeMessage: build.mutation({
        query: ({ segment, id, body }) => ({
          url: id ? `/admin/home-page-messages/${id}` : '/admin/home-page-messages',
          method: id ? 'PUT' : 'POST',
          params: { segment },
          body,
        }),
        invalidatesTags: [MESSAGES_TAG, HOME_TAG],
      }),
      retireHomeMessage: build.mutation({
        query: ({ segment, id }) => ({ url: `/admin/home-page-messages/${id}/retire`, method: 'POST', params: { segment } }),
        invalidatesTags: [MESSAGES_TAG, HOME_TAG],
      }),
      admissionTerms: build.query({
        query: ({ page = 1, perPage = TERMS_PAGE_SIZE } = {}) => ({
          url: '/admin/admission-terms',
          params: { page, per_page: perPage },
        }),
        providesTags: [TERMS_TAG],
      }),
      saveAdmissionTerm: build.mutation({
        query: ({ id, body }) => ({
          url: id ? `/admin/admission-terms/${id}` : '/admin/admission-terms',
          method: id ? 'PUT' : 'POST',
          body,
        }),
        invalidatesTags: [TERMS_TAG, DEADLINES_TAG],
      }),
      saveProgramWindow: build.mutation({
        query: ({ termId, programId, body }) => ({
          url: `/admin/admission-terms/${termId}/windows/${programId}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: [TERMS_TAG, DEADLINES_TAG],
      }),
      removeProgramWindow: build.mutation({
        query: ({ termId, programId }) => ({
          url: `/admin/admission-terms/${termId}/windows/${programId}`,
          method: 'DELETE',
        }),
        invalidatesTags: [TERMS_TAG, DEADLINES_TAG],
      }),
      // Stateless: the preview is a dry run of the file; applying sends the same file again.
      referenceImport: build.mutation({
        query: ({ kind, step, file }) => {
          const body = new FormData();
          body.append('file', file, file.name);
          return { url: `/admin/reference-imports/${kind}/${step}`, method: 'POST', body };
        },
      }),
    }),
  });

export const {
  useStaffHomeMessagesQuery,
  useMessageRecipientsQuery,
  useSaveHomeMessageMutation,
  useRetireHomeMessageMutation,
  useAdmissionTermsQuery,
  useSaveAdmissionTermMutation,
  useSaveProgramWindowMutation,
  useRemoveProgramWindowMutation,
  useReferenceImportMutation,
} = settingsContentApi;

/** The field errors of a 400 answer ({field: [localized text]}), {} for anything else. */
export function fieldErrorsOf(error) {
  const errors = error && error.data && error.data.errors;
  return errors && typeof errors === 'object' ? errors : {};
}
