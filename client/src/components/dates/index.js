/* The date field (a light masked field; its calendar, MUI X's picker, is a chunk of its own fetched on use) with the
 * constants its callers need. Code that shows or converts dates imports './dates/dates' (dayjs): webpack keeps every
 * re-export of this barrel, so re-exporting the dayjs helpers here brought dayjs to every screen with a date field
 * (and formatDate from here once brought the picker to the home page; decision 0070). */
export { default as DateInput } from './DateInput';
export { INVALID_DATE, MAX_DATE, MIN_DATE, TIME_STEP_MINUTES } from './dateText';
