/* The first screen's reads, asked for by the entry before the app's modules are evaluated (decision 0070, issue 27).
 * On /stepper/<id>, /apply/<id>, /my-applications and /dormitory the largest paint is text drawn from an API answer,
 * and RTK Query asks only once React has rendered the route: several hundred ms of script evaluation on a phone after
 * the last file arrived. The entry asks at once, with the headers the app will send, and baseApi's fetch hands the
 * answer to the first request that asks the same (method, URL, body, token, language) within KEEP_MS, once; any other
 * request, or one that comes later, goes to the network as before. A mismatch only costs a second request.
 * No React, no RTK, no i18next here: this runs in the entry's first task. */
import { storedLanguage } from '../i18n/storedLanguage';
import { getUser } from '../session/userStore';

export const API_BASE = '/api/v1';
const KEEP_MS = 10000;

const early = new Map(); // "METHOD absolute-url" -> { body, authorization, language, at, response }

const keyOf = (method, url) => `${method.toUpperCase()} ${url}`;

/** Starts reads: [{ path, method?, body? }] with path under API_BASE; nothing for a signed-out visitor (every read a
 * first screen makes is the signed-in user's). */
export function startEarlyReads(reads) {
  if (typeof fetch !== 'function' || !reads.length) return 0;
  const user = getUser();
  if (!user || !user.token) return 0;
  const authorization = `Bearer ${user.token}`;
  const language = storedLanguage();
  reads.forEach(({ path, method = 'GET', body }) => {
    const url = new URL(API_BASE + path, window.location.href).href;
    const text = body === undefined ? null : JSON.stringify(body);
    const headers = { Authorization: authorization, 'Accept-Language': language, Accept: 'application/json' };
    if (text !== null) headers['Content-Type'] = 'application/json';
    const response = fetch(url, { method, headers, body: text === null ? undefined : text });
    response.catch(() => {}); // a failed early read is asked again by the app
    early.set(keyOf(method, url), { body: text, authorization, language, at: Date.now(), response });
  });
  return reads.length;
}

/** The early answer to request (a Request), or null: taken once, only when everything the server reads is the same. */
export async function takeEarlyRead(request) {
  // Browsers give a Request an absolute URL; some fetch polyfills keep it as given.
  const key = keyOf(request.method, new URL(request.url, window.location.href).href);
  const read = early.get(key);
  if (!read) return null;
  early.delete(key);
  if (Date.now() - read.at > KEEP_MS) return null;
  if (request.headers.get('Authorization') !== read.authorization) return null;
  if (request.headers.get('Accept-Language') !== read.language) return null;
  if (read.body !== null || request.method !== 'GET') {
    const body = await request.clone().text();
    if (body !== (read.body || '')) return null;
  }
  try {
    return await read.response;
  } catch {
    return null;
  }
}

/** fetchBaseQuery's fetchFn: an early answer when there is one, else the network. */
export const fetchWithEarlyReads = async (request) => (await takeEarlyRead(request)) || fetch(request);
