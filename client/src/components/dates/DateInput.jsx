/* The one date field of the client (questionnaire, resource screens, staff filters). The first download is a light
 * masked text field (components/TextInput's outlined field with the digits of dd.mm.yyyy [hh:mm] in fixed places,
 * dates/dateText.js, no date library): the questionnaire is the first screen of /apply/<id> and /stepper/<id>, and
 * MUI X's picker with its Popper and dayjs weighed ~55 KB brotli of it. The calendar (MUI X's DateCalendar, and its
 * digital clock with a time) is a chunk of its own, fetched when its button is pointed at, focused or pressed
 * (DateCalendarPopup.jsx; issue 27, decision 0070). It is kept on phones too: the native date input would show the
 * phone's locale (MM/DD/YYYY) instead of dd.mm.yyyy (req §5), and its look differs per browser. */
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import TextInput from '../TextInput';
import {
  INVALID_DATE,
  MAX_DATE,
  MIN_DATE,
  editSlots,
  isDate,
  isEmpty,
  sectionAt,
  slotsOf,
  storedOf,
  textOf,
} from './dateText';

const loadCalendar = () => import(/* webpackChunkName: "date-picker" */ './DateCalendarPopup');
const DateCalendarPopup = lazy(loadCalendar);
const preloadCalendar = () => {
  loadCalendar().catch(() => {}); // a failed download is asked for again when the calendar renders
};

/**
 * `value` and `onChange` speak ISO dates ('YYYY-MM-DD', 'YYYY-MM-DDTHH:mm' with `withTime`), null when empty and
 * INVALID_DATE while the typed text is not a date within [min, max]. A half-typed date is reported when the field
 * is left (or at once when it replaces a date), and shows 'Date input not valid.' (req §8) once the field has been
 * left. `error` (a text) wins over it; `testId` goes on the <input>, `${testId}-calendar` on the calendar's button.
 */
