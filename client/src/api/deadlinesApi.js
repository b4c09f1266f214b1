/* The deadlines modal's data (req §2 "Other modals: deadlines"; decision 0087): GET /deadlines → {terms: [{name,
 * opens_at, closes_at, is_open, programs: [{name, opens_at, closes_at, documents_due_at, is_open}]}]}, public,
 * names in the reader's language (the language is part of the cache key, so switching it refetches). */
import { baseApi } from './baseApi';

export const deadlinesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Deadlines'] }).injectEndpoints({
  endpoints: (build) => ({
    getDeadlines: build.query({
      query: (lang) => ({ url: '/deadlines', params: { lang } }),
      providesTags: ['Deadlines'],
    }),
  }),
});

export const { useGetDeadlinesQuery } = deadlinesApi;
