import { baseApi } from './baseApi';

export const publicConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query({
      query: () => '/public-config',
      providesTags: ['PublicConfig'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetPublicConfigQuery } = publicConfigApi;

const ONLY_DATA = ({ data }) => ({ data });

/** The public configuration's answer (undefined until it arrives) — all most readers need. Without selectFromResult
 * every reader (the header, the footer, the guards, the pages) re-rendered when the request started and again when
 * it ended, in the page's first second on a phone (issue 27). */
export function usePublicConfig() {
  return useGetPublicConfigQuery(undefined, { selectFromResult: ONLY_DATA }).data;
}
