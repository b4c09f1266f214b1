/* What every shell starts once (decision 0077): the live region, so it exists before the first message, and the
 * focus keeper of busy controls. /auth loads this after its first paint (a chunk of its own), with the page-change
 * rule for a page outside the shells (focusPageOnArrival). */
import { ensureLiveRegion } from './announce';
import { keepFocusThroughBusyControls } from './focusKeeper';

export { focusPageOnArrival } from './useRouteFocus';

export default function installFocusSupport() {
  ensureLiveRegion();
  keepFocusThroughBusyControls();
}
