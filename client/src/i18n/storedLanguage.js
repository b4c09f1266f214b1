/* The interface language as stored by the last visit: localStorage first, then the cookie the server reads, then
 * Russian. No i18next here: the entry's first task reads it (api/earlyReads.js) before the app's modules run. */
export const LANGUAGE_STORAGE_KEY = 'qabyldau_lang';
export const LANGUAGE_COOKIE = 'qabyldau_lang';
export const DEFAULT_LANGUAGE = 'ru';
/** code = i18next / Accept-Language code; label = what the picker shows. */
export const LANGUAGES = [
  { code: 'ru', label: 'RU' },
  { code: 'kk', label: 'KZ' },
  { code: 'en', label: 'EN' },
];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);

const normalized = (value) => (value === 'kz' ? 'kk' : value);

/** The cookie the server chose the prerendered pages by (written next to the stored choice, i18n/index.js). */
function cookieLanguage() {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.match(/(?:^|;\s*)qabyldau_lang=([^;]*)/);
  return match ? normalized(match[1]) : null;
}

export function storedLanguage() {
  let value = null;
  try {
    value = normalized(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // storage unavailable (or no window while prerendering)
  }
  if (LANGUAGE_CODES.includes(value)) return value;
  // No stored choice (storage cleared or unavailable): the cookie's, so the app agrees with the page it was served.
  const fromCookie = cookieLanguage();
  return LANGUAGE_CODES.includes(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}
