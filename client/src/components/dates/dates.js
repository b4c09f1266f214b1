/* Dates as users in Kazakhstan write them (req §5, issue 9 §5): shown and typed as dd.MM.yyyy in every language
 * whatever the browser's locale, stored as ISO dates (YYYY-MM-DD) exactly as the server keeps them. */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/ru';
import 'dayjs/locale/kk';
import { INVALID_DATE, MAX_DATE, MIN_DATE, TIME_STEP_MINUTES } from './dateText';

dayjs.extend(customParseFormat);

export const ISO_DATE = 'YYYY-MM-DD';
export const ISO_DATE_TIME = 'YYYY-MM-DDTHH:mm';
export const DISPLAY_DATE = 'DD.MM.YYYY';
export const DISPLAY_DATE_TIME = 'DD.MM.YYYY HH:mm';
// The range a date field accepts, the time step and INVALID_DATE live with the field's text (no dayjs there).
export { INVALID_DATE, MAX_DATE, MIN_DATE, TIME_STEP_MINUTES };

/** The dayjs / picker language of a UI language (ru, kk, en; anything else falls back to ru). */
export function dateLanguage(lng) {
  const code = String(lng || '').slice(0, 2);
  return ['ru', 'kk', 'en'].includes(code) ? code : 'ru';
}

/** A stored value (ISO date or date-time) as a dayjs object; null when empty. */
export function toDayjs(value, withTime = false) {
  if (value === null || value === undefined || value === '') return null;
  return dayjs(value, withTime ? ISO_DATE_TIME : ISO_DATE, true);
}

/** The stored form of a picker value: ISO, null when empty, INVALID_DATE when unfinished or out of range. */
export function fromDayjs(value, { withTime = false, min = MIN_DATE, max = MAX_DATE } = {}) {
  if (value === null || value === undefined) return null;
  if (!value.isValid()) return INVALID_DATE;
  const day = value.format(ISO_DATE);
  if (day < min || day > max) return INVALID_DATE;
  return value.format(withTime ? ISO_DATE_TIME : ISO_DATE);
}

/** dd.MM.yyyy of an ISO date or date-time (a date-time in the browser's time zone); '' when missing or bad. */
export function formatDate(value) {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DISPLAY_DATE) : '';
}

/** dd.MM.yyyy HH:mm of an ISO date-time in the browser's time zone; '' when missing or bad. */
export function formatDateTime(value) {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DISPLAY_DATE_TIME) : '';
}
