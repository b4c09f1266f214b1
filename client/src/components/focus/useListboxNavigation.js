/* The WAI-ARIA listbox pattern for a list of choices (decision 0077): one Tab stop (the active option, roving
 * tabindex), Up / Down, Home / End and Page Up / Page Down move the focus, Enter or Space picks. Moving past the last
 * option asks for more (`onEnd`: the next page of a paged search). Options are plain elements with role="option";
 * the list draws them with `optionProps(index)` and itself with `listProps`. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { focusIsLost } from './focusElement';

const PAGE = 10;

export default function useListboxNavigation({ count, onPick, onEnd, itemsKey }) {
  const [active, setActive] = useState(0);
  const options = useRef([]);
  const inList = useRef(false); // an option had the focus, and it has not been taken elsewhere
  const current = Math.min(active, Math.max(count - 1, 0));

  // New results replaced the option that had the focus (a search answered after the person moved into the list):
  // the focus stays in the list, on the option at the same place, instead of falling to the page.
  useEffect(() => {
    if (!inList.current || !focusIsLost()) return;
    const el = options.current[Math.min(active, count - 1)];
    if (el) el.focus();
  }, [itemsKey, active, count]);

  useEffect(() => {
    if (active > 0 && active >= count) setActive(Math.max(count - 1, 0)); // a new search: fewer rows
  }, [active, count]);

  const moveTo = useCallback(
    (index) => {
      const next = Math.max(0, Math.min(index, count - 1));
      setActive(next);
      const el = options.current[next];
      if (el) el.focus();
    },
    [count],
  );

  const onKeyDown = (event) => {
    if (!count) return;
    const from = current;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        if (from === count - 1 && onEnd) onEnd();
        moveTo(from + 1);
        break;
      case 'ArrowUp':
        moveTo(from - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        if (onEnd) onEnd();
        moveTo(count - 1);
        break;
      case 'PageDown':
        if (from + PAGE >= count - 1 && onEnd) onEnd();
        moveTo(from + PAGE);
        break;
      case 'PageUp':
        moveTo(from - PAGE);
        break;
      case 'Enter':
      case ' ':
        onPick(from);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const optionProps = (index) => ({
    role: 'option',
    tabIndex: index === current ? 0 : -1,
    ref: (el) => {
      options.current[index] = el;
    },
    onFocus: () => {
      inList.current = true;
      setActive(index);
    },
    onBlur: (event) => {
      if (event.relatedTarget) inList.current = false; // moved on; a removed option blurs to nothing
    },
    onClick: () => {
      setActive(index);
      onPick(index);
    },
  });

  return {
    active: current,
    listProps: { role: 'listbox', onKeyDown },
    optionProps,
    /** Focuses the active option (the list's way in from a search box: Down arrow). */
    focusActive: () => moveTo(current),
  };
}
