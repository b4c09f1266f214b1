/* Starts the downloads a URL's first screen needs before the app's code has run (decision 0070): without it a route's
 * chunk (and the larger catalogues) were only asked for once React had rendered the router, after main and vendor had
 * been evaluated — on a phone a second or more of idle network. */
import { loadCatalogues } from '../i18n';
import { getUser } from '../session/userStore';
import { routeChunks } from './routeChunks';

// [pattern, chunks]: first match wins; ':id' is one path segment.
const ROUTES = [
  ['/auth', ['auth']],
  ['/choose-flow', ['chooseFlow']],
  // The chat button comes later (DeferredChatWidget): not part of the first screen.
  ['/', ['layout', 'home']],
  ['/apply', ['layout', 'apply']],
  ['/apply/:id', ['layout', 'ownApplication', 'apply', 'questionnaire']],
  ['/apply/:id/submitted', ['layout', 'ownApplication', 'submitted']],
  ['/stepper', ['layout', 'stepper']],
  ['/stepper/:id', ['layout', 'ownApplication', 'stepper']],
  ['/documents-upload/:id', ['layout', 'documentsUpload']],
  ['/local-select-path', ['layout', 'localSelectPath']],
  ['/local-select-path/listen', ['layout', 'listen']],
  ['/my-applications', ['layout', 'myApplications']],
  ['/dormitory', ['layout', 'dormBooking']],
];
// Routes a signed-out visitor can see; the others would send them to /auth, so their chunks are not worth fetching.
const OPEN = new Set(['/auth', '/']);

function matches(pattern, pathname) {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/' || pathname === '';
  return want.length === got.length && want.every((part, i) => part === ':id' || part === got[i]);
}

/** The chunk names (keys of routeChunks) the first screen of this path needs, [] when unknown. */
export function chunksFor(pathname, signedIn) {
  const route = ROUTES.find(([pattern]) => matches(pattern, pathname));
  if (!route) return [];
  const [pattern, chunks] = route;
  if (!signedIn && !OPEN.has(pattern)) return [];
  return chunks;
}

/** Starts the chunk downloads for pathname; failures are left to React.lazy, which asks again when it renders. */
export default function preloadRoute(pathname) {
  const chunks = chunksFor(pathname, Boolean(getUser()));
  chunks.forEach((name) => routeChunks[name]().catch(() => {}));
  // Every route but /auth renders after the larger catalogues (app/lazyWithCatalogues.js).
  if (chunks.length && !chunks.includes('auth')) loadCatalogues().catch(() => {});
  return chunks;
}
