import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { mockFetch } from '../../testUtils';
import { appendPage, emptyPages, hasMore, isNearBottom, nextPageToLoad, SEARCH_DEBOUNCE_MS } from './institutionPaging';
import { useInstitutionSearch } from './fields/InstitutionField';

describe('institution picker paging (pure)', () => {
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

describe('useInstitutionSearch', () => {
  afterEach(() => jest.useRealTimers());

  test('debounces the search by 1 s and loads the next page on demand', async () => {
    jest.useFakeTimers();
    const bodies = [];
    mockFetch(async (url, request) => {
      const body = await request.json();
      bodies.push(body);
      const page = body.paginate.page;
      const list = Array.from({ length: 20 }, (_, i) => ({ id: page * 100 + i, name: `n${i}` }));
      return { body: { list, total: 45 } };
    });
    const store = makeStore();
    const wrapper = ({ children }) => <Provider store={store}>{children}</Provider>;
    const { result, rerender } = renderHook(({ search }) => useInstitutionSearch(search), { wrapper, initialProps: { search: '' } });

    await waitFor(() => expect(result.current.state.items).toHaveLength(20));
    expect(bodies[0]).toEqual({ filters: {}, params: { order: ['region', 'name', 'id'] }, paginate: { page: 1, size: 20 } });

    rerender({ search: 'Наз' });
    rerender({ search: 'Назарбаев' });
    act(() => { jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1); });
    expect(bodies).toHaveLength(1); // nothing before the second is over
    act(() => { jest.advanceTimersByTime(1); });
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].filters).toEqual({ name: { ilike: 'Назарбаев' } });
    await waitFor(() => expect(result.current.state.query).toBe('Назарбаев'));
    await waitFor(() => expect(result.current.state.items).toHaveLength(20));

    act(() => result.current.load());
    act(() => result.current.load()); // a second call while the page is in flight is ignored
    await waitFor(() => expect(result.current.state.items).toHaveLength(40));
    expect(bodies.filter((b) => b.paginate.page === 2)).toHaveLength(1);
  });
});
