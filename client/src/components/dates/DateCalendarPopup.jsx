/* The date field's calendar (components/dates/DateInput.jsx), a chunk of its own ("date-picker"): MUI X's
 * DateCalendar — and, for a date with a time, its digital clock in 30-minute steps (req §9) with an OK button — in a
 * popup hanging from the field, in the interface language. It is fetched when the calendar's button is pointed
 * at, focused or pressed, so the questionnaire's first screen does not download MUI X and dayjs (issue 27,
 * decision 0070).
 *
 * The popup is a Popper that opens below the field and flips above it when the viewport has no room below. It
 * used to be a Popover, which does not flip: it pushed a calendar that did not fit below the field up into the
 * viewport, over the field itself (the typed date and the next field's label hidden). Popper's preventOverflow
 * only slides it sideways, so the field always stays visible.
 *
 * Being no Modal, it does its own dialog duties: it is a dialog named like its button; the focus goes to the
 * selected day when it opens (DateCalendar's autoFocus) and is kept inside it (FocusTrap: Tab goes round); Escape
 * closes it without closing a dialog it sits in. A press outside it closes it and the press does what it was for
 * (focus the field pressed); Escape, a pick or the button pressed again give the focus back to the button. */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import FocusTrap from '@mui/material/Unstable_TrapFocus';
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

const EDGE = 8; // px kept free between the calendar and the viewport's edges
/** Below the field (4 px under its outline), above it when it does not fit below: Popper.js's flip tries the
 * placements in this order against the viewport. preventOverflow keeps it within the screen sideways only (its
 * alternate axis, the one that would push it onto the field, stays off). A module constant: Popper recreates its
 * instance whenever the modifiers array changes. */
const MODIFIERS = [
  { name: 'offset', options: { offset: [0, 4] } },
  { name: 'flip', options: { fallbackPlacements: ['top-start'], rootBoundary: 'viewport', padding: EDGE } },
  { name: 'preventOverflow', options: { altAxis: false, padding: EDGE } },
];

/** `trigger` is the calendar's button: the focus goes back to it, and pressing it is not a press outside. */
export default function DateCalendarPopup({ anchorEl, trigger, label, value, withTime, min, max, onPick, onClose }) {
  const { i18n } = useTranslation();
  const lng = dateLanguage(i18n.language);
  const [draft, setDraft] = useState(() => toDayjs(value, withTime));
  const paper = useRef(null);

  // Escape, a pick or the button pressed again: the focus goes back to the button (also in browsers where a
  // pressed button takes no focus). A press outside leaves it where the press put it. Done as the calendar goes: by
  // then its focus trap no longer holds the focus (its root is detached).
  const returnFocus = useRef(true);
  useEffect(
    () => () => {
      if (returnFocus.current && trigger && trigger.isConnected) trigger.focus();
    },
    [trigger],
  );
  // A press outside: mousedown, which a tap on a phone also ends with (a swipe that scrolls the page does not, so
  // scrolling leaves the calendar open). It closes the calendar before the browser moves the focus, so the focus
  // trap is gone by then and the field pressed gets the focus. The button is not outside: it toggles the calendar.
  useEffect(() => {
    const doc = trigger ? trigger.ownerDocument : document;
    const away = (event) => {
      const { target } = event;
      if (!paper.current || paper.current.contains(target) || (trigger && trigger.contains(target))) return;
      returnFocus.current = false;
      onClose();
    };
    doc.addEventListener('mousedown', away);
    return () => doc.removeEventListener('mousedown', away);
  }, [trigger, onClose]);

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
  const handleKeyDown = (event) => {
    if (event.key !== 'Escape') return;
    // a calendar in a dialog (a resource edited in one): Escape closes the calendar only, not the dialog around it
    event.stopPropagation();
    onClose();
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={lng} localeText={PICKER_TEXTS[lng]}>
      <Popper
        open
        anchorEl={anchorEl}
        placement="bottom-start"
        modifiers={MODIFIERS}
        role="presentation"
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
      >
        {/* the focus goes back to the button by the effect above, also where a pressed button takes no focus */}
        <FocusTrap open disableRestoreFocus>
          <Paper
            ref={paper}
            elevation={8}
            tabIndex={-1}
            role="dialog"
            aria-modal="true"
            aria-label={label}
            data-testid="date-calendar"
            onKeyDown={handleKeyDown}
            sx={{ outline: 0, maxWidth: `calc(100vw - ${2 * EDGE}px)`, overflowX: 'auto' }}
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
          </Paper>
        </FocusTrap>
      </Popper>
    </LocalizationProvider>
  );
}
