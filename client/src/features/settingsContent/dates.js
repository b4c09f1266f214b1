/* The date-time fields of the Settings forms: a native datetime-local input (no picker library in the chunk) holds
 * the browser's local time; the server stores UTC instants. */
import dayjs from 'dayjs';
import { formatDateTime } from '../../components/dates/dates';

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';

/** An ISO instant from the server as the input's value ('' when empty). */
export function toLocalInput(value) {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.format(LOCAL_INPUT) : '';
}

/** The input's value as an ISO instant for the server (null when empty or not a date). */
export function fromLocalInput(value) {
  if (!value) return null;
  const moment = dayjs(value, LOCAL_INPUT);
  return moment.isValid() ? moment.toISOString() : null;
}

/** dd.MM.yyyy HH:mm, as every staff screen shows a moment. */
export const showMoment = formatDateTime;
