/* The one polite live region (decision 0077): status messages — what an action did, how many results a search or a
 * filter found — are read out by screen readers from here, without moving the focus. It is a plain node at the end of
 * <body>, outside React's tree, so it exists once for the whole app, survives route changes and costs the first
 * screen nothing (it is created the first time a shell or a message needs it). Errors keep role="alert" (the toast). */

const HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);' +
  'white-space:nowrap';
// The text is written a moment after the region is emptied: a message equal to the previous one is read again.
const WRITE_DELAY_MS = 100;

let region = null;
let timer = null;

/** Creates the region if it is not in the page yet (a region must exist before its text changes to be read). */
export function ensureLiveRegion(doc = typeof document === 'undefined' ? null : document) {
  if (!doc || !doc.body) return null;
  if (region && region.isConnected && region.ownerDocument === doc) return region;
  region = doc.createElement('div');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.setAttribute('data-testid', 'live-region');
  region.style.cssText = HIDDEN;
  doc.body.appendChild(region);
  // A modal dialog (MUI) hides every other child of <body> from screen readers with aria-hidden while it is open —
  // this region too, and then nothing said while a dialog or the application panel is open would be heard.
  if (typeof MutationObserver !== 'undefined') {
    const node = region;
    new MutationObserver(() => {
      if (node.hasAttribute('aria-hidden')) node.removeAttribute('aria-hidden');
    }).observe(node, { attributes: true, attributeFilter: ['aria-hidden'] });
  }
  return region;
}

/** Says `message` politely (the reader finishes what it is reading first). */
export function announce(message) {
  const node = ensureLiveRegion();
  if (!node || !message) return;
  node.textContent = '';
  clearTimeout(timer);
  timer = setTimeout(() => {
    node.textContent = String(message);
  }, WRITE_DELAY_MS);
}
