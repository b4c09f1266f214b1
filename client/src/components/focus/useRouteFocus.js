/* "After a page change, focus goes to the page's main heading" (decision 0077). In a single-page app the link or
 * button that led to the new page is usually gone, so the focus falls to <body> and the next Tab starts again at the
 * top; and a screen reader says nothing about the new page. When the path changes (or a shell first appears on a path
 * the document was not loaded at: after sign-in, a redirect), the new page's h1 takes the focus as soon as it is drawn
 * — unless the person is already somewhere in the new page's content or in a dialog. */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_ID, focusElement, focusIsLost } from './focusElement';

const WAIT_FOR_HEADING_MS = 8000;

// Where this module was first evaluated: the fallback for a browser without navigation timing (jsdom).
const FIRST_SEEN = typeof window === 'undefined' ? null : window.location.pathname;

/** The path the document itself was loaded at (a full page load puts the focus at the top by itself). */
function loadedPath() {
  try {
    const [entry] = window.performance.getEntriesByType('navigation');
    return entry ? new URL(entry.name).pathname : FIRST_SEEN;
  } catch {
    return FIRST_SEEN;
  }
}

function mayMoveFocus(main) {
  if (focusIsLost()) return true;
  const active = document.activeElement;
  if (active.closest('[role="dialog"], [role="alertdialog"], [aria-modal="true"]')) return false;
  return !main.contains(active);
}

/** Puts the focus on the h1 of <main> as soon as it is drawn, unless the person is already in the new page's content
 * or in a dialog. Returns a function that stops waiting. */
export function focusHeadingWhenDrawn(doc = document) {
  const main = doc.getElementById(MAIN_ID);
  if (!main) return () => {};
  let observer = null;
  let timer = null;
  const stop = () => {
    if (observer) observer.disconnect();
    clearTimeout(timer);
  };
  const attempt = () => {
    const heading = main.querySelector('h1');
    if (!heading) return false;
    if (mayMoveFocus(main)) focusElement(heading);
    return true;
  };
  if (attempt()) return stop;
  observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  observer.observe(main, { childList: true, subtree: true });
  timer = setTimeout(stop, WAIT_FOR_HEADING_MS);
  return stop;
}

/** For a page that is not in a shell with useRouteFocus (/auth): the same rule once, when it appears. */
export function focusPageOnArrival() {
  if (window.location.pathname !== loadedPath()) focusHeadingWhenDrawn();
}

// The path a shell last showed: undefined before any (the document's first page), null after a shell went away (the
// next one shows a new page, whatever its path).
let shownPath;

export default function useRouteFocus() {
  const { pathname } = useLocation();
  useEffect(
    () => () => {
      shownPath = null;
    },
    [],
  );
  useEffect(() => {
    if (pathname === shownPath) return undefined;
    const first = shownPath === undefined;
    shownPath = pathname;
    if (first && pathname === loadedPath()) return undefined;
    return focusHeadingWhenDrawn();
  }, [pathname]);
}
