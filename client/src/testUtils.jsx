/* Test helpers: render with the real store, i18n, theme, snackbar and a memory router; fake fetch. */
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import ThemeProvider from '@mui/material/styles/ThemeProviderNoVars';
import i18n from './i18n';
import theme from './app/theme';
import { makeStore } from './app/store';
import { SnackbarProvider } from './components/SnackbarProvider';

// Tests of the lower layers (api/, session/, components/) reach the application's store through this module.
export { makeStore };

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function renderWithProviders(ui, { route = '/', path = '*', store = makeStore(), extraRoutes = null } = {}) {
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <SnackbarProvider>
            <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
              <LocationProbe />
              <Routes>
                <Route path={path} element={ui} />
                {extraRoutes}
              </Routes>
            </MemoryRouter>
          </SnackbarProvider>
        </ThemeProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { store, ...result };
}

/** Installs a fetch mock answering with `handler(url, request)` → { status, body }. Returns the jest.fn. */
export function mockFetch(handler) {
  const fn = jest.fn(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { status = 200, body = {} } = (await handler(request.url, request)) || {};
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  global.fetch = fn;
  return fn;
}
