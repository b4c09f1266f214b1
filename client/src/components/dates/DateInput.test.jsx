import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dialog from '@mui/material/Dialog';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../i18n';
import DateInput from './DateInput';
import { INVALID_DATE, TIME_STEP_MINUTES, formatDate, formatDateTime, fromDayjs, toDayjs } from './dates';

// The calendar (MUI X) is a chunk of its own, asked for when its button is pointed at, focused or pressed.
const mockCalendarRequested = jest.fn();
jest.mock('./DateCalendarPopup', () => {
  mockCalendarRequested();
  return jest.requireActual('./DateCalendarPopup');
});

function Harness({ initial = null, onValue, ...props }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={i18n}>
      <DateInput
        label="Дата рождения"
        testId="birth"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
        {...props}
      />
      <output data-testid="stored">{String(value)}</output>
    </I18nextProvider>
  );
}

describe('<DateInput>', () => {
  afterEach(() => act(() => i18n.changeLanguage('ru')));

  // First in the file: the calendar's module is required once per file.
  test('the calendar is downloaded only when its button is pointed at (or focused, or pressed)', async () => {
    const user = userEvent.setup();
    render(<Harness onValue={() => {}} />);
    await user.click(screen.getByTestId('birth'));
    await user.keyboard('15032001');
    expect(screen.getByTestId('birth')).toHaveValue('15.03.2001');
    expect(mockCalendarRequested).not.toHaveBeenCalled();
    await user.hover(screen.getByTestId('birth-calendar'));
    await waitFor(() => expect(mockCalendarRequested).toHaveBeenCalledTimes(1));
  });

  test.each([
    ['ru', 'ДД.ММ.ГГГГ', 'Выбрать дату: Дата рождения'],
    ['kk', 'КК.АА.ЖЖЖЖ', 'Күнді таңдау: Дата рождения'],
    ['en', 'DD.MM.YYYY', 'Choose date: Дата рождения'],
  ])('the focused field shows the format of %s; the calendar button is named after the field', async (lng, format, name) => {
    await act(() => i18n.changeLanguage(lng));
    const user = userEvent.setup();
    render(<Harness onValue={() => {}} />);
    const input = screen.getByTestId('birth');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.click(input);
    expect(input).toHaveValue(format);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 2]); // the day, ready to be typed over
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue(''); // left empty: nothing shown, nothing stored
  });

  test('a day picked in the calendar is stored and shown; the focus goes back to the button', async () => {
    const values = [];
    const user = userEvent.setup();
    render(<Harness initial="2001-03-15" onValue={(v) => values.push(v)} />);
    const button = screen.getByRole('button', { name: 'Выбрать дату: Дата рождения' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Выбрать дату: Дата рождения' });
    await user.click(await within(dialog).findByRole('gridcell', { name: '20' }));
    expect(values).toEqual(['2001-03-20']);
    expect(screen.getByTestId('birth')).toHaveValue('20.03.2001');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  test('the calendar by keyboard: Tab to its button, Enter opens it, Escape closes it and the focus is back', async () => {
    const user = userEvent.setup();
    render(<Harness onValue={() => {}} />);
    await user.click(screen.getByTestId('birth'));
    await user.tab();
    const button = screen.getByTestId('birth-calendar');
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  test('the calendar is a modal dialog (not a tooltip) that keeps Tab inside it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2001-03-15" onValue={() => {}} />);
    await user.click(screen.getByTestId('birth-calendar'));
    const dialog = await screen.findByRole('dialog', { name: 'Выбрать дату: Дата рождения' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument(); // Popper's default role is not what it is
    // the focus is on the selected day when it opens
    await waitFor(() => expect(within(dialog).getByRole('gridcell', { name: '15' })).toHaveFocus());
    const seen = new Set();
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement);
      seen.add(document.activeElement);
    }
    expect(seen.size).toBeGreaterThan(1); // it went round the calendar's controls, not stuck on one
    for (let i = 0; i < 4; i += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement);
    }
  });

  test('a press outside closes the calendar and leaves the focus where it went; its button toggles it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness initial="2001-03-15" onValue={() => {}} />
        <input aria-label="Следующее поле" />
      </>,
    );
    const button = screen.getByTestId('birth-calendar');
    await user.click(button);
    await screen.findByRole('dialog');
    const next = screen.getByRole('textbox', { name: 'Следующее поле' });
    await user.click(next);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(next).toHaveFocus(); // the focus trap is gone before the press moves the focus
    expect(screen.getByTestId('birth')).toHaveValue('15.03.2001');

    await user.click(button);
    await screen.findByRole('dialog');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button); // pressed again: closed, not closed and opened again
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  test('in a dialog, Escape closes the calendar only', async () => {
    const onDialogClose = jest.fn();
    const user = userEvent.setup();
    render(
      <Dialog open onClose={onDialogClose} PaperProps={{ 'aria-label': 'Данные' }}>
        <Harness onValue={() => {}} />
      </Dialog>,
    );
    const button = screen.getByTestId('birth-calendar');
    await user.click(button);
    const calendar = await screen.findByRole('dialog', { name: 'Выбрать дату: Дата рождения' });
    // the day takes the focus inside the calendar, although the calendar is outside the dialog's DOM (a portal)
    await waitFor(() => expect(calendar).toContainElement(document.activeElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Выбрать дату: Дата рождения' })).not.toBeInTheDocument());
    expect(onDialogClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Данные' })).toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  test('a part is corrected in place, the others stay; dots pad a single digit', async () => {
    const values = [];
    const user = userEvent.setup();
    render(<Harness initial="2001-03-15" onValue={(v) => values.push(v)} />);
    const input = screen.getByTestId('birth');
    await user.click(input); // the day
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('ДД.03.2001');
    expect(values).toEqual([INVALID_DATE]); // it replaced a date: the form must not keep the old one
    await user.keyboard('20');
    expect(input).toHaveValue('20.03.2001');
    expect(values[values.length - 1]).toBe('2001-03-20');
    await user.keyboard('{Control>}a{/Control}1.3.2001');
    expect(input).toHaveValue('01.03.2001');
    expect(values[values.length - 1]).toBe('2001-03-01');
    await user.keyboard('{Control>}a{/Control}ab');
    expect(input).toHaveValue('ДД.ММ.ГГГГ'); // letters are not typed
  });

  test('a pasted date, as shown or as an ISO date', async () => {
    const values = [];
    const user = userEvent.setup();
    render(<Harness onValue={(v) => values.push(v)} />);
    const input = screen.getByTestId('birth');
    await user.click(input);
    await user.paste('15.03.2001');
    expect(input).toHaveValue('15.03.2001');
    await user.keyboard('{Control>}a{/Control}');
    await user.paste('2004-02-29');
    expect(input).toHaveValue('29.02.2004');
    expect(values).toEqual(['2001-03-15', '2004-02-29']);
  });

  test.each(['ru', 'kk', 'en'])('typed and shown as DD.MM.YYYY, stored as ISO (%s)', async (lng) => {
    await act(() => i18n.changeLanguage(lng));
    const values = [];
    const user = userEvent.setup();
    render(<Harness onValue={(v) => values.push(v)} />);
    const input = screen.getByTestId('birth');
    await user.click(input);
    await user.keyboard('15032001');
    expect(input).toHaveValue('15.03.2001');
    expect(values[values.length - 1]).toBe('2001-03-15');
    expect(screen.getByTestId('stored')).toHaveTextContent('2001-03-15');
  });

  test('a stored ISO date is shown as DD.MM.YYYY whatever the language', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<Harness initial="1999-12-31" onValue={() => {}} />);
    expect(screen.getByTestId('birth')).toHaveValue('31.12.1999');
  });

  test.each([
    ['ru', 'Дата введена неверно.'],
    ['kk', 'Күн дұрыс енгізілмеген.'],
    ['en', 'Date input not valid.'],
  ])('an impossible, unfinished or out-of-range date is not stored and says so once left (%s)', async (lng, text) => {
    await act(() => i18n.changeLanguage(lng));
    const values = [];
    const user = userEvent.setup();
    render(<Harness onValue={(v) => values.push(v)} />);
    const input = screen.getByTestId('birth');
    await user.click(input);
    await user.keyboard('3102');
    expect(values).toEqual([]); // half-typed: nothing yet, and no message while typing
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    await user.tab();
    expect(values).toEqual([INVALID_DATE]);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.click(input);
    await user.keyboard('31022001'); // no 31 February
    expect(input).toHaveValue('31.02.2001');
    expect(values[values.length - 1]).toBe(INVALID_DATE);

    await user.click(input); // selects the day section; typing goes on through month and year
    await user.keyboard('01011800');
    expect(input).toHaveValue('01.01.1800');
    expect(values[values.length - 1]).toBe(INVALID_DATE); // before 1900
    await user.click(input);
    await user.keyboard('29022024');
    expect(values[values.length - 1]).toBe('2024-02-29');
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  test('clearing the field stores null; a new value from outside replaces what is shown', async () => {
    const values = [];
    const user = userEvent.setup();
    const { rerender } = render(<Harness initial="2001-03-15" onValue={(v) => values.push(v)} />);
    const input = screen.getByTestId('birth');
    await user.click(input);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(values[values.length - 1]).toBeNull();
    rerender(<Harness initial="2001-03-15" key="again" onValue={() => {}} />);
    expect(screen.getByTestId('birth')).toHaveValue('15.03.2001');
  });

  test('an error from the form wins over the own message', () => {
    render(<Harness initial="2001-03-15" error="Проверьте даты" onValue={() => {}} />);
    expect(screen.getByText('Проверьте даты')).toBeInTheDocument();
    expect(screen.getByTestId('birth')).toHaveAttribute('aria-invalid', 'true');
  });

  test('with time: DD.MM.YYYY HH:mm, stored as YYYY-MM-DDTHH:mm', async () => {
    const values = [];
    const user = userEvent.setup();
    render(<Harness withTime onValue={(v) => values.push(v)} />);
    const input = screen.getByTestId('birth');
    await user.click(input);
    await user.keyboard('150320011430');
    expect(input).toHaveValue('15.03.2001 14:30');
    expect(values[values.length - 1]).toBe('2001-03-15T14:30');
  });

  test('with time: the picker offers the minutes in 30-minute steps (req §9); OK stores the picked time', async () => {
    const values = [];
    const user = userEvent.setup();
    render(<Harness withTime initial="2001-03-15T14:30" onValue={(v) => values.push(v)} />);
    await user.click(screen.getByRole('button', { name: /Выберите дату|Choose date|Выбрать дату/i }));
    const minutes = await screen.findByRole('listbox', { name: /минут|minutes/i });
    const options = within(minutes).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['00', '30']);
    expect(TIME_STEP_MINUTES).toBe(30);
    await user.click(within(minutes).getByRole('option', { name: /^0 /i })); // '0 минут'
    await user.click(screen.getByTestId('date-calendar-ok'));
    expect(values).toEqual(['2001-03-15T14:00']);
    expect(screen.getByTestId('birth')).toHaveValue('15.03.2001 14:00');
  });
});

describe('date helpers', () => {
  test('ISO in, DD.MM.YYYY out', () => {
    expect(formatDate('2025-12-31')).toBe('31.12.2025');
    expect(formatDate('2025-12-31T08:00:00')).toBe('31.12.2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('nonsense')).toBe('');
    expect(formatDateTime('2025-12-31T08:05:00')).toBe('31.12.2025 08:05');
    expect(formatDateTime('')).toBe('');
  });

  test('stored values and picker values', () => {
    expect(fromDayjs(toDayjs('2001-03-15'))).toBe('2001-03-15');
    expect(fromDayjs(null)).toBeNull();
    expect(toDayjs('')).toBeNull();
    expect(toDayjs('15.03.2001').isValid()).toBe(false); // only ISO is stored
    expect(fromDayjs(toDayjs('2001-02-30'))).toBe(INVALID_DATE);
    expect(fromDayjs(toDayjs('2101-01-01'))).toBe(INVALID_DATE);
    expect(fromDayjs(toDayjs(INVALID_DATE))).toBe(INVALID_DATE);
    expect(fromDayjs(toDayjs('2001-03-15T14:30', true), { withTime: true })).toBe('2001-03-15T14:30');
  });
});
