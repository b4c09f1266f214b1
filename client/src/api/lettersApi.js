/* Official letters (issue 26; decision 0080). Shared by "My applications", the admin panel's Letters block and the
 * public /verify/:code page, hence in api/ rather than in one feature.
 *   GET  /users/letters → {list}                       the applicant's current letters
 *   GET  /letters/{id}/pdf                              the PDF (holder: valid letters; staff: any version)
 *   GET  /admin/applications/{id}/letters → {list}      every version, for staff
 *   POST /admin/letters/{id}/reissue | /revoke {reason} → {letter}
 *   GET  /letters/verify/{code} → {status, letter}      public; 404 letters.unknown_code */
import { fileNameOf, saveBlob } from './attachments';
import { baseApi } from './baseApi';

export const LETTER_KINDS = ['acceptance', 'enrolment', 'dorm_assignment'];

/** A responseHandler for the PDF: the browser saves it through a temporary link; the store keeps only its name (an
 * error answer stays JSON for apiErrorMessage). */
async function saveLetter(response) {
  if (!response.ok) return response.json();
  const name = fileNameOf(response, 'letter.pdf');
  saveBlob(await response.blob(), name);
  return name;
}

export const lettersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Letters'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyLetters: build.query({
      query: () => '/users/letters',
      transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
      providesTags: ['Letters'],
    }),
    downloadLetter: build.mutation({
      query: (id) => ({ url: `/letters/${id}/pdf`, responseHandler: saveLetter, cache: 'no-store' }),
    }),
    adminLetters: build.query({
      query: (applicationId) => `/admin/applications/${applicationId}/letters`,
      transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
      providesTags: (_r, _e, applicationId) => [{ type: 'Letters', id: applicationId }],
    }),
    reissueLetter: build.mutation({
      query: ({ id }) => ({ url: `/admin/letters/${id}/reissue`, method: 'POST' }),
      invalidatesTags: (_r, _e, { applicationId }) => [{ type: 'Letters', id: applicationId }],
    }),
    revokeLetter: build.mutation({
      query: ({ id, reason }) => ({ url: `/admin/letters/${id}/revoke`, method: 'POST', body: { reason } }),
      invalidatesTags: (_r, _e, { applicationId }) => [{ type: 'Letters', id: applicationId }],
    }),
    verifyLetter: build.query({
      query: (code) => `/letters/verify/${encodeURIComponent(code)}`,
    }),
  }),
});

export const {
  useGetMyLettersQuery,
  useDownloadLetterMutation,
  useAdminLettersQuery,
  useReissueLetterMutation,
  useRevokeLetterMutation,
  useVerifyLetterQuery,
} = lettersApi;
