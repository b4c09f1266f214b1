/* Starts the client (decision 0070). Some first screens are served prerendered (<name>.<lang>.html, built by
 * client/webpack.prerender.js): /auth as a signed-out visitor sees it, and the applicant's /, /apply, /apply/<id> as
 * every signed-in applicant first sees them (SHELL_USER: nothing about the user is known yet). The page is already
 * painted (index.jsx starts the app after that first paint), so the app hydrates the markup instead of rendering it
 * again: the applicant's pages with SHELL_USER's state as the server snapshot (react-redux `serverState`), after which
 * the stored user takes over (a signed-out visitor is then sent to /auth as before). Everything else (and a page that
 * does not fit this visitor: a signed-in user on /auth, another language, a query in the address) is rendered from
 * scratch. Renders run as transitions so React yields to the browser between components (shorter main-thread tasks
 * on a phone). */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n, { SERVED_LANGUAGE } from './i18n';
import App from './app/App';
import { makeStore } from './app/store';
import { matchesRoute } from './app/routeTable';
import { SHELL_USER } from './session/sessionSlice';

const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Whether the prerendered markup in container is what the app would render now (else hydration would mismatch). */
export function canHydrate(container, { user, language, location }) {
  const route = container && container.getAttribute(PRERENDERED_ATTRIBUTE);
  // Rendered for this path, with no query (the verify step, ...), in the served language. /auth signed out; the
  // applicant's pages as SHELL_USER, who stands for a stored user (or an anonymous visitor of the public home page).
  if (!route || !matchesRoute(route, location.pathname) || location.search || language !== SERVED_LANGUAGE) return false;
  return route === '/auth' ? !user : Boolean(user) || route === '/';
}

/** Renders (or hydrates) the app into #root; returns the React root (tests unmount it). */
export default function boot() {
  const store = makeStore();
  const container = document.getElementById('root');
  const state = store.getState();
  const hydrate = canHydrate(container, { user: state.session.user, language: i18n.language, location: window.location });
  const shell = hydrate && container.getAttribute(PRERENDERED_ATTRIBUTE) !== '/auth';
  const app = (
    <StrictMode>
      <App store={store} serverState={shell ? { ...state, session: { user: SHELL_USER } } : undefined} />
    </StrictMode>
  );
  if (hydrate) {
    let hydrated = null;
    startTransition(() => {
      hydrated = hydrateRoot(container, app);
    });
    return hydrated;
  }
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  const root = createRoot(container);
  startTransition(() => root.render(app));
  return root;
}
