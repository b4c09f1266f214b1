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
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES as CODES,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  storedLanguage,
} from './storedLanguage';

export { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES };

// The server picks the prerendered pages of this language from the cookie (server/blueprints/spa.py): the cookie
// mirrors the stored choice so a reload paints in the right language before any JavaScript runs.
function writeLanguageCookie(lng) {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; SameSite=Lax`;
}

function storeLanguage(lng) {
  writeLanguageCookie(lng);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

function applyLanguage(lng) {
  if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', lng);
  storeLanguage(lng);
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
  // 'added': screens re-render when a catalogue arrives after them — announced only for the loads no screen waited
  // for (a language switched behind the screens' backs, below); the others are added silently (loadPart).
  react: { useSuspense: false, bindI18nStore: 'added' },
  showSupportNotice: false,
});

i18n.on('languageChanged', applyLanguage);

// The larger catalogues, one chunk per language and part (issue 27; i18n/lazyCatalogues/): a screen waits for its
// language's only, an applicant's screen for the applicant's part only, and a change of language brings the new
// language's parts before the switch (changeLanguage below), so no screen shows a key meanwhile.
const LARGER_CATALOGUES = {
  applicant: {
    ru: () => import(/* webpackChunkName: "catalogues-ru" */ './lazyCatalogues/ru'),
    kk: () => import(/* webpackChunkName: "catalogues-kk" */ './lazyCatalogues/kk'),
    en: () => import(/* webpackChunkName: "catalogues-en" */ './lazyCatalogues/en'),
  },
  staff: {
    ru: () => import(/* webpackChunkName: "catalogues-staff-ru" */ './lazyCatalogues/staff-ru'),
    kk: () => import(/* webpackChunkName: "catalogues-staff-kk" */ './lazyCatalogues/staff-kk'),
    en: () => import(/* webpackChunkName: "catalogues-staff-en" */ './lazyCatalogues/staff-en'),
  },
  // The questionnaire's form labels: with the questionnaire's chunk (components/questionnaire/loadQuestionnaire.js).
  forms: {
    ru: () => import(/* webpackChunkName: "catalogues-forms-ru" */ './lazyCatalogues/forms-ru'),
    kk: () => import(/* webpackChunkName: "catalogues-forms-kk" */ './lazyCatalogues/forms-kk'),
    en: () => import(/* webpackChunkName: "catalogues-forms-en" */ './lazyCatalogues/forms-en'),
  },
};
/** What the applicant's screens need (app/router.jsx, app/preloadRoute.js); the default is every part. */
export const APPLICANT_CATALOGUES = ['applicant'];
/** What the questionnaire adds to them. */
export const FORM_CATALOGUES = ['forms'];
const ALL_CATALOGUES = Object.keys(LARGER_CATALOGUES);
const cataloguesLoading = { applicant: {}, staff: {}, forms: {} };
const cataloguesLoaded = { applicant: {}, staff: {}, forms: {} };

function loadPart(part, code) {
  if (!cataloguesLoading[part][code]) {
    cataloguesLoading[part][code] = LARGER_CATALOGUES[part][code]()
      .then((module) => {
        // Silent: every screen that shows these texts waits for them before it renders (lazyWithCatalogues,
        // loadQuestionnaire, the second-factor step), so there is nothing to draw again. Announced ('added'), the
        // questionnaire's form labels re-rendered every mounted screen — the header, the footer and the page, ~190
        // components in one commit on /apply/<id> while it loads on a phone (issue 27).
        i18n.addResourceBundle(code, 'translation', module.default, true, false, { silent: true });
        cataloguesLoaded[part][code] = true;
      })
      .catch((error) => {
        delete cataloguesLoading[part][code]; // a failed download (network) is tried again by the next screen
        throw error;
      });
  }
  return cataloguesLoading[part][code];
}

/** Loads and registers the larger catalogues of lng (default: the interface language) once — the given parts, by
 * default all; resolves when t() knows their keys in that language. */
export function loadCatalogues(lng = i18n.language, parts = ALL_CATALOGUES) {
  const code = CODES.includes(lng) ? lng : DEFAULT_LANGUAGE;
  return Promise.all(parts.map((part) => loadPart(part, code))).then(() => undefined);
}

/** The parts some screen has asked for so far (in any language). */
const partsInUse = () => ALL_CATALOGUES.filter((part) => Object.keys(cataloguesLoading[part]).length);

/** Switches the interface language; the new language's parts of the larger catalogues that screens have needed so
 * far arrive first (the switch happens anyway if they cannot be downloaded). */
export function changeLanguage(lng) {
  // Stored at once: a page left (or a link followed) before the texts arrive opens in the chosen language.
  if (CODES.includes(lng)) storeLanguage(lng);
  const parts = partsInUse();
  const before = parts.length ? loadCatalogues(lng, parts).catch(() => {}) : null;
  return Promise.resolve(before).then(() => i18n.changeLanguage(lng));
}
// Any other switch (i18n.changeLanguage) still gets its texts: the screens already showing the new language are
// drawn again once its parts are added ('added', which react-i18next listens to); not when they were there already.
i18n.on('languageChanged', (lng) => {
  const parts = partsInUse();
  if (!parts.length) return;
  const code = CODES.includes(lng) ? lng : DEFAULT_LANGUAGE;
  if (parts.every((part) => cataloguesLoaded[part][code])) return;
  loadCatalogues(lng, parts)
    .then(() => i18n.store.emit('added', code, 'translation'))
    .catch(() => {});
});
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
