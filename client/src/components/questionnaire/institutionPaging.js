/* Paging of the institution picker (spec §2 Pickers, §9): search debounced 1000 ms, next page when the list is
 * scrolled within 30 % of its bottom. Pure functions, used by InstitutionField and its tests. */
export const SEARCH_DEBOUNCE_MS = 1000;
export const NEAR_BOTTOM_RATIO = 0.3;

export const emptyPages = (query = '') => ({ query, items: [], page: 0, total: null });

/** True when the remaining scroll distance is within `ratio` of the scrollable height. */
export function isNearBottom({ scrollTop, scrollHeight, clientHeight }, ratio = NEAR_BOTTOM_RATIO) {
  if (!scrollHeight) return false;
  const remaining = scrollHeight - scrollTop - clientHeight;
  return remaining <= scrollHeight * ratio;
}

export function hasMore(state) {
  return state.total === null || state.items.length < state.total;
}

/** Adds one answered page; answers for an older query or an already loaded page are ignored. */
export function appendPage(state, { query, page, list, total }) {
  if (query !== state.query || page !== state.page + 1) return state;
  const seen = new Set(state.items.map((i) => i.id));
  return { query, page, total, items: [...state.items, ...list.filter((i) => !seen.has(i.id))] };
}

/** The page to ask for next, or null (nothing more, or a request is in flight). */
export function nextPageToLoad(state, loading) {
  if (loading || !hasMore(state)) return null;
  return state.page + 1;
}
