/* Build-time only (bundled for Node by client/webpack.prerender.js, never shipped): renders the first screens that
 * are served as HTML (decision 0070) in one language, with the app's own components, catalogues and theme:
 * - /auth as a signed-out visitor sees it;
 * - the applicant's first screens (/, /apply, /apply/<id>, /stepper/<id>) as every signed-in applicant sees them before anything
 *   about them is known (SHELL_USER: header, the page's heading, its loading state; no data). boot.jsx hydrates them
 *   with the same state as the server snapshot (react-redux `serverState`), then the stored user and the answers
 *   fill in what is theirs.
 * Emotion runs in "compat" mode so no <style> lands inside the markup: every rule is collected in the cache and
 * returned as one stylesheet for <head>, which the browser's emotion cache adopts (data-emotion="css <names>") when
 * the app hydrates. */
import { Writable } from 'stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import i18n from '../i18n';
import { registerExtraCatalogues } from '../i18n/catalogues';
import App from '../app/App';
import { makeStore } from '../app/store';
import { SHELL_USER } from '../session/sessionSlice';
import QuestionnaireStyles from './questionnaireStyles';

export const LANGUAGES = ['ru', 'kk', 'en'];

/** name: dist/<name>.<lang>.html; path: the route (data-prerendered, app/routePreloads.json's pattern); location:
 * the URL rendered (an id for the :id routes: it shows nowhere on the page); signedIn: rendered as SHELL_USER;
 * questionnaireStyles: the page's <style> also carries the rules of the questionnaire's first step, drawn in the
 * browser once its reads answer (questionnaireStyles.jsx). */
export const PAGES = [
  { name: 'auth', path: '/auth', location: '/auth', signedIn: false, titleKey: 'auth.title' },
  { name: 'home', path: '/', location: '/', signedIn: true, titleKey: 'home.title' },
  { name: 'apply', path: '/apply', location: '/apply', signedIn: true, titleKey: 'apply.title' },
  {
    name: 'apply-id', path: '/apply/:id', location: '/apply/1', signedIn: true, titleKey: 'apply.title',
    questionnaireStyles: true,
  },
  // A citizen's stepper: the heading and the stepper's skeleton while the application is read (issue 27).
  { name: 'stepper-id', path: '/stepper/:id', location: '/stepper/1', signedIn: true, titleKey: 'stepper.title' },
];

/** Resolves once the whole tree (the lazily loaded screens too) is rendered: no streamed <script> swaps. */
function renderComplete(element) {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

/** { html, css, names, title, description } of the page in lng. */
export async function render(page, lng) {
  // Every language's larger catalogues at once: the browser loads one language's chunk, and a route component that
  // React.lazy has already resolved for an earlier language would not wait for the next one's.
  registerExtraCatalogues(i18n);
  await i18n.changeLanguage(lng);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const store = makeStore(page.signedIn ? { session: { user: SHELL_USER } } : undefined);
  const html = await renderComplete(
    <CacheProvider value={cache}>
      <StrictMode>
        <App store={store} Router={StaticRouter} location={page.location} />
      </StrictMode>
    </CacheProvider>,
  );
  // After the page, so its own rules keep their place in the sheet; only the rules land in the cache, not the markup.
  if (page.questionnaireStyles) {
    await renderComplete(
      <CacheProvider value={cache}>
        <QuestionnaireStyles store={store} />
      </CacheProvider>,
    );
  }
  const names = Object.keys(cache.inserted).filter((name) => typeof cache.inserted[name] === 'string');
  const css = names.map((name) => cache.inserted[name]).join('');
  return {
    html,
    css,
    names,
    title: `${i18n.t(page.titleKey)} — ${i18n.t('app.name')}`,
    description: i18n.t('app.description'),
  };
}
