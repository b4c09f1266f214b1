import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../i18n';
import DateInput from './DateInput';
import { INVALID_DATE, TIME_STEP_MINUTES, formatDate, formatDateTime, fromDayjs, toDayjs } from './dates';

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

  test('with time: the picker offers the minutes in 30-minute steps (req §9)', async () => {
    const user = userEvent.setup();
    render(<Harness withTime initial="2001-03-15T14:30" onValue={() => {}} />);
    await user.click(screen.getByRole('button', { name: /Выберите дату|Choose date|Выбрать дату/i }));
    const minutes = await screen.findByRole('listbox', { name: /минут|minutes/i });
    const options = within(minutes).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['00', '30']);
    expect(TIME_STEP_MINUTES).toBe(30);
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
