/* Reads nothing on the first screen is drawn from (the header's unread counts, the session refresh, the dormitory's
 * receipts) wait until that screen is drawn: its route's page has mounted, its own reads have answered (and a page
 * drawn by a deferred render has released its hold) and the browser has painted and gone idle once after them — or
 * MAX_WAIT_MS have passed. On a phone the page's first second is a queue of scripts, reads
 * and renders; these answers used to arrive in it and re-render the header before the page's own text was painted
 * (issue 27, decision 0070: LCP on /stepper/<id> and /dormitory). Once settled, a store stays settled: moving
 * between screens never waits. State is per store (each test's store starts afresh). */
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { baseApi } from './baseApi';

export const MAX_WAIT_MS = 4000;

const watches = new WeakMap(); // store -> { pageShown, settled, listeners, check }

const readsPending = (state) =>
  Object.values(state[baseApi.reducerPath].queries).some((query) => query && query.status === 'pending');

const whenIdle = (callback) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(callback, { timeout: 500 })
    : setTimeout(callback, 50);

function watchOf(store) {
  let watch = watches.get(store);
  if (watch) return watch;
  watch = { pageShown: false, settled: false, listeners: new Set(), scheduled: false, holds: 0 };
  let fallback = null;
  let unsubscribe = () => {};
  const settle = () => {
    if (watch.settled) return;
    watch.settled = true;
    clearTimeout(fallback);
    unsubscribe();
    watch.listeners.forEach((notify) => notify());
    watch.listeners.clear();
  };
  watch.check = () => {
    if (watch.settled || watch.scheduled || !watch.pageShown || watch.holds > 0 || readsPending(store.getState())) return;
    // The answer that ended the last read is drawn in the next frame; the browser is idle once that is painted.
    watch.scheduled = true;
    window.requestAnimationFrame(() =>
      whenIdle(() => {
        watch.scheduled = false;
        // another read started meanwhile, or a page began to hold: its answer, or its release, ends the wait
        if (watch.holds > 0 || readsPending(store.getState())) return;
        settle();
      }),
    );
  };
  fallback = setTimeout(settle, MAX_WAIT_MS);
  unsubscribe = store.subscribe(() => watch.check());
  watches.set(store, watch);
  return watch;
}

/** Called by a route's page when it mounts (app/lazyWithCatalogues.js): from then on, its reads are what is waited for. */
export function firstScreenPageShown(store) {
  const watch = watchOf(store);
  watch.pageShown = true;
  watch.check();
}

/** A page whose first screen is drawn by a deferred render (useDeferredValue, startTransition) holds the wait while
 * `holding`: React renders such an update in slices and the browser goes idle between them, so "reads answered,
 * painted, idle" came before the page's text was painted (/stepper/<id>: the step's text, its largest paint, after
 * the header's counts and the session refresh had gone). MAX_WAIT_MS still ends every wait. */
export function useFirstScreenHold(holding) {
  const store = useStore();
  useEffect(() => {
    const watch = watchOf(store);
    if (!holding || watch.settled) return undefined;
    watch.holds += 1;
    return () => {
      watch.holds -= 1;
      watch.check();
    };
  }, [store, holding]);
}

/** Whether the first screen is drawn: false until then, for queries to pass as `skip`. */
export function useAfterFirstScreen() {
  const store = useStore();
  const [settled, setSettled] = useState(() => watchOf(store).settled);
  useEffect(() => {
    const watch = watchOf(store);
    if (watch.settled) {
      setSettled(true);
      return undefined;
    }
    const notify = () => setSettled(true);
    watch.listeners.add(notify);
    return () => watch.listeners.delete(notify);
  }, [store]);
  return settled;
}
