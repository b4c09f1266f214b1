import { baseApi } from './baseApi';

/** GET /users/home-cards: the home cards the signed-in applicant may use (a foreigner gets no citizens' grant
 * card; issue 23). */
export const homeCardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHomeCards: build.query({ query: () => '/users/home-cards' }),
  }),
});

export const { useGetHomeCardsQuery } = homeCardsApi;
