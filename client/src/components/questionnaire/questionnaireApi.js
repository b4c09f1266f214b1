/* Endpoints of the questionnaire: the req §7 Users calls, and the request bodies of the generated generic-model
 * endpoints (src/api/generated) its pickers and option lists use. Shared by every screen that embeds
 * <Questionnaire/> (/apply and the citizens' stepper). */
import { baseApi } from '../../api/baseApi';
// The three models by their own modules, not through the generated barrel (api/generated/index.js, every model of
// the generic API): the applicant pages that read an application through this file (/apply, /stepper/<id>, /my-
// applications) then do not download the other ten (~2 KB brotli; issue 27).
import educationalInstitutionEndpoints from '../../api/generated/EducationalInstitution';
import katoEndpoints from '../../api/generated/Kato';
import selectOptionEndpoints from '../../api/generated/SelectOption';

/** Select option lists (and the KATO levels and institutions shown with them) are cached for 10 minutes (§7, §9). */
export const OPTION_CACHE_SECONDS = 600;
export const OPTION_PAGE_SIZE = 500;
export const INSTITUTION_PAGE_SIZE = 20;
export const KATO_PAGE_SIZE = 500;

/** The generated endpoints the questionnaire reads through (never a hand-written /universal query). */
export const optionListEndpoint = selectOptionEndpoints.findPaginate;
export const katoChildrenEndpoint = katoEndpoints.findPaginate;
export const institutionPagesEndpoint = educationalInstitutionEndpoints.findPaginate;
export const institutionEndpoint = educationalInstitutionEndpoints.find;

baseApi.enhanceEndpoints({
  endpoints: Object.fromEntries(
    [optionListEndpoint, katoChildrenEndpoint, institutionEndpoint].map((endpoint) => [
      endpoint.name,
      { keepUnusedDataFor: OPTION_CACHE_SECONDS },
    ]),
  ),
});

/** The SelectOption list of one option type, in the configured order (req §7). */
export const optionListBody = (type) => ({
  filters: { type },
  params: { order: ['order', 'id'] },
  paginate: { page: 1, size: OPTION_PAGE_SIZE },
});

/** The KATO children of a node (null = the regions), ordered by name in the UI language (req §7). */
export const katoChildrenBody = (parentId, orderBy = 'name_ru') => ({
  filters: { parent_id: parentId },
  params: { order: [orderBy, 'id'] },
  paginate: { page: 1, size: KATO_PAGE_SIZE },
});

/** One page of the institution picker (GET /institutions/search, issue 10): every word of the query must match
 * the name, region, city/district or address; ordered by region and name. */
export const institutionSearchBody = (search, page) => ({ q: search || '', page, size: INSTITUTION_PAGE_SIZE });

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
        // One cache entry per application whether the id comes from the URL ("7", the /apply/<id> guard) or as a
        // number (the page): else /apply/<id> read the application twice, the page waiting for the second answer.
        serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}(${Number(queryArgs)})`,
        transformResponse: (data) => (data && data.item) || null,
        providesTags: ['Application'],
      }),
      // KATO picker (issue 10): children with has_children (leaves have no arrow), or a search with paths.
      getKatoNodes: build.query({
        query: ({ parentId = null, q = '' }) => ({
          url: '/kato/nodes',
          params: { ...(parentId !== null ? { parent_id: parentId } : {}), ...(q ? { q } : {}) },
        }),
        keepUnusedDataFor: OPTION_CACHE_SECONDS,
      }),
      searchInstitutions: build.query({
        query: ({ q, page, size }) => ({ url: '/institutions/search', params: { q, page, size } }),
        keepUnusedDataFor: OPTION_CACHE_SECONDS,
      }),
      getStudyProgramInfo: build.query({
        query: (programId) => `/users/get-study-program-info/${programId}`,
        transformResponse: (data) => (data && data.studyProgramInfo) || {},
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
  useBulkUpsertUserDataMutation,
} = questionnaireApi;
