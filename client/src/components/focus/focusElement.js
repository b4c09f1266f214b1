/* Moving the keyboard focus on purpose (decision 0077). Every rule of the decision ends here, so a rule moves the
 * focus the same way wherever it is applied. What only the later screens need is in focusTargets.js (this module is
 * part of /auth's first download). */

const NATIVELY_FOCUSABLE = 'a[href], button, input, select, textarea, iframe, summary, [tabindex]';

/** Whether el can take the focus where it is now (connected, not disabled, not inside an inert part). Not refused:
 * a part a closing modal still hides with aria-hidden — MUI lifts that only once the dialog's exit has run, and the
 * focus must land before (decision 0077). */
export function canFocus(el) {
  if (!el || !el.isConnected || el.disabled) return false;
  return !el.closest('[inert]');
}

/** Focuses el. An element that is not focusable by nature (a heading, a section) gets tabindex="-1" first: reachable
 * by script, never a Tab stop. Returns whether the focus is there. */
export function focusElement(el, { preventScroll = false } = {}) {
  if (!canFocus(el)) return false;
  if (!el.matches(NATIVELY_FOCUSABLE)) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll });
  return el.ownerDocument.activeElement === el;
}

/** Whether the focus is nowhere in particular: on <body>, or on an element that has left the page or been
 * disabled (a keyboard user cannot act from there). */
export function focusIsLost(doc = document) {
  const active = doc.activeElement;
  return !active || active === doc.body || active === doc.documentElement || !active.isConnected || Boolean(active.disabled);
}

/** The element holding the page's content (each shell's <main id="main-content">). */
export const MAIN_ID = 'main-content';

/** The page's main heading (the first h1 inside <main>), else <main> itself. */
export function mainHeading(doc = document) {
  const main = doc.getElementById(MAIN_ID);
  if (!main) return null;
  return main.querySelector('h1') || main;
}

