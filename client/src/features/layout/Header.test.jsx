import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import Header from './Header';

const LABELS = { ru: 'Мои заявки', kk: 'Менің өтінімдерім', en: 'My applications' };

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  mockFetch(() => ({ body: {} }));
});

test.each(Object.entries(LABELS))('issue 10: a signed-in applicant has "My applications" in the header and the mobile menu (%s)', async (lng, label) => {
  await act(() => i18n.changeLanguage(lng));
  setUser({ id: 9, email: 'a@example.com', token: 'tk', is_verified: true, citizenship_id: 5, citizenship: { id: 5 }, roles: [] });
  renderWithProviders(<Header />);
  const link = screen.getByTestId('my-applications-link');
  expect(link).toHaveTextContent(label);
  expect(link).toHaveAttribute('href', '/my-applications');

  await userEvent.setup().click(screen.getByTestId('mobile-menu-button'));
  const menu = await screen.findByTestId('mobile-menu');
  expect(within(menu).getByTestId('mobile-my-applications-link')).toHaveTextContent(label);
  // The same entries as the desktop header: who is signed in, my applications, log out.
  expect(menu).toHaveTextContent('a@example.com');
  expect(within(menu).getByTestId('mobile-logout')).toBeInTheDocument();
});

test('anonymous visitors get no "My applications" link', () => {
  setUser(null);
  renderWithProviders(<Header />);
  expect(screen.queryByTestId('my-applications-link')).toBeNull();
  expect(screen.getByTestId('sign-in-link')).toBeInTheDocument();
});
