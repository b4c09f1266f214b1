import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { enUS, kzKZ, ruRU } from '@mui/x-date-pickers/locales';
import { DISPLAY_DATE, DISPLAY_DATE_TIME, INVALID_DATE, MAX_DATE, MIN_DATE, TIME_STEP_MINUTES, dateLanguage, fromDayjs, toDayjs } from './dates';

/** The pickers' own texts (calendar buttons, field placeholders ДД.ММ.ГГГГ / КК.АА.ЖЖЖЖ / DD.MM.YYYY). */
const PICKER_TEXTS = {
  ru: ruRU.components.MuiLocalizationProvider.defaultProps.localeText,
  kk: kzKZ.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

/**
 * The one date field of the client (questionnaire and resource screens): MUI X date picker with the dayjs adapter,
 * typed and shown as DD.MM.YYYY in ru, kk and en whatever the browser's locale, with a calendar in the UI
 * language. `value` and `onChange` speak ISO dates ('YYYY-MM-DD', 'YYYY-MM-DDTHH:mm' with `withTime`), null when
 * empty and INVALID_DATE while the typed text is not a date within [min, max] (also a half-typed one, once the
 * field is left); that case shows 'Date input not valid.' (req §8) once the field is left. `error` (a text) wins over it; `testId` goes on the <input>.
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
  const { t, i18n } = useTranslation();
  const lng = dateLanguage(i18n.language);
  const limits = { withTime, min, max };
  // The field keeps what is typed (also a half-typed date); a new value from outside replaces it.
  const [typed, setTyped] = useState(() => toDayjs(value, withTime));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== fromDayjs(typed, limits)) setTyped(toDayjs(value, withTime));
  }
  const [left, setLeft] = useState(false);
  const message = error || (shown === INVALID_DATE && left ? t('form.errors.invalid_date') : '');
  const report = (stored) => {
    setShown(stored);
    if (stored !== value) onChange(stored);
  };
  const Picker = withTime ? DesktopDateTimePicker : DesktopDatePicker;
  // req §9: the picker's time interval is 30 minutes (the clock lists 00 and 30; arrow keys step by it too)
  const pickerProps = withTime
    ? { format: DISPLAY_DATE_TIME, ampm: false, timeSteps: { minutes: TIME_STEP_MINUTES } }
    : { format: DISPLAY_DATE };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lng} localeText={PICKER_TEXTS[lng]}>
      <Picker
        value={typed}
        onChange={(next) => {
          setTyped(next);
          report(fromDayjs(next, limits));
        }}
        {...pickerProps}
        minDate={toDayjs(min)}
        maxDate={toDayjs(max)}
        disabled={disabled}
        label={label}
        enableAccessibleFieldDOMStructure={false}
        slotProps={{
          textField: {
            id,
            name,
            required,
            size,
            fullWidth,
            inputRef,
            error: Boolean(message),
            helperText: message || helperText || ' ',
            onBlur: (event) => {
              setLeft(true);
              // A half-typed date (31.02.ГГГГ) has no value yet: it counts as invalid, an emptied field as empty.
              if (typed === null) report(/\d/.test(event.target.value) ? INVALID_DATE : null);
              if (onBlur) onBlur(event);
            },
            inputProps: { 'data-testid': testId },
          },
        }}
      />
    </LocalizationProvider>
  );
}
