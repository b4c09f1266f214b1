/* The date field's calendar (components/dates/DateInput.jsx), a chunk of its own ("date-picker"): MUI X's
 * DateCalendar — and, for a date with a time, its digital clock in 30-minute steps (req §9) with an OK button — in a
 * popover hanging from the field, in the interface language. It is fetched when the calendar's button is pointed
 * at, focused or pressed, so the questionnaire's first screen does not download MUI X, its Popper and dayjs
 * (issue 27, decision 0070). The popover is a dialog named like its button; Escape or a click outside closes it and
 * the focus goes back to the button. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import { useTranslation } from 'react-i18next';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { MultiSectionDigitalClock } from '@mui/x-date-pickers/MultiSectionDigitalClock';
import { enUS, kzKZ, ruRU } from '@mui/x-date-pickers/locales';
import { ISO_DATE, ISO_DATE_TIME, TIME_STEP_MINUTES, dateLanguage, toDayjs } from './dates';

/** The pickers' own texts (the calendar's buttons, the clock's lists, OK). */
const PICKER_TEXTS = {
  ru: ruRU.components.MuiLocalizationProvider.defaultProps.localeText,
  kk: kzKZ.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

export default function DateCalendarPopup({ anchorEl, label, value, withTime, min, max, onPick, onClose }) {
  const { i18n } = useTranslation();
  const lng = dateLanguage(i18n.language);
  const [draft, setDraft] = useState(() => toDayjs(value, withTime));
  const choose = (next, selectionState) => {
    setDraft(next);
    // A day picked closes a date's calendar; a date with a time waits for the clock and OK.
    if (!withTime && selectionState === 'finish' && next && next.isValid()) {
      onPick(next.format(ISO_DATE));
      onClose();
    }
  };
  const accept = () => {
    if (draft && draft.isValid()) onPick(draft.format(ISO_DATE_TIME));
    onClose();
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lng} localeText={PICKER_TEXTS[lng]}>
      <Popover
        open
        anchorEl={anchorEl}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label, 'data-testid': 'date-calendar' } }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <DateCalendar
            value={draft}
            onChange={choose}
            minDate={toDayjs(min)}
            maxDate={toDayjs(max)}
            views={['year', 'month', 'day']}
            openTo="day"
            autoFocus
          />
          {withTime && (
            <MultiSectionDigitalClock
              value={draft}
              onChange={(next) => setDraft(next)}
              views={['hours', 'minutes']}
              ampm={false}
              timeSteps={{ minutes: TIME_STEP_MINUTES }}
              sx={{ maxHeight: 336 }}
            />
          )}
        </Box>
        {withTime && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pb: 1 }}>
            <Button onClick={accept} disabled={!draft || !draft.isValid()} data-testid="date-calendar-ok">
              {PICKER_TEXTS[lng].okButtonLabel}
            </Button>
          </Box>
        )}
      </Popover>
    </LocalizationProvider>
  );
}
