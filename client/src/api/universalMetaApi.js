/* Metadata of the generic model API (GET /universal/_meta/<model>): fields, filters, sorting, relations and the
 * caller's permissions. The resource screens (src/resources) are built from it, so no per-model code is needed. */
import { baseApi } from './baseApi';

export const universalMetaApi = baseApi.enhanceEndpoints({ addTagTypes: ['ModelMeta'] }).injectEndpoints({
  endpoints: (build) => ({
    getModelMeta: build.query({
      query: (model) => `/universal/_meta/${encodeURIComponent(model)}`,
      transformResponse: (data) => (data && data.item) || null,
      providesTags: (_result, _error, model) => [{ type: 'ModelMeta', id: model }],
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useGetModelMetaQuery } = universalMetaApi;
