/* Asks for the chunks a URL's first screen needs before React renders (decision 0070): without it a route's chunk
 * (and the larger catalogues) were only asked for once React had rendered the router. The table (routePreloads.json)
 * is shared with the build, which turns it into the Link preload headers the server sends with the page (and the
 * prerendered pages' <link rel=preload>), so the files download from the page's arrival on; this only evaluates them,
 * once the entry's own modules are (index.jsx, start.js), and starts the "later" ones. */
import { APPLICANT_CATALOGUES, loadCatalogues } from '../i18n';
import { getUser } from '../session/userStore';
import { routeChunks } from './routeChunks';
import { matchesRoute, routeFor } from './routeTable';

export { matchesRoute };

/** The chunk names the first screen of this path needs, [] when unknown or when a signed-out visitor would be sent to
 * /auth instead. */
export function chunksFor(pathname, signedIn) {
  const route = routeFor(pathname);
  if (!route || (!signedIn && !route.open)) return [];
  return [...route.chunks, ...(route.later || [])];
}

/** Starts the chunk downloads for pathname; failures are left to React.lazy, which asks again when it renders. */
export default function preloadRoute(pathname) {
  const chunks = chunksFor(pathname, Boolean(getUser()));
  chunks.forEach((name) => routeChunks[name]().catch(() => {}));
  // Every route but /auth renders after the larger catalogues (app/lazyWithCatalogues.js): the applicant's part, in the
  // interface language (the table lists the applicant's routes only).
  if (chunks.length && !chunks.includes('auth')) loadCatalogues(undefined, APPLICANT_CATALOGUES).catch(() => {});
  return chunks;
}
