// The app proper (loaded by index.jsx): the current URL's route chunks start downloading first (ES modules run in
// import order), then boot.jsx renders the app or hydrates the prerendered /auth page.
import './app/startRoutePreload';
import boot from './boot';

export default boot;
