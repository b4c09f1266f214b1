import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import sessionReducer, { userReset } from '../session/sessionSlice';
import { baseApi } from '../api/baseApi';
import { setUser } from '../session/userStore';

/** Creates the Redux store. The session user is written to localStorage (dorm_user) on every change. */
export function makeStore(preloadedState) {
  const listener = createListenerMiddleware();
  // Signing out (logout or 401) drops every cached answer of the previous user.
  listener.startListening({
    actionCreator: userReset,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });

  const store = configureStore({
    reducer: {
      session: sessionReducer,
      [baseApi.reducerPath]: baseApi.reducer,
    },
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });

  let lastUser = store.getState().session.user;
  store.subscribe(() => {
    const { user } = store.getState().session;
    if (user !== lastUser) {
      lastUser = user;
      setUser(user);
    }
  });
  setupListeners(store.dispatch);
  return store;
}
