/* Result counts of searches and filters are said through the live region (WCAG 4.1.3; decision 0077) once they
 * settle: `message` is announced `delay` ms after its last change (never on the first render, and never when null —
 * a search still loading has nothing to say yet). With `key` (what was searched for), a message is announced only
 * for a new key: a count that changes because of something else (a staff action moved a row out of the list) is not
 * a search result. */
import { useEffect, useRef } from 'react';
import { announce } from './announce';

export const ANNOUNCE_SETTLE_MS = 700;

const NO_KEY = {};

export default function useAnnounceChange(message, { delay = ANNOUNCE_SETTLE_MS, key = NO_KEY } = {}) {
  const previous = useRef(message);
  const announcedKey = useRef(key);
  useEffect(() => {
    if (message === null || message === undefined) {
      if (key === NO_KEY) previous.current = null; // the next result, whatever it says, is news
      return undefined;
    }
    const news = key === NO_KEY ? message !== previous.current : key !== announcedKey.current;
    if (!news) return undefined;
    const timer = setTimeout(() => {
      previous.current = message;
      announcedKey.current = key;
      announce(message);
    }, delay);
    return () => clearTimeout(timer);
  }, [message, delay, key]);
}
