import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import DeadlinesButton from './DeadlinesButton';

const ANSWER = (lang) => ({
  success: true,
  terms: [
    {
      id: 3,
      year: 2027,
      name: lang === 'kk' ? '2027 қабылдау' : 'Приём 2027',
      opens_at: '2027-06-20T00:00:00+00:00',
      closes_at: '2027-08-25T00:00:00+00:00',
      is_open: false,
      programs: [
        {
          study_program_id: 11,
          name: lang === 'kk' ? 'Магистратура (қаз.)' : 'Магистратура',
          opens_at: '2027-07-01T00:00:00+00:00',
          closes_at: '2027-08-01T00:00:00+00:00',
          documents_due_at: '2027-08-10T12:00:00+00:00',
          is_open: false,
          has_own_window: true,
        },
      ],
    },
  ],
});

jest.setTimeout(30000);

afterAll(() => i18n.changeLanguage('ru'));

test('the deadlines modal shows the terms staff set, in the reader’s language, and is axe-clean', async () => {
  const asked = [];
  mockFetch(async (url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname.endsWith('/deadlines')) {
      asked.push(u.searchParams.get('lang'));
      return { body: ANSWER(u.searchParams.get('lang')) };
    }
    return { body: {} };
  });
  await i18n.changeLanguage('kk');
  renderWithProviders(<DeadlinesButton />);
  await userEvent.click(screen.getByRole('button', { name: 'Қабылдау мерзімдері' }));
  const dialog = await screen.findByRole('dialog', { name: 'Қабылдау мерзімдері' });
  const row = await within(dialog).findByTestId('deadlines-program-11');
  expect(row).toHaveTextContent('Магистратура (қаз.)');
  expect(row).toHaveTextContent('01.07.2027 — 01.08.2027');
  expect(row).toHaveTextContent('10.08.2027');
  expect(within(dialog).getByText('Қабылдау жабық')).toBeInTheDocument();
  expect(asked).toEqual(['kk']);
  expect((await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Жабу' }));
});

test('an empty answer says the deadlines are not announced yet', async () => {
  mockFetch(async () => ({ body: { success: true, terms: [] } }));
  await i18n.changeLanguage('en');
  renderWithProviders(<DeadlinesButton />);
  await userEvent.click(screen.getByRole('button', { name: 'Admission deadlines' }));
  expect(await screen.findByTestId('deadlines-empty')).toHaveTextContent('Admission deadlines have not been announced yet.');
});
