import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import Header from './Header';

const APPLICANT = { id: 9, email: 'a@example.com', token: 'tk', is_verified: true, citizenship_id: 5, citizenship: { id: 5 }, roles: [] };

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
});

test.each([
  ['ru', 'Место в общежитии'],
  ['en', null],
])('issue 23: the phone menu has the dormitory link when the applicant may book (%s)', async (lng, ruLabel) => {
  await act(() => i18n.changeLanguage(lng));
  const calls = [];
  mockFetch(async (url) => {
    calls.push(url);
    return url.includes('/users/halls') ? { body: { success: true, eligible: true, list: [] } } : { body: {} };
  });
  setUser(APPLICANT);
  renderWithProviders(<Header />);
  // Nothing of the dormitory is asked for until the menu opens.
  expect(calls.some((u) => u.includes('/users/halls'))).toBe(false);
  await userEvent.setup().click(screen.getByTestId('mobile-menu-button'));
  const menu = await screen.findByTestId('mobile-menu');
  const link = await within(menu).findByTestId('mobile-dormitory-link');
  expect(link).toHaveAttribute('href', '/dormitory');
  expect(link).toHaveTextContent(ruLabel || i18n.t('dorm.link'));
  expect(link.textContent).not.toBe('dorm.link');
});

test('no dormitory entry when the server says the applicant may not book', async () => {
  mockFetch(async (url) => (url.includes('/users/halls') ? { body: { success: true, eligible: false } } : { body: {} }));
  setUser(APPLICANT);
  renderWithProviders(<Header />);
  await userEvent.setup().click(screen.getByTestId('mobile-menu-button'));
  const menu = await screen.findByTestId('mobile-menu');
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(within(menu).queryByTestId('mobile-dormitory-link')).toBeNull();
  expect(within(menu).getByTestId('mobile-my-applications-link')).toBeInTheDocument();
});
