/* The home page's chat button, loaded once the page is up: after the visitor's first interaction or when the browser
 * is idle (at most IDLE_TIMEOUT_MS later). It used to share the home page's Suspense boundary, so the cards waited
 * for the chat's chunk (~40 KB compressed with its parts) and its render on a phone (decision 0070). The button is
 * position: fixed, so its late arrival moves nothing. */
import { Suspense, useEffect, useState } from 'react';
import { APPLICANT_CATALOGUES } from '../i18n';
import { lazyWithCatalogues } from './lazyWithCatalogues';
import { routeChunks } from './routeChunks';

const ChatWidget = lazyWithCatalogues(routeChunks.chat, APPLICANT_CATALOGUES);
const IDLE_TIMEOUT_MS = 3000;
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll'];

export function whenIdleOrInteracted(callback, timeout = IDLE_TIMEOUT_MS) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cleanup();
    callback();
  };
  const idle = typeof window.requestIdleCallback === 'function';
  const handle = idle ? window.requestIdleCallback(run, { timeout }) : window.setTimeout(run, timeout);
  INTERACTIONS.forEach((name) => window.addEventListener(name, run, { passive: true, capture: true }));
  function cleanup() {
    if (idle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
    INTERACTIONS.forEach((name) => window.removeEventListener(name, run, { capture: true }));
  }
  return () => {
    done = true;
    cleanup();
  };
}

export default function DeferredChatWidget() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdleOrInteracted(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
