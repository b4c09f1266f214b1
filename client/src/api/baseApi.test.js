import { userSet } from '../session/sessionSlice';
import { getUser, setUser } from '../session/userStore';
import { setNavigator } from '../session/navigation';
import { usersApi } from './usersApi';
import { baseApi } from './baseApi';
import i18n from '../i18n';
import { makeStore, mockFetch } from '../testUtils';

const loginApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation({ query: (body) => ({ url: '/auth/sign-in', method: 'POST', body }) }),
  }),
  overrideExisting: true,
});

const user = { id: 1, email: 'a@b.kz', token: 'secret-token', is_verified: true, citizenship_id: 2 };

describe('base query', () => {
  let navigate;
  beforeEach(() => {
    navigate = jest.fn();
    setNavigator(navigate);
  });
  afterEach(() => setNavigator(null));

  test('sends Bearer token and Accept-Language', async () => {
    setUser(user);
    await i18n.changeLanguage('kk');
    const fetchMock = mockFetch(() => ({ body: { success: true, item: { ...user, token: undefined } } }));
    const store = makeStore();
    await store.dispatch(usersApi.endpoints.getSelf.initiate());
    const request = fetchMock.mock.calls[0][0];
    expect(request.url).toMatch(/\/api\/v1\/users\/self$/);
    expect(request.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(request.headers.get('Accept-Language')).toBe('kk');
    await i18n.changeLanguage('ru');
  });

  test('getSelf merges the answer and keeps the token', async () => {
    setUser(user);
    mockFetch(() => ({ body: { success: true, item: { id: 1, email: 'a@b.kz', first_name: 'Dana' } } }));
    const store = makeStore();
    await store.dispatch(usersApi.endpoints.getSelf.initiate());
    expect(store.getState().session.user).toMatchObject({ first_name: 'Dana', token: 'secret-token' });
    expect(getUser()).toMatchObject({ first_name: 'Dana', token: 'secret-token' });
  });

  test('a 401 resets the user store and navigates to /auth', async () => {
    setUser(user);
    mockFetch(() => ({ status: 401, body: { success: false, message: 'Требуется вход', message_key: 'errors.unauthorized', errors: {} } }));
    const store = makeStore();
    expect(store.getState().session.user).not.toBeNull();
    await store.dispatch(usersApi.endpoints.getSelf.initiate());
    expect(store.getState().session.user).toBeNull();
    expect(getUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true });
  });

  test('a 401 from sign-in itself does not reset the store', async () => {
    mockFetch(() => ({ status: 401, body: { success: false, message: 'Неверный пароль', message_key: 'auth.incorrect_password', errors: {} } }));
    const store = makeStore();
    store.dispatch(userSet(user));
    const result = await store.dispatch(loginApi.endpoints.signIn.initiate({ email: 'a@b.kz', password: 'x' }));
    expect(result.error.status).toBe(401);
    expect(store.getState().session.user).toEqual(user);
    expect(navigate).not.toHaveBeenCalled();
  });
});