export default function DateInput({
  value,
  onChange,
  label,
  id,
  name,
  required = false,
  disabled = false,
  error,
  helperText,
  testId,
  inputRef,
  onBlur,
  min = MIN_DATE,
  max = MAX_DATE,
  withTime = false,
  size,
  fullWidth = true,
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const fieldId = id || `date-${ownId.replace(/:/g, '')}`;
  const limits = { withTime, min, max };
  // The field keeps what is typed (also a half-typed date); a new value from outside replaces it.
  const [slots, setSlots] = useState(() => slotsOf(value, withTime));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== storedOf(slots, limits)) setSlots(slotsOf(value, withTime));
  }
  const [left, setLeft] = useState(false);
  const [focused, setFocused] = useState(false);
  const [calendar, setCalendar] = useState(null); // the open calendar: the element it hangs from, its button
  const message = error || (shown === INVALID_DATE && left ? t('form.errors.invalid_date') : '');
  const placeholder = t(withTime ? 'date_input.placeholder_time' : 'date_input.placeholder');
  // Like MUI's field: the format shows while the field is focused or holds a digit, so each part has its place.
  const text = focused || !isEmpty(slots) ? textOf(slots, placeholder) : '';

  const input = useRef(null);
  const selection = useRef([0, 0]); // before the next edit: what it replaces
  const [select, setSelect] = useState(null); // [start, end] to select once the text is drawn, with a counter
  const setInput = useCallback(
    (element) => {
      input.current = element;
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );
  useLayoutEffect(() => {
    const element = input.current;
    if (!select || !element || element.ownerDocument.activeElement !== element) return;
    element.setSelectionRange(select[0], select[1]);
    selection.current = [select[0], select[1]];
  }, [select]);
  const selectRange = (start, end = start) => setSelect((previous) => [start, end, (previous ? previous[2] : 0) + 1]);
  // The browser's own record of the selection just before an edit (also Android keyboards, which send no key).
  useEffect(() => {
    const element = input.current;
    if (!element) return undefined;
    const remember = () => {
      selection.current = [element.selectionStart ?? 0, element.selectionEnd ?? 0];
    };
    element.addEventListener('beforeinput', remember);
    return () => element.removeEventListener('beforeinput', remember);
  }, []);

  const report = (stored) => {
    setShown(stored);
    if (stored !== value) onChange(stored);
  };
  const update = (nextSlots) => {
    setSlots(nextSlots);
    const stored = storedOf(nextSlots, limits);
    // A date still being typed is reported when the field is left, unless it replaces a date (the form must not
    // keep the old one meanwhile).
    if (stored !== INVALID_DATE || isEmpty(nextSlots) || nextSlots.every(Boolean) || isDate(value)) report(stored);
  };

  const handleChange = (event) => {
    const { value: next, selectionStart } = event.target;
    const edit = editSlots({
      slots,
      text,
      next,
      selection: selection.current,
      caret: selectionStart ?? next.length,
      withTime,
    });
    update(edit.slots);
    selectRange(edit.caret);
  };
  const rememberSelection = (event) => {
    selection.current = [event.target.selectionStart ?? 0, event.target.selectionEnd ?? 0];
  };
  // A click selects the part under the pointer (past the text: the day), so typed digits replace it.
  const selectPart = (event) => {
    const { selectionStart, selectionEnd } = event.target;
    if (selectionStart !== selectionEnd) return; // the user selected text by dragging
    const [start, end] = sectionAt(selectionStart ?? 0, withTime);
    selectRange(start, end);
  };
  const handleFocus = () => {
    setFocused(true);
    selectRange(...sectionAt(0, withTime)); // from the keyboard: the day (a click then selects its own part)
  };
  const handleBlur = (event) => {
    setFocused(false);
    setLeft(true);
    // A half-typed date (31.02.ГГГГ) counts as invalid once left, an emptied field as empty.
    if (!isEmpty(slots)) report(storedOf(slots, limits));
    if (onBlur) onBlur(event);
  };

  const calendarLabel =
    typeof label === 'string' && label ? t('date_input.open_calendar_for', { label }) : t('date_input.open_calendar');
  const openCalendar = (event) => {
    const button = event.currentTarget;
    // The calendar hangs from the outlined box (the input's parent), as MUI's picker did; pressed again, the button
    // closes it (the calendar gives the focus back to the button).
    setCalendar(calendar ? null : { anchor: input.current ? input.current.parentElement : button, button });
  };
  const pick = (stored) => {
    const nextSlots = slotsOf(stored, withTime);
    setSlots(nextSlots);
    setLeft(true);
    report(storedOf(nextSlots, limits));
  };

  return (
    <>
      <TextInput
        id={fieldId}
        name={name}
        label={label}
        required={required}
        disabled={disabled}
        size={size}
        fullWidth={fullWidth}
        error={Boolean(message)}
        helperText={message || helperText || ' '}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={handleChange}
        onFocus={handleFocus}
        onBlur={handleBlur}
        inputRef={setInput}
        inputProps={{
          'data-testid': testId,
          inputMode: 'numeric',
          onClick: selectPart,
          onKeyDown: rememberSelection,
          onSelect: rememberSelection,
        }}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size={size === 'small' ? 'small' : 'medium'}
                  disabled={disabled}
                  aria-label={calendarLabel}
                  aria-haspopup="dialog"
                  aria-expanded={Boolean(calendar)}
                  data-testid={testId ? `${testId}-calendar` : undefined}
                  onPointerEnter={preloadCalendar}
                  onFocus={preloadCalendar}
                  onPointerDown={preloadCalendar}
                  onClick={openCalendar}
                >
                  <CalendarIcon fontSize={size === 'small' ? 'small' : 'medium'} />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {calendar && (
        <Suspense fallback={null}>
          <DateCalendarPopup
            anchorEl={calendar.anchor}
            trigger={calendar.button}
            label={calendarLabel}
            value={isDate(shown) ? shown : null}
            withTime={withTime}
            min={min}
            max={max}
            onPick={pick}
            onClose={() => setCalendar(null)}
          />
        </Suspense>
      )}
    </>
  );
}
