/* Entry point, kept free of static imports but a small listener (prerender/earlySubmit.js) and the first screen's
 * reads (api/earlyReads.js with app/routeTable.js), none of them React, RTK or i18next: on the
 * prerendered pages the first screen is already in the HTML, so the app's modules (React, MUI, the store, i18next: a
 * few hundred ms of evaluation on a phone) are evaluated only after the browser has painted it; elsewhere at once.
 * "eager": the modules stay in the entry's chunks (no extra request); only their evaluation is deferred (decision
 * 0070). */
import { startEarlyReads } from './api/earlyReads';
import { readsFor } from './app/routeTable';
import { listenForEarlySubmits } from './prerender/earlySubmit';

// The API answers the first screen's largest text is drawn from (the stepper's card, the dormitory's notice, ...) are
// asked for now, not once React has rendered the route a few hundred ms of evaluation later (decision 0070).
startEarlyReads(readsFor(window.location.pathname));

// The entry's modules are evaluated in steps, each in a task of its own (a zero timeout between them), not in one
// task of several hundred ms on a phone during which a tap waits (total blocking time, decision 0070 / issue 27).
// Each step evaluates only what the steps before it have not: i18next and the core catalogues; React DOM; emotion,
// MUI's styling core and the theme; Redux Toolkit with RTK Query and the store; then the rest (router, App), which
// also asks for the route's chunks (app/startRoutePreload.js). Those are only evaluated from then on: a route chunk
// evaluated on its arrival earlier took every library its modules import with it, in one task of 300-750 ms
// (long_tasks.py). Their files are downloading since the page arrived (the Link / <link rel=preload> of the page).
// The render (boot) gets a task of its own too.
const pause = (value) =>
  new Promise((resolve) => {
    setTimeout(() => resolve(value), 0);
  });
const start = () =>
  import(/* webpackMode: "eager" */ './i18n')
    .then(pause)
    .then(() => import(/* webpackMode: "eager" */ 'react-dom/client'))
    .then(pause)
    .then(() => import(/* webpackMode: "eager" */ './app/theme'))
    .then(pause)
    .then(() => import(/* webpackMode: "eager" */ './app/store'))
    .then(pause)
    .then(() => import(/* webpackMode: "eager" */ './start'))
    .then(pause)
    .then((module) => module.default());

// A prerendered form sent before the app has hydrated it is sent again once it has (prerender/earlySubmit.js).
listenForEarlySubmits();

const root = document.getElementById('root');
if (root && root.hasAttribute('data-prerendered')) {
  window.requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
