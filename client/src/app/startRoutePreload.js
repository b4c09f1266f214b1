// Side effect on purpose: imported first by index.jsx, so the downloads start before the heavy modules run.
import preloadRoute from './preloadRoute';

preloadRoute(window.location.pathname);
