/* Searchable, paged lists over a generated find-paginate endpoint (req §2 Pickers, §7, §9): the search is
 * debounced (1 s), pages are appended in order and the next one loads when the list is scrolled within 30 % of
 * its bottom. Used by the institution picker and the reference selects of the resource screens, so a list that
 * grows (institutions, KATO, select options, rooms, ...) is never loaded whole. */
import { useCallback, useEffect, useRef, useState } from 'react';
import useDebouncedValue from './useDebouncedValue';

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

/**
 * Search + pages over `endpoint` (a generated findPaginate endpoint). `makeBody(query, page)` builds the request
 * body; the pages start again when the debounced query or `resetKey` changes, or when `enabled` turns on.
 * Returns {query, state: {items, total, ...}, loading, failed, load}; `load()` asks for the next page (a no-op
 * while one is in flight or when everything is loaded).
 */
export function usePagedSearch({ endpoint, search, makeBody, resetKey = '', delay = SEARCH_DEBOUNCE_MS, enabled = true }) {
  const query = useDebouncedValue(search.trim(), delay);
  const [state, setState] = useState(() => emptyPages(query));
  const [trigger] = endpoint.useLazyQuery();
  const inFlight = useRef(null);
  // Bumped on every restart, so an answer to a request of an earlier search (other filters) is dropped.
  const generation = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const bodyRef = useRef(makeBody);
  bodyRef.current = makeBody;
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    const current = stateRef.current;
    const page = nextPageToLoad(current, Boolean(inFlight.current));
    if (page === null) return;
    const request = { query: current.query, page, generation: generation.current };
    inFlight.current = request;
    setLoading(true);
    trigger(bodyRef.current(request.query, page), true)
      .unwrap()
      .then((answer) => {
        if (request.generation !== generation.current) return;
        setFailed(false);
        const list = answer && Array.isArray(answer.list) ? answer.list : [];
        setState((s) => appendPage(s, { query: request.query, page, list, total: (answer && answer.total) || 0 }));
      })
      .catch(() => setFailed(true))
      .finally(() => {
        if (inFlight.current !== request) return; // a restart superseded it
        inFlight.current = null;
        setLoading(false);
      });
  }, [trigger]);

  useEffect(() => {
    if (!enabled) return;
    generation.current += 1;
    inFlight.current = null;
    const fresh = emptyPages(query);
    stateRef.current = fresh;
    setState(fresh);
    load();
  }, [query, resetKey, enabled, load]);

  return { query, state, loading, failed, load };
}
