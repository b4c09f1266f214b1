/* A control that is disabled while its action runs (Next, Export, Sign in, the 6-digit code while it is checked)
 * drops the keyboard focus to <body>: the next Tab starts again at the top of the page. This gives the focus back to
 * it when it is enabled again — unless something else has taken the focus meanwhile (a rule of decision 0077 moved it
 * to a heading, a dialog opened, the person moved on). Installed once, by the shells. */
import { focusElement, focusIsLost } from './focusElement';

let installedOn = null;

export function keepFocusThroughBusyControls(doc = typeof document === 'undefined' ? null : document) {
  if (!doc || installedOn === doc || typeof MutationObserver === 'undefined') return;
  installedOn = doc;
  let last = null; // the element that last took the focus
  let lost = null; // that element, once it lost the focus by being disabled
  doc.addEventListener('focusin', (event) => {
    last = event.target;
    lost = null;
  });
  const observer = new MutationObserver((records) => {
    records.forEach(({ target }) => {
      if (target === last && target.disabled) lost = target;
      else if (target === lost && !target.disabled) {
        lost = null;
        if (focusIsLost(doc)) focusElement(target);
      }
    });
  });
  observer.observe(doc.body, { attributes: true, attributeFilter: ['disabled'], subtree: true });
}
