/* Entry point, kept free of static imports but one small listener (prerender/earlySubmit.js, no React): on the
 * prerendered /auth page (dist/auth.<lang>.html) the form is already in the HTML, so the app's modules (React, MUI,
 * the store, i18next: a few hundred ms of evaluation on a phone) are evaluated only after the browser has painted
 * it; elsewhere at once. "eager": the modules stay in the entry's
 * chunks (no extra request); only their evaluation is deferred (decision 0070). */
import { listenForEarlySubmits } from './prerender/earlySubmit';

// In three tasks with a pause between them (the route chunks' downloads and i18next; React DOM; the rest and the
// render), not one of 150-450 ms on a phone during which a tap waits (total blocking time, decision 0070).
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));
const start = () =>
  import(/* webpackMode: "eager" */ './app/startRoutePreload')
    .then(pause)
    .then(() => import(/* webpackMode: "eager" */ 'react-dom/client'))
    .then(pause)
    .then(() => import(/* webpackMode: "eager" */ './start'))
    .then((module) => module.default());

// A prerendered form sent before the app has hydrated it is sent again once it has (prerender/earlySubmit.js).
listenForEarlySubmits();

const root = document.getElementById('root');
if (root && root.hasAttribute('data-prerendered')) {
  window.requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
