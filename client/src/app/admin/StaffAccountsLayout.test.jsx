import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import axe from 'axe-core';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import { VERIFY_OTP_PATH } from '../../domain';
import StaffPage from '../../features/staffAdmin/StaffPage';
import StaffAccountsLayout, { staffAccountsRedirect } from './StaffAccountsLayout';

const MANAGER = 'Управление персоналом';
const account = (roles, extra = {}) => ({ id: 1, email: 'boss@u.kz', token: 'tk', is_verified: true, roles: roles.map((name) => ({ name })), ...extra });

function serve() {
  mockFetch(async (url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname.endsWith('/admin/staff')) return { body: { success: true, list: [], total: 0, page: 1, per_page: 20 } };
    return { body: {} };
  });
}

function renderAt(user) {
  setUser(user);
  serve();
  return renderWithProviders(<StaffAccountsLayout />, {
    route: '/staff-accounts',
    path: '/staff-accounts',
    extraRoutes: ['/admin', '/auth', '/choose-flow', '/'].map((p) => <Route key={p} path={p} element={<h1>{p}</h1>} />),
  });
}

beforeEach(() => i18n.changeLanguage('ru'));

test('who may open /staff-accounts: the staff-management role; anyone else goes where sign-in lands them (issue 22)', () => {
  expect(staffAccountsRedirect(account([MANAGER]))).toBeNull();
  expect(staffAccountsRedirect(account([MANAGER, 'Админ']))).toBeNull();
  expect(staffAccountsRedirect(account(['Админ']))).toBe('/admin');
  expect(staffAccountsRedirect(account([], { citizenship_id: 3 }))).toBe('/');
  expect(staffAccountsRedirect(account([]))).toBe('/choose-flow');
  expect(staffAccountsRedirect(account([MANAGER], { is_verified: false }))).toBe(VERIFY_OTP_PATH);
  expect(staffAccountsRedirect(null)).toBe('/auth');
});

test('a staff manager without an admin role gets a bare staff layout: banner, sign-out, skip link, main; axe-clean', async () => {
  setUser(account([MANAGER]));
  serve();
  const { container } = renderWithProviders(<StaffAccountsLayout />, {
    route: '/staff-accounts',
    path: '/staff-accounts',
    extraRoutes: null,
  });
  // the layout alone (its page is the route's child): the landmarks, the language picker and sign-out
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('main')).toHaveAttribute('id');
  expect(within(screen.getByRole('banner')).getByTestId('logout')).toHaveTextContent('Выйти');
  expect(screen.getByTestId('skip-link')).toHaveAttribute('href', `#${screen.getByRole('main').id}`);
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id)).toEqual([]);
});

test('/staff-accounts shows the staff screen under that layout', async () => {
  setUser(account([MANAGER]));
  serve();
  renderWithProviders(<h1>elsewhere</h1>, {
    route: '/staff-accounts',
    path: '/elsewhere',
    extraRoutes: (
      <Route path="/staff-accounts" element={<StaffAccountsLayout />}>
        <Route index element={<StaffPage />} />
      </Route>
    ),
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Сотрудники' })).toBeInTheDocument();
});

test('its bar links the staff screen and the own sign-in security page (decision 0091)', async () => {
  setUser(account([MANAGER]));
  mockFetch(async (url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname.endsWith('/auth/second-factor')) return { body: { success: true, enrolled: true, recovery_codes_left: 10 } };
    return { body: {} };
  });
  renderWithProviders(<StaffAccountsLayout page="security" />, { route: '/staff-accounts/security', path: '/staff-accounts/security' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Безопасность входа' })).toBeInTheDocument();
  expect(screen.getByTestId('staff-accounts-switch')).toHaveAttribute('href', '/staff-accounts');
  expect(screen.getByTestId('staff-accounts-switch')).toHaveTextContent('Сотрудники');
});

test('an admin without the staff-management role is sent to the admin shell', async () => {
  renderAt(account(['Админ']));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
});

test('an applicant is sent home', async () => {
  renderAt(account([], { citizenship_id: 3 }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
});
