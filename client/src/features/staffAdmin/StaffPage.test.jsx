import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import StaffPage from './StaffPage';

const MANAGER = 'Управление персоналом';
const FOREIGN = 'Админ';
const KZ = 'Админ (граждане КЗ)';
const manager = { id: 1, email: 'boss@u.kz', token: 'tk', is_verified: true, roles: [{ name: MANAGER }] };

const member = (id, email, extra = {}) => ({
  id,
  email,
  first_name: null,
  last_name: null,
  roles: [FOREIGN],
  is_active: true,
  deactivated_at: null,
  invitation_pending: false,
  has_second_factor: true,
  created_at: '2026-11-20T08:00:00Z',
  ...extra,
});

const ANNA = member(2, 'anna@u.kz', { last_name: 'Ахметова', first_name: 'Анна' });
const NEW = member(3, 'new@u.kz', { invitation_pending: true, has_second_factor: false, roles: [KZ] });

/** A fetch mock of the staff API; answers the list from `people` (filtered by ?search=) and records every call. */
function serveStaff(people = [ANNA, NEW], trail = []) {
  const calls = [];
  mockFetch(async (url, request) => {
    const u = new URL(url, 'http://localhost');
    const body = request.method === 'GET' ? null : await request.clone().json().catch(() => null);
    calls.push({ method: request.method, path: u.pathname, params: Object.fromEntries(u.searchParams), body });
    if (u.pathname.endsWith('/public-config')) return { body: {} };
    if (u.pathname.endsWith('/admin/staff') && request.method === 'GET') {
      const search = (u.searchParams.get('search') || '').toLowerCase();
      const list = people.filter((p) => p.email.includes(search));
      return { body: { success: true, list, total: list.length, page: 1, per_page: 20 } };
    }
    if (u.pathname.endsWith('/admin/staff') && request.method === 'POST') {
      return { status: 201, body: { success: true, item: member(9, body.email, { invitation_pending: true }) } };
    }
    if (/\/admin\/staff\/\d+\//.test(u.pathname)) return { body: { success: true, item: ANNA } };
    if (u.pathname.endsWith('/admin/audit')) {
      return { body: { success: true, list: trail, total: trail.length, page: 1, per_page: 10 } };
    }
    return { status: 404, body: { success: false, message: 'unexpected', errors: {} } };
  });
  return calls;
}

jest.setTimeout(30000);

describe('<StaffPage> (staff accounts, issue 22)', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(manager);
  });

  test('lists staff with roles and state, searches on the server, and is axe-clean', async () => {
    const calls = serveStaff();
    const { container } = renderWithProviders(<StaffPage />);
    const table = await screen.findByRole('table', { name: 'Учётные записи сотрудников' });
    expect(screen.getByRole('heading', { level: 1, name: 'Сотрудники' })).toBeInTheDocument();
    expect(within(table).getByText('anna@u.kz')).toBeInTheDocument();
    expect(screen.getByTestId('staff-roles-2')).toHaveTextContent('Администратор (иностранные абитуриенты)');
    // Two renderings of roles and state: their own columns from md up, under the e-mail below md (CSS picks one).
    expect(within(screen.getByTestId('staff-row-3')).getAllByText('Приглашён')).toHaveLength(2);
    expect(within(screen.getByTestId('staff-row-3')).getAllByText('Нет второго фактора')).toHaveLength(2);
    expect(screen.getByTestId('staff-summary-2')).toHaveTextContent('Администратор (иностранные абитуриенты)');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Поиск по e-mail или имени' }), 'nobody');
    expect(await screen.findByTestId('staff-empty')).toHaveTextContent('По запросу «nobody» никого не найдено.');
    expect(calls.some((c) => c.params.search === 'nobody' && c.params.page === '1')).toBe(true);

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test('an invitation sends the e-mail, the roles as the server names them and the language; focus returns', async () => {
    const calls = serveStaff();
    renderWithProviders(<StaffPage />);
    const opener = await screen.findByTestId('staff-invite-button');
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Приглашение сотрудника' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отправить приглашение' }));
    expect(within(dialog).getByText('Укажите e-mail')).toBeInTheDocument();
    expect(within(dialog).getByText('Выберите хотя бы одну роль')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'new.one@u.kz');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Администратор (граждане РК)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Управление персоналом' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отправить приглашение' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = calls.filter((c) => c.method === 'POST');
    expect(post.body).toEqual({
      email: 'new.one@u.kz',
      roles: [KZ, MANAGER],
      language: 'ru',
      first_name: null,
      last_name: null,
    });
    await waitFor(() => expect(opener).toHaveFocus());
  });

  test('deactivation asks first: cancel changes nothing, confirm calls the API', async () => {
    const calls = serveStaff();
    renderWithProviders(<StaffPage />);
    const button = await screen.findByRole('button', { name: 'Отключить: anna@u.kz' });
    await userEvent.click(button);
    const confirm = await screen.findByRole('alertdialog', { name: 'Отключить учётную запись?' });
    expect(within(confirm).getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await waitFor(() => expect(button).toHaveFocus());

    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отключить' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({ path: '/api/v1/admin/staff/2/active', body: { active: false } }),
      ]),
    );
  });

  test('roles are changed in a dialog that says the account is signed out', async () => {
    const calls = serveStaff();
    renderWithProviders(<StaffPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить роли: anna@u.kz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Роли: anna@u.kz' });
    expect(dialog).toHaveAccessibleDescription(/выйдет из системы на всех устройствах/);
    const foreign = within(dialog).getByRole('checkbox', { name: 'Администратор (иностранные абитуриенты)' });
    expect(foreign).toBeChecked();
    await userEvent.click(foreign);
    expect(within(dialog).getByRole('button', { name: 'Сохранить роли' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Администратор (граждане РК)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить роли' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual(
        expect.objectContaining({ path: '/api/v1/admin/staff/2/roles', body: { roles: [KZ] } }),
      ),
    );
  });

  test("an account's audit trail shows who, when, what and before → after", async () => {
    const trail = [
      {
        id: 7,
        created_at: '2026-11-26T09:15:00Z',
        actor_id: 1,
        actor_email: 'boss@u.kz',
        action: 'staff.roles',
        target_type: 'user',
        target_id: '2',
        details: { before: { roles: [] }, after: { roles: [KZ] }, signed_out: true },
      },
    ];
    const calls = serveStaff([ANNA], trail);
    renderWithProviders(<StaffPage />);
    await userEvent.click(await screen.findByTestId('staff-audit-2-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Журнал действий: anna@u.kz' });
    const entry = await within(dialog).findByTestId('audit-entry-7');
    expect(entry).toHaveTextContent('boss@u.kz');
    expect(entry).toHaveTextContent('Изменение ролей');
    // the role's name in the interface language, not as the server stores it (decision 0091)
    expect(entry).toHaveTextContent('Роли: — → Администратор (граждане РК)');
    expect(entry).toHaveTextContent(/\d{2}\.\d{2}\.2026 \d{2}:\d{2}/);
    expect(calls.find((c) => c.path.endsWith('/admin/audit')).params).toEqual({
      page: '1',
      per_page: '10',
      target_type: 'user',
      target_id: '2',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.getByTestId('staff-audit-2-button')).toHaveFocus());
  });

  test('an admin without the staff-management role is sent back to the shell and reads nothing', async () => {
    setUser({ ...manager, roles: [{ name: FOREIGN }] });
    const calls = serveStaff([ANNA], []);
    renderWithProviders(<StaffPage />, { route: '/admin/staff', path: '/admin/staff' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(screen.queryByTestId('staff-page')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.includes('/admin/'))).toEqual([]);
  });
});
