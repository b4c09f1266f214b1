import { act, screen } from '@testing-library/react';
import i18n from '../i18n';
import { setUser } from '../session/userStore';
import { mockFetch, renderWithProviders } from '../testUtils';
import RequireOwnApplication from './RequireOwnApplication';

const NOT_FOUND = { status: 404, body: { success: false, message: 'Не найдено', message_key: 'errors.not_found', errors: {} } };

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser({ id: 9, email: 'a@example.com', token: 'tk', is_verified: true, citizenship_id: 5, citizenship: { id: 5 }, roles: [] });
});

const page = (path) => (
  <RequireOwnApplication>
    <p data-testid="page">{path}</p>
  </RequireOwnApplication>
);

test.each(['/stepper/9999', '/apply/9999'])('issue 10: %s of a missing or foreign application shows "not found", not a redirect', async (route) => {
  mockFetch((url) => (url.includes('/users/application/9999') ? NOT_FOUND : { body: {} }));
  const base = route.split('/')[1];
  renderWithProviders(page(route), { route, path: `/${base}/:applicationId` });
  expect(await screen.findByTestId('not-found')).toHaveTextContent('Заявка не найдена');
  expect(screen.getByTestId('location')).toHaveTextContent(route); // stays on the address
  expect(screen.queryByTestId('page')).toBeNull();
  expect(screen.getByTestId('not-found-my-applications')).toHaveAttribute('href', '/my-applications');
  await act(() => i18n.changeLanguage('kk'));
  expect(screen.getByTestId('not-found')).toHaveTextContent('Өтінім табылмады');
});

test('a malformed id is not found without asking the server', async () => {
  const fetchMock = mockFetch(() => ({ body: {} }));
  renderWithProviders(page('x'), { route: '/apply/abc', path: '/apply/:applicationId' });
  expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  expect(fetchMock.mock.calls.filter((c) => String(c[0].url).includes('/users/application'))).toEqual([]);
});

test('an own application renders the page', async () => {
  mockFetch((url) => (url.includes('/users/application/7') ? { body: { success: true, item: { id: 7 } } } : { body: {} }));
  renderWithProviders(page('/apply/7'), { route: '/apply/7', path: '/apply/:applicationId' });
  expect(await screen.findByTestId('page')).toBeInTheDocument();
});
