/* i18next set-up: RU (default), KZ (code kk), EN. The choice is kept in localStorage and mirrored
 * on <html lang>. The core catalogues (every screen's common texts) are bundled in all three languages, so
 * switching language never waits; the larger ones arrive with the first screen that needs them (loadCatalogues,
 * i18n/catalogues.js), so /auth does not download them. */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from './ru.json';
import kk from './kk.json';
import en from './en.json';
import { mergeCatalogues } from './merge';

export const LANGUAGE_STORAGE_KEY = 'qabyldau_lang';
export const DEFAULT_LANGUAGE = 'ru';
/** code = i18next / Accept-Language code; label = what the picker shows. */
export const LANGUAGES = [
  { code: 'ru', label: 'RU' },
  { code: 'kk', label: 'KZ' },
  { code: 'en', label: 'EN' },
];
const CODES = LANGUAGES.map((l) => l.code);

const normalized = (value) => (value === 'kz' ? 'kk' : value);

/** The cookie the server chose the prerendered /auth page by (written next to the stored choice, see below). */
function cookieLanguage() {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.match(/(?:^|;\s*)qabyldau_lang=([^;]*)/);
  return match ? normalized(match[1]) : null;
}

function storedLanguage() {
  let value = null;
  try {
    value = normalized(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // storage unavailable (or no window while prerendering)
  }
  if (CODES.includes(value)) return value;
  // No stored choice (storage cleared or unavailable): the cookie's, so the app agrees with the page it was served.
  const fromCookie = cookieLanguage();
  return CODES.includes(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}

// The server picks the prerendered /auth page of this language from the cookie (server/blueprints/spa.py): the
// cookie mirrors the stored choice so a reload of /auth paints in the right language before any JavaScript runs.
export const LANGUAGE_COOKIE = 'qabyldau_lang';

function writeLanguageCookie(lng) {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; SameSite=Lax`;
}

function applyLanguage(lng) {
  if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', lng);
  writeLanguageCookie(lng);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

// Catalogue files add subtrees (i18n/resources/<lng>.json adds `resources`, `crud`, ...); keys.test.js checks that
// no two files define the same key, so the merge order does not matter.
i18n.use(initReactI18next).init({
  resources: {
    // Copies: i18next extends these objects in place when the larger catalogues are added.
    ru: { translation: mergeCatalogues(ru) },
    kk: { translation: mergeCatalogues(kk) },
    en: { translation: mergeCatalogues(en) },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: CODES,
  interpolation: { escapeValue: false },
  returnNull: false,
  // 'added': screens re-render if a catalogue arrives after them (loadCatalogues normally comes first).
  react: { useSuspense: false, bindI18nStore: 'added' },
  showSupportNotice: false,
});

i18n.on('languageChanged', applyLanguage);

let cataloguesLoading = null;
/** Loads and registers the larger catalogues once (their own chunk); resolves when t() knows their keys. */
export function loadCatalogues() {
  if (!cataloguesLoading) {
    cataloguesLoading = import(/* webpackChunkName: "catalogues" */ './catalogues')
      .then((module) => module.registerExtraCatalogues(i18n))
      .catch((error) => {
        cataloguesLoading = null; // a failed download (network) is tried again by the next screen
        throw error;
      });
  }
  return cataloguesLoading;
}
// Before this line <html lang> is the language the page was served in (the prerendered /auth is served in the
// cookie's language; client boot compares the two before hydrating).
export const SERVED_LANGUAGE = typeof document !== 'undefined' ? document.documentElement.getAttribute('lang') : null;
if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', i18n.language);
// A choice stored before the cookie existed gets its cookie now.
writeLanguageCookie(i18n.language);

const filled = (value) => (value !== null && value !== undefined && String(value).trim() ? String(value) : '');

/** Name of an item in the given language (default: the interface language): name_kk / name_en, falling back to
 * the Russian one — name_ru on reference data, name on the dormitory catalogues (decision 0073) — then to any. */
export function localizedName(item, lng) {
  if (!item) return '';
  const lang = (lng || i18n.language || DEFAULT_LANGUAGE).slice(0, 2);
  const russian = filled(item.name_ru) || filled(item.name);
  const wanted = lang === 'ru' ? russian : filled(item[`name_${lang}`]);
  return wanted || russian || filled(item.name_en) || filled(item.name_kk);
}

export default i18n;
