import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { renderWithProviders, mockFetch } from '../../testUtils';
import { ADMIN_MENU, menuItemsFor } from './menu';
import { DEFAULT_DOMAIN, ROLE_KEYS, domainFromConfig } from '../../domain';
import RequireSegment from './RequireSegment';

const admin = (role) => ({ id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, citizenship_id: 3, roles: [{ name: role }] });

describe('admin menu (req §6: items by role)', () => {
  test('every item is labelled in ru, kk and en', () => {
    ADMIN_MENU.forEach(({ labelKey }) =>
      ['ru', 'kk', 'en'].forEach((lng) => expect(typeof i18n.getResource(lng, 'translation', labelKey)).toBe('string')),
    );
  });

  test('only the items whose access list holds one of the roles', () => {
    const menu = [
      ...ADMIN_MENU.filter((item) => ['dormitory', 'room_types', 'dorm_board', 'dorm_transfers', 'suborganizations'].includes(item.key)),
      { key: 'users', path: 'users', labelKey: 'x', roles: [ROLE_KEYS.foreignAdmin], shells: ['foreign'] },
      { key: 'kz_users', path: 'users', labelKey: 'x', roles: [ROLE_KEYS.kzAdmin], shells: ['kz'] },
    ];
    const keys = (user, shell, domain = DEFAULT_DOMAIN) => menuItemsFor(user, shell, domain, menu).map((i) => i.key);
    expect(keys(admin('Админ'), 'foreign')).toEqual(['dormitory', 'room_types', 'dorm_board', 'dorm_transfers', 'suborganizations', 'users']);
    expect(keys(admin('Админ (граждане КЗ)'), 'kz')).toEqual(['dormitory', 'room_types', 'dorm_board', 'dorm_transfers', 'suborganizations', 'kz_users']);
    expect(keys({ roles: [] }, 'foreign')).toEqual([]);
    expect(keys(null, 'kz')).toEqual([]);
    // role names are the server's (public-config): a renamed role keeps its menu
    const renamed = domainFromConfig({ roles: { foreign_admin: 'Foreign admissions' } });
    expect(keys(admin('Foreign admissions'), 'foreign', renamed)).toEqual(['dormitory', 'room_types', 'dorm_board', 'dorm_transfers', 'suborganizations', 'users']);
    expect(keys(admin('Админ'), 'foreign', renamed)).toEqual([]);
  });
});

test('each shell has its dashboard and queues, with count badges; /upload only for the citizens\' admin', () => {
  const keys = (user, shell) => menuItemsFor(user, shell).map((i) => i.key);
  expect(keys(admin('Админ'), 'foreign')).toEqual([
    'dashboard',
    'users',
    'applied',
    'accepted',
    'awaiting-visa',
    'enrolled',
    'archived',
    'replies',
    'dormitory',
    'room_types',
    'dorm_board',
    'dorm_transfers',
    'suborganizations',
    'chats',
    'settings',
    'security',
  ]);
  // Settings (decision 0086): shared sections (admission terms, programmes) are open to both admin roles in both shells.
  expect(keys(admin('Админ'), 'kz')).toEqual(['dormitory', 'room_types', 'dorm_board', 'dorm_transfers', 'suborganizations', 'kz_settings', 'security']);
  expect(keys(admin('Админ (граждане КЗ)'), 'kz')).toEqual([
    'kz_dashboard',
    'kz_users',
    'kz_scholarship',
    'kz_paid',
    'kz_awaiting',
    'kz_enrolled',
    'kz_archived',
    'kz_replies',
    'upload',
    'dormitory',
    'room_types',
    'dorm_board',
    'dorm_transfers',
    'suborganizations',
    'kz_chats',
    'kz_settings',
    'security',
  ]);
  const applied = menuItemsFor(admin('Админ'), 'foreign').find((i) => i.key === 'applied');
  expect(applied.badge).toBe('applied');
  // The applicants' unread replies (decision 0084): their own badge, from the dashboard's unread_messages.
  const replies = menuItemsFor(admin('Админ'), 'foreign').find((i) => i.key === 'replies');
  expect(replies.badge).toBe('unread_messages');
});

describe('<RequireSegment>', () => {
  beforeEach(() => i18n.changeLanguage('ru'));
  const extraRoutes = [<Route key="home" path="/" element={<h1>home</h1>} />];

  test('renders the shell once GET /users/check?segment=FOREIGN succeeds', async () => {
    setUser(admin('Админ'));
    const fetchMock = mockFetch((url) => (url.includes('/users/check') ? { body: { success: true } } : { body: {} }));
    renderWithProviders(
      <RequireSegment segment="FOREIGN">
        <h1>shell</h1>
      </RequireSegment>,
      { route: '/admin', path: '/admin' },
    );
    expect(await screen.findByRole('heading', { name: 'shell' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map((call) => call[0].url);
    expect(urls.some((url) => /\/api\/v1\/users\/check\?segment=FOREIGN$/.test(url))).toBe(true);
  });

  test('a refusal redirects to / without showing the shell', async () => {
    setUser({ ...admin('Админ'), roles: [] });
    mockFetch(() => ({ status: 403, body: { success: false, message: 'Доступ запрещён', message_key: 'errors.forbidden', errors: {} } }));
    renderWithProviders(
      <RequireSegment segment="KZ">
        <h1>shell</h1>
      </RequireSegment>,
      { route: '/admin/kz', path: '/admin/kz', extraRoutes },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('heading', { name: 'shell' })).not.toBeInTheDocument();
  });

  test('signed out → /auth', async () => {
    mockFetch(() => ({ body: {} }));
    renderWithProviders(
      <RequireSegment segment="FOREIGN">
        <h1>shell</h1>
      </RequireSegment>,
      { route: '/admin', path: '/admin', extraRoutes: [<Route key="auth" path="/auth" element={<h1>auth</h1>} />] },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
  });
});

test('the staff screen is in both shells for the staff-management role only (issue 22)', () => {
  const manager = { ...admin('Админ'), roles: [{ name: 'Админ' }, { name: 'Управление персоналом' }] };
  const keys = (user, shell) => menuItemsFor(user, shell).map((i) => i.key);
  expect(keys(manager, 'foreign')).toContain('staff');
  expect(keys(manager, 'kz')).toContain('staff');
  expect(keys(admin('Админ'), 'foreign')).not.toContain('staff');
  expect(keys(admin('Админ (граждане КЗ)'), 'kz')).not.toContain('staff');
});

test('every staff role has its own sign-in security in both shells (decision 0091)', () => {
  const keys = (user, shell) => menuItemsFor(user, shell).map((i) => i.key);
  ['Админ', 'Админ (граждане КЗ)', 'Управление персоналом'].forEach((role) =>
    ['foreign', 'kz'].forEach((shell) => expect(keys(admin(role), shell)).toContain('security')),
  );
  expect(keys({ roles: [] }, 'foreign')).not.toContain('security');
});
