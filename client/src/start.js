// The app proper (evaluated by index.jsx's last step): the current URL's route chunks are asked for first (ES modules
// run in import order; their files are already downloading, see index.jsx), then boot.jsx renders the app or hydrates
// the prerendered page.
import './app/startRoutePreload';
import boot from './boot';

export default boot;
