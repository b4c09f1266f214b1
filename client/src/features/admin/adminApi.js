/* The staff review calls (req §7 Admin; decision 0066), injected into the one API. */
import { fileNameOf, saveBlob } from '../../api/attachments';
import { baseApi } from '../../api/baseApi';
import { exportQueryString } from './queues';

const TAGS = ['AdminQueue', 'AdminApplication', 'AdminDashboard'];
/** The admin's own background exports (GET /admin/exports): refetched when one is started. */
const EXPORTS_TAG = 'AdminExports';

/** An RTK Query responseHandler for a file answer: the browser saves it; the store keeps only its name (an error
 * answer stays JSON for apiErrorMessage). */
async function saveAttachment(response) {
  if (!response.ok) return response.json();
  const name = fileNameOf(response, 'export.xlsx');
  saveBlob(await response.blob(), name);
  return name;
}

export const adminApi = baseApi.enhanceEndpoints({ addTagTypes: [...TAGS, EXPORTS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    adminApplications: build.query({
      query: (body) => ({ url: '/admin/applications', method: 'POST', body }),
      providesTags: ['AdminQueue'],
    }),
    adminApplication: build.query({
      query: (id) => `/admin/application/${id}`,
      transformResponse: (data) => (data && data.item) || null,
      providesTags: (_r, _e, id) => [{ type: 'AdminApplication', id }],
    }),
    adminDashboard: build.query({
      query: (segment) => ({ url: '/admin/dashboard', params: { segment } }),
      providesTags: ['AdminDashboard'],
    }),
    adminCampaigns: build.query({
      query: () => '/admin/campaigns',
      transformResponse: (data) => (data && Array.isArray(data.list) ? data.list : []),
    }),
    sendApplicationMessage: build.mutation({
      query: (body) => ({ url: '/admin/send-application-message', method: 'POST', body }),
      // An answer marks the applicant's earlier replies read: the queue rows and the menu badge change too.
      invalidatesTags: ['AdminApplication', 'AdminQueue', 'AdminDashboard'],
    }),
    /** The panel's thread was opened: the applicant's replies are read (decision 0084). The panel keeps its data (its
     * "new" marks stay while it is open); the queue rows and the menu badge refresh. */
    markApplicationMessagesRead: build.mutation({
      query: (applicationId) => ({ url: `/admin/application/${applicationId}/messages/read`, method: 'POST' }),
      invalidatesTags: ['AdminQueue', 'AdminDashboard'],
    }),
    /** Accept a document or send it back with a reason (decision 0074). */
    reviewDocument: build.mutation({
      query: ({ applicationId, ...body }) => ({
        url: `/admin/application/${applicationId}/document-review`,
        method: 'POST',
        body,
      }),
      invalidatesTags: TAGS,
    }),
    updateApplication: build.mutation({
      query: (body) => ({ url: '/admin/update-application', method: 'POST', body }),
      invalidatesTags: TAGS,
    }),
    updateApplicationCustom: build.mutation({
      query: (body) => ({ url: '/admin/update-application-custom', method: 'POST', body }),
      invalidatesTags: TAGS,
    }),
    updateExemption: build.mutation({
      query: (body) => ({ url: '/admin/update-user-is-exempted-from-payment', method: 'POST', body }),
      invalidatesTags: TAGS,
    }),
    bulkTransition: build.mutation({
      query: (body) => ({ url: '/admin/applications/bulk-transition', method: 'POST', body }),
      invalidatesTags: TAGS,
    }),
    findByUploadCode: build.mutation({
      query: (code) => ({ url: '/admin/find-by-upload-code', method: 'POST', body: { code } }),
    }),
    getUploadApplication: build.query({
      query: (userId) => ({ url: '/admin/get-upload-application', method: 'POST', body: { user_id: Number(userId) } }),
    }),
    /** GET /admin/export: the file is saved by the browser; the answer kept in the store is only its name. */
    exportQueue: build.mutation({
      query: (params) => ({
        url: `/admin/export?${exportQueryString(params)}`,
        responseHandler: saveAttachment,
        cache: 'no-store',
      }),
    }),
    /** POST /admin/exports: a queue above the server's limit is exported by a background job (decision 0066). */
    startExportJob: build.mutation({
      query: (params) => ({ url: '/admin/exports', method: 'POST', body: params }),
      invalidatesTags: [EXPORTS_TAG],
    }),
    /** GET /admin/exports?segment=: the caller's own exports of the shell's population kept for 24 hours. */
    recentExports: build.query({
      query: (segment) => ({ url: `/admin/exports?segment=${segment}`, cache: 'no-store' }),
      transformResponse: (answer) => ({
        list: answer && Array.isArray(answer.list) ? answer.list : [],
        retentionHours: answer && Number.isFinite(answer.retention_hours) ? answer.retention_hours : 24,
      }),
      providesTags: [EXPORTS_TAG],
    }),
    /** GET /admin/exports/{id}: the job's progress (polled while it runs). */
    exportJob: build.query({
      query: (id) => ({ url: `/admin/exports/${id}`, cache: 'no-store' }),
    }),
    /** GET /admin/exports/{id}/file: the finished file, saved by the browser; the store keeps only its name. */
    downloadExportJob: build.mutation({
      query: (id) => ({
        url: `/admin/exports/${id}/file`,
        responseHandler: saveAttachment,
        cache: 'no-store',
      }),
    }),
  }),
});

export const {
  useAdminApplicationsQuery,
  useAdminApplicationQuery,
  useAdminDashboardQuery,
  useAdminCampaignsQuery,
  useSendApplicationMessageMutation,
  useMarkApplicationMessagesReadMutation,
  useReviewDocumentMutation,
  useUpdateApplicationMutation,
  useUpdateApplicationCustomMutation,
  useUpdateExemptionMutation,
  useBulkTransitionMutation,
  useFindByUploadCodeMutation,
  useGetUploadApplicationQuery,
  useExportQueueMutation,
  useStartExportJobMutation,
  useExportJobQuery,
  useRecentExportsQuery,
  useDownloadExportJobMutation,
} = adminApi;
