/* Endpoints of the questionnaire (spec §7 Users calls, generic model API for pickers and option lists).
 * Shared by every screen that embeds <Questionnaire/> (/apply now, the citizens' stepper later). */
import { baseApi } from '../../api/baseApi';

/** Select option lists are cached for 10 minutes (spec §7, §9). */
export const OPTION_CACHE_SECONDS = 600;
export const OPTION_PAGE_SIZE = 500;
export const INSTITUTION_PAGE_SIZE = 20;
export const KATO_PAGE_SIZE = 500;

const listOf = (data) => (data && Array.isArray(data.list) ? data.list : []);

export const questionnaireApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Application', 'FillItems', 'QuestionnaireSteps'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getQuestionnaireSteps: build.query({
        query: ({ applicationId, type = 'fill' }) => ({
          url: '/users/steps',
          method: 'POST',
          body: { application_id: Number(applicationId), type },
        }),
        transformResponse: (data) => ({
          steps: (data && Array.isArray(data.steps) ? data.steps : []),
          variant: (data && data.variant) || null,
        }),
        providesTags: ['QuestionnaireSteps'],
      }),
      getFillItems: build.query({
        query: (applicationId) => `/users/fill-items/${applicationId}`,
        transformResponse: (data) => (data && Array.isArray(data.fill_items) ? data.fill_items : []),
        providesTags: ['FillItems'],
      }),
      getApplicationDetail: build.query({
        query: (applicationId) => `/users/application/${applicationId}`,
        transformResponse: (data) => (data && data.item) || null,
        providesTags: ['Application'],
      }),
      getStudyProgramInfo: build.query({
        query: (programId) => `/users/get-study-program-info/${programId}`,
        transformResponse: (data) => (data && data.studyProgramInfo) || {},
      }),
      getSelectOptions: build.query({
        query: (type) => ({
          url: '/universal/SelectOption/find-paginate',
          method: 'POST',
          body: { filters: { type }, params: { order: ['order', 'id'] }, paginate: { page: 1, size: OPTION_PAGE_SIZE } },
        }),
        transformResponse: listOf,
        keepUnusedDataFor: OPTION_CACHE_SECONDS,
      }),
      getKatoChildren: build.query({
        // Kato children by parent_id (null = the regions), ordered by name (spec §7).
        query: ({ parentId = null, orderBy = 'name_ru' }) => ({
          url: '/universal/Kato/find-paginate',
          method: 'POST',
          body: {
            filters: { parent_id: parentId },
            params: { order: [orderBy, 'id'] },
            paginate: { page: 1, size: KATO_PAGE_SIZE },
          },
        }),
        transformResponse: listOf,
        keepUnusedDataFor: OPTION_CACHE_SECONDS,
      }),
      searchInstitutions: build.query({
        query: ({ search = '', page = 1, size = INSTITUTION_PAGE_SIZE }) => ({
          url: '/universal/EducationalInstitution/find-paginate',
          method: 'POST',
          body: {
            filters: search ? { name: { ilike: search } } : {},
            params: { order: ['region', 'name', 'id'] },
            paginate: { page, size },
          },
        }),
        transformResponse: (data) => ({ list: listOf(data), total: (data && data.total) || 0 }),
      }),
      getInstitution: build.query({
        query: (id) => ({ url: '/universal/EducationalInstitution/find', method: 'POST', body: { filters: { id } } }),
        transformResponse: (data) => listOf(data)[0] || null,
        keepUnusedDataFor: OPTION_CACHE_SECONDS,
      }),
      bulkUpsertUserData: build.mutation({
        query: (formData) => ({ url: '/users/bulk-upsert-user-data', method: 'POST', body: formData }),
        invalidatesTags: (result, error) => (error ? [] : ['Application']),
      }),
    }),
  });

export const {
  useGetQuestionnaireStepsQuery,
  useGetFillItemsQuery,
  useGetApplicationDetailQuery,
  useGetStudyProgramInfoQuery,
  useGetSelectOptionsQuery,
  useGetKatoChildrenQuery,
  useLazySearchInstitutionsQuery,
  useGetInstitutionQuery,
  useBulkUpsertUserDataMutation,
} = questionnaireApi;
