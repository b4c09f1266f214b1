/* Next with an invalid field, or a save the server refused, takes the applicant to the field (issue 10, §5). */
import { testIdOf } from './data';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])';

/** Scrolls the field at `path` into view and focuses it. The field's test id marks its input, or a box (radio
 * group, group, file) holding one. */
export function focusField(path) {
  if (typeof document === 'undefined' || !path) return false;
  const marked = document.querySelector(`[data-testid="${testIdOf(path).replace(/["\\]/g, '\\$&')}"]`);
  if (!marked) return false;
  const target = marked.matches(FOCUSABLE) ? marked : marked.querySelector(FOCUSABLE);
  const box = (target && target.closest('.MuiFormControl-root, fieldset, section')) || marked;
  if (box.scrollIntoView) box.scrollIntoView({ block: 'center', behavior: 'smooth' });
  if (target && target.focus) target.focus({ preventScroll: true });
  return true;
}
