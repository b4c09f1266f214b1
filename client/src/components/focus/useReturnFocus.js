/* "After a dialog closes, focus goes back to what opened it" (decision 0077), done at a known moment: when the
 * dialog's exit has ended. MUI's own give-back runs when the dialog starts closing, may come after a caller has
 * already moved the focus on to what the dialog's action changed, and takes it away again; and while a dialog closes,
 * its focus trap still pulls the focus back in. A dialog using this hook sets disableRestoreFocus and passes
 * `onExited` to its transition: the opener is remembered when the dialog opens, and once it has gone the focus goes to
 * `next.current()` if the caller put a function there (what its action changed: a heading), else back to the opener.
 * A dialog unmounted while open (keyed by what it is about) does the same as it goes. */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { focusElement } from './focusElement';

export default function useReturnFocus(open, next = null) {
  const opener = useRef(null);
  useLayoutEffect(() => {
    // The dialog's content mounts in a later pass (MUI's portal): the focus is still on the opener here.
    if (open && !opener.current) opener.current = document.activeElement;
  }, [open]);

  const restore = useCallback(() => {
    const back = opener.current;
    if (!back) return;
    opener.current = null;
    const chosen = next && next.current ? next.current() : null;
    if (next) next.current = null;
    if (!focusElement(chosen)) focusElement(back, { preventScroll: true });
  }, [next]);

  const latest = useRef(restore);
  latest.current = restore;
  useEffect(() => () => latest.current(), []);

  return { onExited: restore };
}
