/* "After a step change, focus goes to the step's heading" and its kin (decision 0077): when `key` changes, the
 * element of `ref` (a ref, or a function returning the element) gets the focus once it is drawn. The first key that
 * is not null is where things start (the data arrived), not a change: a page that opens does not pull the focus away
 * from where it is. */
import { useEffect, useRef } from 'react';
import { focusElement } from './focusElement';

export default function useFocusOnChange(key, ref, { enabled = true } = {}) {
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    const started = previous.current !== null && previous.current !== undefined;
    previous.current = key;
    if (!started || !enabled) return;
    const target = typeof ref === 'function' ? ref() : ref.current;
    if (target) focusElement(target);
  }, [key, ref, enabled]);
}
