import { USER_STORAGE_KEY, getUser, mergeUserObjects, setUser } from './userStore';
import { makeStore } from '../testUtils';
import { userMerged, userReset, userSet } from './sessionSlice';

const user = { id: 7, email: 'a@b.kz', token: 'tok-1', is_verified: true, citizenship_id: null };

describe('user store helpers (localStorage dorm_user)', () => {
  test('set then get returns the same object', () => {
    setUser(user);
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY))).toEqual(user);
    expect(getUser()).toEqual(user);
  });

  test('get returns null when empty or corrupted', () => {
    expect(getUser()).toBeNull();
    window.localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(getUser()).toBeNull();
  });

  test('merge keeps the previous token when the answer has none', () => {
    const merged = mergeUserObjects(user, { id: 7, email: 'a@b.kz', citizenship_id: 3, citizenship: { id: 3 } });
    expect(merged.token).toBe('tok-1');
    expect(merged.citizenship_id).toBe(3);
  });

  test('merge takes a new token when one is given', () => {
    expect(mergeUserObjects(user, { token: 'tok-2' }).token).toBe('tok-2');
  });

  test('setting nobody empties the store', () => {
    setUser(user);
    setUser(null);
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(getUser()).toBeNull();
  });
});

describe('session slice is persisted on every change', () => {
  test('loads the stored user at start', () => {
    setUser(user);
    const store = makeStore();
    expect(store.getState().session.user).toEqual(user);
  });

  test('set / merge / reset are written to localStorage', () => {
    const store = makeStore();
    store.dispatch(userSet(user));
    expect(getUser()).toEqual(user);
    store.dispatch(userMerged({ first_name: 'Aigerim', token: undefined }));
    expect(getUser()).toEqual({ ...user, first_name: 'Aigerim' });
    store.dispatch(userReset());
    expect(getUser()).toBeNull();
    // a late merge after reset must not bring the session back
    store.dispatch(userMerged({ email: 'late@b.kz' }));
    expect(store.getState().session.user).toBeNull();
    expect(getUser()).toBeNull();
  });

  test('an answer that repeats the stored user keeps the same object (no re-render of its readers)', () => {
    const store = makeStore();
    store.dispatch(userSet({ ...user, citizenship: { id: 2, code: 'KZ' } }));
    const before = store.getState().session.user;
    store.dispatch(userMerged({ ...user, token: undefined, citizenship: { id: 2, code: 'KZ' } }));
    expect(store.getState().session.user).toBe(before);
    store.dispatch(userMerged({ citizenship: { id: 3, code: 'DE' } }));
    expect(store.getState().session.user).not.toBe(before);
    expect(store.getState().session.user.citizenship.code).toBe('DE');
    expect(store.getState().session.user.token).toBe(user.token);
  });
});
