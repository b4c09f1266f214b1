import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore, mockFetch } from '../testUtils';
import { endpointsFor } from '../api/generated';
import { appendPage, emptyPages, hasMore, isNearBottom, nextPageToLoad, usePagedSearch } from './pagedSearch';

describe('paged search (pure)', () => {
  test('next page when scrolled within 30 % of the bottom', () => {
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 1000, clientHeight: 400 })).toBe(false); // 600 left
    expect(isNearBottom({ scrollTop: 299, scrollHeight: 1000, clientHeight: 400 })).toBe(false); // 301 left
    expect(isNearBottom({ scrollTop: 300, scrollHeight: 1000, clientHeight: 400 })).toBe(true); // 300 left
    expect(isNearBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
  });

  test('pages are appended in order, stale answers ignored, and paging stops at the total', () => {
    let state = emptyPages('шк');
    expect(nextPageToLoad(state, false)).toBe(1);
    expect(nextPageToLoad(state, true)).toBeNull();
    state = appendPage(state, { query: 'шк', page: 1, list: [{ id: 1 }, { id: 2 }], total: 3 });
    expect(state.items.map((i) => i.id)).toEqual([1, 2]);
    // an answer for another query or a page already loaded changes nothing
    expect(appendPage(state, { query: 'other', page: 2, list: [{ id: 9 }], total: 9 })).toBe(state);
    expect(appendPage(state, { query: 'шк', page: 1, list: [{ id: 1 }], total: 3 })).toBe(state);
    state = appendPage(state, { query: 'шк', page: 2, list: [{ id: 2 }, { id: 3 }], total: 3 });
    expect(state.items.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(hasMore(state)).toBe(false);
    expect(nextPageToLoad(state, false)).toBeNull();
  });
});

describe('usePagedSearch', () => {
  test('restarts when the reset key changes and drops the answer of the earlier search', async () => {
    const bodies = [];
    let releaseFirst;
    mockFetch(async (url, request) => {
      const body = await request.json();
      bodies.push(body);
      if (body.filters.section_id === 1) await new Promise((resolve) => { releaseFirst = resolve; });
      return { body: { list: [{ id: body.filters.section_id * 10, name: `room of ${body.filters.section_id}` }], total: 1 } };
    });
    const store = makeStore();
    const wrapper = ({ children }) => <Provider store={store}>{children}</Provider>;
    const { result, rerender } = renderHook(
      ({ section }) =>
        usePagedSearch({
          endpoint: endpointsFor('SectionRoom').findPaginate,
          search: '',
          makeBody: (query, page) => ({ filters: { section_id: section }, paginate: { page, size: 20 } }),
          resetKey: String(section),
          delay: 0,
        }),
      { wrapper, initialProps: { section: 1 } },
    );
    await waitFor(() => expect(bodies).toHaveLength(1));
    rerender({ section: 2 });
    await waitFor(() => expect(result.current.state.items.map((i) => i.id)).toEqual([20]));
    await act(async () => {
      releaseFirst();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(result.current.loading).toBe(false);
    expect(result.current.state.items.map((i) => i.id)).toEqual([20]); // section 1's late answer is ignored
    expect(bodies.map((b) => b.filters.section_id)).toEqual([1, 2]);
  });
});
