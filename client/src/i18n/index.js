/* i18next set-up: RU (default), KZ (code kk), EN. The choice is kept in localStorage and mirrored
 * on <html lang>. Catalogues are bundled (small), so there is no suspense while loading. */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ru from './ru.json';
import kk from './kk.json';
import en from './en.json';
import resourcesRu from './resources/ru.json';
import resourcesKk from './resources/kk.json';
import resourcesEn from './resources/en.json';
import { mergeCatalogues, questionnaireCatalogues } from './questionnaire';
import pkbRu from './pkb/ru.json';
import pkbKk from './pkb/kk.json';
import pkbEn from './pkb/en.json';
import dormRu from './dorm/ru.json';
import dormKk from './dorm/kk.json';
import dormEn from './dorm/en.json';
import paymentsRu from './payments/ru.json';
import paymentsKk from './payments/kk.json';
import paymentsEn from './payments/en.json';
import adminRu from './admin/ru.json';
import adminKk from './admin/kk.json';
import adminEn from './admin/en.json';
import stepperRu from './stepper/ru.json';
import stepperKk from './stepper/kk.json';
import stepperEn from './stepper/en.json';
import chatRu from './chat/ru.json';
import chatKk from './chat/kk.json';
import chatEn from './chat/en.json';

export const LANGUAGE_STORAGE_KEY = 'qabyldau_lang';
export const DEFAULT_LANGUAGE = 'ru';
/** code = i18next / Accept-Language code; label = what the picker shows. */
export const LANGUAGES = [
  { code: 'ru', label: 'RU' },
  { code: 'kk', label: 'KZ' },
  { code: 'en', label: 'EN' },
];
const CODES = LANGUAGES.map((l) => l.code);

function storedLanguage() {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (value === 'kz') return 'kk';
    return CODES.includes(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(lng) {
  if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', lng);
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
    ru: { translation: mergeCatalogues(ru, resourcesRu, questionnaireCatalogues.ru, pkbRu, paymentsRu, dormRu, adminRu, stepperRu, chatRu) },
    kk: { translation: mergeCatalogues(kk, resourcesKk, questionnaireCatalogues.kk, pkbKk, paymentsKk, dormKk, adminKk, stepperKk, chatKk) },
    en: { translation: mergeCatalogues(en, resourcesEn, questionnaireCatalogues.en, pkbEn, paymentsEn, dormEn, adminEn, stepperEn, chatEn) },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: CODES,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
  showSupportNotice: false,
});

i18n.on('languageChanged', applyLanguage);
if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', i18n.language);

/** Name of a reference item (name_ru / name_en / name_kk) in the given language; kk and en fall back to ru. */
export function localizedName(item, lng) {
  if (!item) return '';
  const lang = (lng || i18n.language || DEFAULT_LANGUAGE).slice(0, 2);
  const value = item[`name_${lang}`];
  if (value && String(value).trim()) return value;
  return item.name_ru || item.name_en || item.name || '';
}

export default i18n;
