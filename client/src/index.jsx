/* Entry point. The first import starts the current URL's route chunks downloading (app/startRoutePreload.js) before
 * the rest of the app's modules are evaluated (ES modules run in import order); boot.jsx then renders the app, or
 * hydrates the prerendered /auth page. */
import './app/startRoutePreload';
import boot from './boot';

boot();
