import { setUser } from '../session/userStore';
import { usersApi } from './usersApi';
import { dormApi } from './dormApi';
import { startEarlyReads } from './earlyReads';
import i18n from '../i18n';
import { LANGUAGE_STORAGE_KEY } from '../i18n/storedLanguage';
import { makeStore, mockFetch } from '../testUtils';

const user = { id: 1, email: 'a@b.kz', token: 'early-token', is_verified: true };
const self = { success: true, item: { id: 1, email: 'a@b.kz' } };

const callsTo = (fetchMock, suffix) =>
  fetchMock.mock.calls.filter(([input]) => (typeof input === 'string' ? input : input.url).endsWith(suffix));

describe('the first screen reads started by the entry (api/earlyReads.js)', () => {
  beforeEach(async () => {
    window.localStorage.clear();
    setUser(user);
    await i18n.changeLanguage('ru');
  });

  test('the app request is answered by the early read: one request on the wire', async () => {
    const fetchMock = mockFetch(() => ({ body: self }));
    expect(startEarlyReads([{ path: '/users/self' }])).toBe(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toMatch(/\/api\/v1\/users\/self$/);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer early-token', 'Accept-Language': 'ru' });

    const result = await makeStore().dispatch(usersApi.endpoints.getSelf.initiate());
    expect(result.data).toEqual(self);
    expect(callsTo(fetchMock, '/users/self')).toHaveLength(1);

    // Taken once: the next read of the same URL asks the server again.
    await makeStore().dispatch(usersApi.endpoints.getSelf.initiate());
    expect(callsTo(fetchMock, '/users/self')).toHaveLength(2);
  });

  test('a POST read is matched on its body', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true, booking: null } }));
    startEarlyReads([{ path: '/users/check-booking', method: 'POST', body: {} }]);
    await makeStore().dispatch(dormApi.endpoints.checkBooking.initiate());
    expect(callsTo(fetchMock, '/users/check-booking')).toHaveLength(1);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  test('another language, another token or a stale answer goes to the network', async () => {
    const fetchMock = mockFetch(() => ({ body: self }));
    startEarlyReads([{ path: '/users/self' }]);
    await i18n.changeLanguage('kk'); // the app now asks in Kazakh: the Russian answer is not used
    await makeStore().dispatch(usersApi.endpoints.getSelf.initiate());
    expect(callsTo(fetchMock, '/users/self')).toHaveLength(2);

    await i18n.changeLanguage('ru');
    startEarlyReads([{ path: '/users/self' }]);
    setUser({ ...user, token: 'someone-else' }); // signed in as another user meanwhile
    await makeStore().dispatch(usersApi.endpoints.getSelf.initiate());
    expect(callsTo(fetchMock, '/users/self')).toHaveLength(4);

    setUser(user);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    startEarlyReads([{ path: '/users/self' }]);
    clock.mockReturnValue(now + 10001); // older than ten seconds: the user may have changed something since
    await makeStore().dispatch(usersApi.endpoints.getSelf.initiate());
    clock.mockRestore();
    expect(callsTo(fetchMock, '/users/self')).toHaveLength(6);
  });

  test('the stored language is the one asked in', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const fetchMock = mockFetch(() => ({ body: self }));
    startEarlyReads([{ path: '/users/self' }]);
    expect(fetchMock.mock.calls[0][1].headers['Accept-Language']).toBe('en');
  });

  test('nothing is asked for a signed-out visitor', () => {
    setUser(null);
    const fetchMock = mockFetch(() => ({ body: self }));
    expect(startEarlyReads([{ path: '/users/self' }])).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
