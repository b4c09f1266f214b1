// Side effect on purpose: imported first by start.js, so the route's chunks are asked for before boot renders. They
// are not asked for any earlier (index.jsx): a chunk's modules are evaluated when it arrives, and before the entry's
// libraries were evaluated that took all of them along in one long task.
import preloadRoute from './preloadRoute';

preloadRoute(window.location.pathname);
