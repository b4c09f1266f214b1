/* The date field (MUI X's picker, ~65 KB compressed) with the date helpers: for screens with a date *input*. Code that
 * only shows dates imports './dates/dates' instead — webpack keeps every re-export of this barrel, so importing
 * formatDate from here brought the picker to the home page (through the payment panel; decision 0070). */
export { default as DateInput } from './DateInput';
export {
  DISPLAY_DATE,
  INVALID_DATE,
  ISO_DATE,
  MAX_DATE,
  MIN_DATE,
  dateLanguage,
  formatDate,
  formatDateTime,
  fromDayjs,
  toDayjs,
} from './dates';
