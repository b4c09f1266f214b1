/* Starts the client (decision 0070). GET /auth is served prerendered (auth.<lang>.html, built by
 * client/webpack.prerender.js): the page is already painted (index.jsx starts the app after that first paint),
 * so the app hydrates the markup instead of rendering it again. Everything else (and an /auth page that does not fit
 * this visitor: a signed-in user, another language, the verify step in the address) is rendered from scratch. Renders run as
 * transitions so React yields to the browser between components (shorter main-thread tasks on a phone). */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n, { SERVED_LANGUAGE } from './i18n';
import App from './app/App';
import { makeStore } from './app/store';

const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Whether the prerendered markup in container is what the app would render now (else hydration would mismatch). */
export function canHydrate(container, { user, language, location }) {
  if (!container || container.getAttribute(PRERENDERED_ATTRIBUTE) !== location.pathname) return false;
  // The prerender is the signed-out sign-in tab in the served language, with no query (verify step, ...).
  return !user && !location.search && language === SERVED_LANGUAGE;
}

export default function boot() {
  const store = makeStore();
  const container = document.getElementById('root');
  const app = (
    <StrictMode>
      <App store={store} />
    </StrictMode>
  );
  const hydrate = canHydrate(container, {
    user: store.getState().session.user,
    language: i18n.language,
    location: window.location,
  });
  if (hydrate) {
    startTransition(() => hydrateRoot(container, app));
    return;
  }
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
