import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore, mockFetch } from '../testUtils';
import { setUser } from '../session/userStore';
import { firstScreenPageShown, MAX_WAIT_MS, useAfterFirstScreen, useFirstScreenHold } from './firstScreen';
import { usersApi } from './usersApi';

const hookIn = (store) => renderHook(() => useAfterFirstScreen(), { wrapper: ({ children }) => <Provider store={store}>{children}</Provider> });
const frames = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));

describe('reads that wait for the first screen (api/firstScreen.js)', () => {
  beforeEach(() => setUser({ id: 1, token: 't' }));
  afterEach(() => jest.useRealTimers());

  test('they wait while the page\'s own read is on its way, and go once it has answered and been drawn', async () => {
    let answer;
    mockFetch(
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { success: true, item: { id: 1 } } });
        }),
    );
    const store = makeStore();
    const { result } = hookIn(store);
    act(() => {
      store.dispatch(usersApi.endpoints.getSelf.initiate()); // the page's read
      firstScreenPageShown(store);
    });
    await frames();
    expect(result.current).toBe(false);

    await act(async () => answer());
    await waitFor(() => expect(result.current).toBe(true));
    // Settled for good: a reader that comes later (another screen) does not wait.
    expect(hookIn(store).result.current).toBe(true);
  });

  test('nothing goes before a page is shown (a layout or a guard alone is not a screen)', async () => {
    const store = makeStore();
    const { result } = hookIn(store);
    await frames();
    expect(result.current).toBe(false);
    act(() => firstScreenPageShown(store));
    await waitFor(() => expect(result.current).toBe(true));
  });

  test('a page drawing its first screen in a deferred render holds them until that render has committed', async () => {
    const store = makeStore();
    const wrapper = ({ children }) => <Provider store={store}>{children}</Provider>;
    const { result } = hookIn(store);
    const page = renderHook(({ holding }) => useFirstScreenHold(holding), { wrapper, initialProps: { holding: true } });
    act(() => firstScreenPageShown(store));
    await frames();
    expect(result.current).toBe(false); // shown, nothing pending, idle: but the page's text is not drawn yet
    page.rerender({ holding: false });
    await waitFor(() => expect(result.current).toBe(true));
  });

  test('a read that never answers holds them back for MAX_WAIT_MS at most', () => {
    jest.useFakeTimers();
    mockFetch(() => new Promise(() => {}));
    const store = makeStore();
    const { result } = hookIn(store);
    act(() => {
      store.dispatch(usersApi.endpoints.getSelf.initiate());
      firstScreenPageShown(store);
    });
    act(() => jest.advanceTimersByTime(MAX_WAIT_MS - 100));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(200));
    expect(result.current).toBe(true);
  });
});
