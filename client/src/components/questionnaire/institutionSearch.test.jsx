/* The institution picker's search: 1 s debounce, name filter, pages of 20 ordered by region and name. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore, mockFetch } from '../../testUtils';
import { SEARCH_DEBOUNCE_MS } from '../pagedSearch';
import { useInstitutionSearch } from './fields/InstitutionField';

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
