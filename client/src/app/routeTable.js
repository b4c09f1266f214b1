/* The applicant URLs' table (routePreloads.json) and its matching, without the app's modules: the entry reads it in
 * its first task to start the first screen's reads (index.jsx, api/earlyReads.js); preloadRoute.js (chunks) and
 * boot.jsx (which prerendered page may be hydrated) use the same matching. */
import routePreloads from './routePreloads.json';

// Default import: webpack warns on named imports from JSON.
export const { routes } = routePreloads;

/** ':id' matches one path segment; a trailing slash is ignored. */
export function matchesRoute(pattern, pathname) {
  if (pattern === '/') return pathname === '/' || pathname === '';
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  return want.length === got.length && want.every((part, i) => part === ':id' || part === got[i]);
}

/** The first route of the table matching pathname, or undefined. */
export const routeFor = (pathname) => routes.find((candidate) => matchesRoute(candidate.path, pathname));

/** The API reads the first screen of pathname makes ({ path, method?, body? } with the URL's id put in: into the path,
 * and as a number for a body field whose value is ':id', as the app's queries send it), [] when none are listed. Ids
 * are digits only: anything else is left to the app, which sends the visitor elsewhere. */
export function readsFor(pathname) {
  const route = routeFor(pathname);
  if (!route || !route.reads) return [];
  const got = pathname.replace(/\/+$/, '').split('/');
  const id = route.path.split('/').reduce((found, part, i) => (part === ':id' ? got[i] : found), null);
  if (route.path.includes(':id') && !/^[1-9][0-9]{0,9}$/.test(id || '')) return [];
  return route.reads.map((read) => {
    const spec = typeof read === 'string' ? { path: read } : read;
    const filled = { ...spec, path: spec.path.replace(':id', id) };
    if (spec.body) {
      filled.body = Object.fromEntries(
        Object.entries(spec.body).map(([field, value]) => [field, value === ':id' ? Number(id) : value]),
      );
    }
    return filled;
  });
}
