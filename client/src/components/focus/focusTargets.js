/* Finding where the focus should land (decision 0077): the first control of a part of the page, and the element a
 * change that is being made will draw. */
import { canFocus, focusElement } from './focusElement';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]';

/** The first control inside root a Tab would reach (tabindex -1 and disabled ones skipped), or null; `selector`
 * narrows the kind of control. */
export function firstTabbable(root, selector = TABBABLE) {
  if (!root) return null;
  const all = root.querySelectorAll(selector);
  for (const el of all) {
    if (el.getAttribute('tabindex') === '-1' || el.type === 'hidden' || !canFocus(el)) continue;
    const style = el.ownerDocument.defaultView.getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    return el;
  }
  return null;
}

/** Focuses what `getTarget()` returns once the change that is being made is drawn (the next frame): the element the
 * focus should land on may only appear, or only be enabled, with that change. */
export function focusWhenDrawn(getTarget) {
  const run = () => focusElement(getTarget());
  if (typeof window !== 'undefined' && window.requestAnimationFrame) window.requestAnimationFrame(run);
  else setTimeout(run, 0);
}
