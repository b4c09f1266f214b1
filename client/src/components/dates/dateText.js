/* The date field's text without a date library (components/dates/DateInput.jsx): the digits of dd.mm.yyyy
 * [hh:mm] in fixed places ("slots"), what an edit of the <input> does to them, and the stored form (ISO, null or
 * INVALID_DATE). Kept apart from dates.js so that the field's first download has no dayjs: the calendar, which
 * needs it, is loaded when asked for (issue 27, decision 0070). */

/** What a date answer holds while the typed text is not a date in range: the rule engine and the resource forms
 * refuse it ('Date input not valid.', req §8), so it is never saved. */
export const INVALID_DATE = 'invalid-date';
/** The range a date field accepts (the questionnaire's year selects span the same century). */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';
/** req §9: the date-time picker's time interval. */
export const TIME_STEP_MINUTES = 30;

const DATE_MASK = '00.00.0000';
const DATE_TIME_MASK = '00.00.0000 00:00';
// [start, end) of each part in the text: day, month, year (hour, minute).
const SECTIONS = [
  [0, 2],
  [3, 5],
  [6, 10],
  [11, 13],
  [14, 16],
];
const SEPARATORS = /^[.,/\-\s:]$/;

export const maskOf = (withTime) => (withTime ? DATE_TIME_MASK : DATE_MASK);
const sectionsOf = (withTime) => SECTIONS.slice(0, withTime ? 5 : 3);

/** The index of the first slot at or after position pos of the text. */
function slotAt(mask, pos) {
  let index = 0;
  for (let i = 0; i < Math.min(pos, mask.length); i += 1) if (mask[i] === '0') index += 1;
  return index;
}

/** The position of slot `index` in the text (the text's length past the last slot). */
function positionOf(mask, index) {
  let seen = 0;
  for (let i = 0; i < mask.length; i += 1) {
    if (mask[i] === '0') {
      if (seen === index) return i;
      seen += 1;
    }
  }
  return mask.length;
}

export const emptySlots = (withTime) => Array(withTime ? 12 : 8).fill('');

/** The slots of a stored value (an ISO date or date-time): all empty for null, INVALID_DATE or anything else. */
export function slotsOf(value, withTime = false) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(typeof value === 'string' ? value : '');
  if (!match) return emptySlots(withTime);
  const [, year, month, day, hours = '00', minutes = '00'] = match;
  return `${day}${month}${year}${withTime ? hours + minutes : ''}`.split('');
}

/** The text shown: every slot in its place, an empty one as the placeholder's letter there (ДД.ММ.ГГГГ). */
export function textOf(slots, placeholder) {
  const mask = maskOf(slots.length > 8);
  let slot = 0;
  let text = '';
  for (let pos = 0; pos < mask.length; pos += 1) {
    if (mask[pos] === '0') {
      text += slots[slot] || placeholder[pos] || '_';
      slot += 1;
    } else {
      text += mask[pos];
    }
  }
  return text;
}

export const isEmpty = (slots) => slots.every((digit) => !digit);
const isComplete = (slots) => slots.every(Boolean);

/** The stored form of the slots: null when empty; the ISO date (YYYY-MM-DD, with the time YYYY-MM-DDTHH:mm) when
 * complete, a real date and within [min, max] (the day compared); INVALID_DATE otherwise. */
export function storedOf(slots, { withTime = false, min = MIN_DATE, max = MAX_DATE } = {}) {
  if (isEmpty(slots)) return null;
  if (!isComplete(slots)) return INVALID_DATE;
  const digits = slots.join('');
  const [day, month, year] = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real =
    date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  const iso = `${year}-${month}-${day}`;
  if (!real || iso < min.slice(0, 10) || iso > max.slice(0, 10)) return INVALID_DATE;
  if (!withTime) return iso;
  const [hours, minutes] = [digits.slice(8, 10), digits.slice(10, 12)];
  if (Number(hours) > 23 || Number(minutes) > 59) return INVALID_DATE;
  return `${iso}T${hours}:${minutes}`;
}

/** A stored value that is a date (not empty, not INVALID_DATE). */
export const isDate = (value) => typeof value === 'string' && value !== '' && value !== INVALID_DATE;

/**
 * What an edit of the <input> does to the slots. `text` is what the field showed, `next` what the browser made of
 * it (a key, a paste, an autofill, a deletion), `selection` the selection before the edit ([start, end]) and
 * `caret` the caret after it. Digits overwrite the slots from the edit on (over a selection: the selection is
 * cleared first), so typing a whole date over a shown one replaces it; a deletion empties slots without moving the
 * others; a separator typed after one digit pads it (1. → 01.) and goes to the next part; anything else is ignored.
 * Returns {slots, caret}.
 */
export function editSlots({ slots, text, next, selection, caret, withTime = false }) {
  const mask = maskOf(withTime);
  const [selStart, selEnd] = selection || [caret, caret];
  // The edit starts at or before both the old selection and the new caret (this settles "11" + "1").
  const limit = Math.min(text.length, next.length, selStart, caret);
  let start = 0;
  while (start < limit && text[start] === next[start]) start += 1;
  let tail = 0;
  const maxTail = Math.min(text.length - start, next.length - Math.max(start, caret));
  while (tail < maxTail && text[text.length - 1 - tail] === next[next.length - 1 - tail]) tail += 1;
  const removedEnd = text.length - tail;
  const inserted = next.slice(start, next.length - tail);
  const out = [...slots];
  const [firstRemoved, afterRemoved] = [slotAt(mask, start), slotAt(mask, removedEnd)];

  const iso = /^\s*(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2})?)/.exec(inserted); // a pasted ISO date
  const digits = iso ? slotsOf(iso[1], withTime).join('') : inserted.replace(/\D/g, '');
  if (digits) {
    for (let i = firstRemoved; i < afterRemoved; i += 1) out[i] = '';
    let slot = iso ? 0 : firstRemoved;
    for (const digit of digits) {
      if (slot >= out.length) break;
      out[slot] = digit;
      slot += 1;
    }
    return { slots: out, caret: positionOf(mask, slot) };
  }
  if (removedEnd > start) {
    let [from, to] = [firstRemoved, afterRemoved];
    let at = start;
    if (from === to) {
      // Only a separator went: Backspace takes the digit before it, Delete the one after it.
      const backspace = caret < selStart || (selStart === selEnd && selStart === removedEnd);
      if (backspace && from > 0) [from, to] = [from - 1, from];
      else if (!backspace && to < out.length) to += 1;
      at = backspace ? positionOf(mask, from) : start;
    }
    for (let i = from; i < to; i += 1) out[i] = '';
    return { slots: out, caret: at };
  }
  if (SEPARATORS.test(inserted)) {
    const section = sectionsOf(withTime).find(([, end]) => start <= end) || SECTIONS[0];
    const [first, last] = [slotAt(mask, section[0]), slotAt(mask, section[1]) - 1];
    if (last - first === 1 && out[first] && !out[last]) [out[first], out[last]] = ['0', out[first]];
    const filled = out.slice(first, last + 1).some(Boolean);
    const following = sectionsOf(withTime).find(([begin]) => begin > section[0]);
    return { slots: out, caret: filled && following ? following[0] : start };
  }
  return { slots: out, caret: start };
}

/** The part of the text to select when the field is clicked at pos: the day, month, year, hour or minute there;
 * the day when the click is past the text (as MUI's field did: typing then goes through the whole date). */
export function sectionAt(pos, withTime = false) {
  const sections = sectionsOf(withTime);
  if (pos >= maskOf(withTime).length) return sections[0];
  return sections.find(([, end]) => pos <= end) || sections[0];
}
