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
