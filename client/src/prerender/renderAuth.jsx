/* Build-time only (bundled for Node by client/webpack.prerender.js, never shipped): renders /auth as a signed-out
 * visitor sees it, in one language, with the app's own components, catalogues and theme. Emotion runs in "compat"
 * mode so no <style> lands inside the markup: every rule is collected in the cache and returned as one stylesheet for
 * <head>, which the browser's emotion cache adopts (data-emotion="css <names>") when the app hydrates. */
import { Writable } from 'stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import i18n from '../i18n';
import App from '../app/App';
import { makeStore } from '../app/store';

export const LANGUAGES = ['ru', 'kk', 'en'];
export const PATH = '/auth';

/** Resolves once the whole tree (the lazily loaded auth screen too) is rendered: no streamed <script> swaps. */
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

/** { html, css, names, title, description } of /auth in lng. */
export async function render(lng) {
  await i18n.changeLanguage(lng);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = await renderComplete(
    <CacheProvider value={cache}>
      <StrictMode>
        <App store={makeStore()} Router={StaticRouter} location={PATH} />
      </StrictMode>
    </CacheProvider>,
  );
  const names = Object.keys(cache.inserted).filter((name) => typeof cache.inserted[name] === 'string');
  const css = names.map((name) => cache.inserted[name]).join('');
  return {
    html,
    css,
    names,
    title: `${i18n.t('auth.title')} — ${i18n.t('app.name')}`,
    description: i18n.t('app.description'),
  };
}
