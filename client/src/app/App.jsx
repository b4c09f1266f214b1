import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/material/styles/ThemeProviderNoVars';
import i18n from '../i18n';
import theme from './theme';
import AppRoutes from './router';
import SessionRefresher from './SessionRefresher';
import { SnackbarProvider } from '../components/SnackbarProvider';

/** The store, the texts and the theme every screen is drawn in (the build's prerender draws the questionnaire's
 * first step in them too, prerender/questionnaireStyles.jsx: its style names must be the browser's). */
export function AppProviders({ store, serverState, children }) {
  return (
    <Provider store={store} serverState={serverState}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>{children}</ThemeProvider>
      </I18nextProvider>
    </Provider>
  );
}

/** The whole client. `Router` and `location` are for the build-time prerender (StaticRouter, prerender/); the browser
 * uses BrowserRouter. Both sides render the same tree, which hydration needs; `serverState` is the state the
 * prerendered page was rendered with, used while hydrating (boot.jsx). */
export default function App({ store, serverState, Router = BrowserRouter, location }) {
  return (
    <AppProviders store={store} serverState={serverState}>
      <CssBaseline />
      <SnackbarProvider>
        <Router location={location} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <SessionRefresher />
          <AppRoutes />
        </Router>
      </SnackbarProvider>
    </AppProviders>
  );
}
