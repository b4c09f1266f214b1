/* Next with an invalid field, or a save the server refused, takes the applicant to the field (issue 10, §5; decision
 * 0077: after an error, the focus goes to the first error). */
import { testIdOf } from './data';
import { focusElement } from '../focus/focusElement';
import { firstTabbable } from '../focus/focusTargets';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])';

/** The control of the field at `path` that takes the focus, or null when the field is not on screen. The field's
 * test id marks its input, or a box (radio group, group) holding one; a file field's input is no Tab stop (its
 * button is), so its button is the one. */
export function fieldFocusTarget(path) {
  if (typeof document === 'undefined' || !path) return null;
  const marked = document.querySelector(`[data-testid="${testIdOf(path).replace(/["\\]/g, '\\$&')}"]`);
  if (!marked) return null;
  const own = marked.matches(FOCUSABLE) && marked.getAttribute('tabindex') !== '-1' ? marked : null;
  return own || firstTabbable(marked) || firstTabbable(marked.parentElement);
}

/** Scrolls the field at `path` into view (its whole box: label, helper text) and focuses it. */
export function focusField(path) {
  const target = fieldFocusTarget(path);
  if (!target) return false;
  const box = target.closest('.MuiFormControl-root, fieldset, section') || target;
  if (box.scrollIntoView) box.scrollIntoView({ block: 'center', behavior: 'smooth' });
  return focusElement(target, { preventScroll: true });
}
