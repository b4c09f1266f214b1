/* The state-grant list imports (issue 23, decision 0086), injected into the one API: POST /admin/gov-grants/imports
 * (upload → a previewed import), GET …/imports (past imports), GET …/imports/{id} and …/{id}/rows (the preview,
 * by category), POST …/{id}/apply and …/{id}/undo. */
import { baseApi } from '../../api/baseApi';

const BASE = '/admin/gov-grants/imports';

export const grantImportsApi = baseApi.enhanceEndpoints({ addTagTypes: ['GrantImport'] }).injectEndpoints({
  endpoints: (build) => ({
    grantImports: build.query({
      query: ({ page = 1, perPage = 10 } = {}) => ({ url: BASE, params: { page, per_page: perPage } }),
      providesTags: [{ type: 'GrantImport', id: 'LIST' }],
    }),
    grantImport: build.query({
      query: (id) => `${BASE}/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'GrantImport', id }],
    }),
    grantImportRows: build.query({
      query: ({ id, category, page = 1, perPage = 20 }) => ({
        url: `${BASE}/${encodeURIComponent(id)}/rows`,
        params: { category, page, per_page: perPage },
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'GrantImport', id: `rows-${id}` }],
    }),
    previewGrantImport: build.mutation({
      query: ({ year, file }) => {
        const body = new FormData();
        body.append('year', String(year));
        body.append('file', file, file.name);
        return { url: BASE, method: 'POST', body };
      },
      invalidatesTags: [{ type: 'GrantImport', id: 'LIST' }],
    }),
    // Applying or undoing one import changes what the others offer (can_apply, can_undo): every import is refetched.
    applyGrantImport: build.mutation({
      query: (id) => ({ url: `${BASE}/${encodeURIComponent(id)}/apply`, method: 'POST' }),
      invalidatesTags: ['GrantImport'],
    }),
    undoGrantImport: build.mutation({
      query: (id) => ({ url: `${BASE}/${encodeURIComponent(id)}/undo`, method: 'POST' }),
      invalidatesTags: ['GrantImport'],
    }),
  }),
});

export const {
  useGrantImportsQuery,
  useGrantImportQuery,
  useGrantImportRowsQuery,
  usePreviewGrantImportMutation,
  useApplyGrantImportMutation,
  useUndoGrantImportMutation,
} = grantImportsApi;
