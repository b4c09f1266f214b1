import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import AuditTrailButton, { auditTargetType } from './AuditTrailButton';
import { actionLabel } from './AuditTrailDialog';

const manager = { id: 1, email: 'boss@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Управление персоналом' }] };

function serveTrail(answer) {
  const calls = [];
  mockFetch(async (url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname.endsWith('/public-config')) return { body: {} };
    calls.push(Object.fromEntries(u.searchParams));
    return answer(u);
  });
  return calls;
}

describe('the audit trail of one object (issue 22, decision 0079)', () => {
  beforeEach(() => setUser(manager));
  afterEach(() => i18n.changeLanguage('ru'));

  test('a model is named as the server names it', () => {
    expect(auditTargetType('SectionRoom')).toBe('section_room');
    expect(auditTargetType('Hall')).toBe('hall');
    expect(auditTargetType('RoomType')).toBe('room_type');
  });

  test('an empty trail says so in the interface language, and pages are asked of the server', async () => {
    i18n.changeLanguage('kk');
    const calls = serveTrail(() => ({ body: { success: true, list: [], total: 0, page: 1, per_page: 10 } }));
    renderWithProviders(<AuditTrailButton targetType="application" targetId={42} />);
    const opener = screen.getByRole('button', { name: 'Әрекеттер журналы' });
    await userEvent.click(opener);
    expect(await screen.findByTestId('audit-trail-empty')).toHaveTextContent('Әзірге жазбалар жоқ.');
    expect(calls[0]).toEqual({ page: '1', per_page: '10', target_type: 'application', target_id: '42' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  test("a refusal shows the server's localized message", async () => {
    serveTrail(() => ({
      status: 403,
      body: { success: false, message: 'Недостаточно прав', message_key: 'errors.forbidden', errors: {} },
    }));
    renderWithProviders(<AuditTrailButton targetType="user" targetId={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Журнал действий' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/прав/);
  });
});

const CYRILLIC = /[А-Яа-яЁёӘәҒғҚқҢңӨөҰұҮүҺһІі]/;

function serveEntries() {
  return serveTrail(() => ({
    body: {
      success: true,
      total: 2,
      page: 1,
      per_page: 10,
      list: [
        {
          id: 5,
          created_at: '2026-11-20T09:30:00Z',
          actor_email: 'boss@u.kz',
          action: 'staff.roles',
          target_type: 'user',
          target_id: '2',
          details: {
            roles_before: ['Админ'],
            roles_after: ['Админ', 'Управление персоналом'],
            signed_out: true,
            before: { roles: ['Админ (граждане КЗ)'] },
            after: { roles: [], password_hash: '[hidden]' },
          },
        },
        {
          id: 4,
          created_at: '2026-11-20T09:00:00Z',
          actor_email: null,
          action: 'application.accept',
          target_type: 'application',
          target_id: '7',
          details: {
            from_status: 0,
            to_status: 1,
            reason: null,
            rows: [{ type: 'application_event', id: '31', op: 'create', before: {}, after: { to_status: 1 } }],
          },
        },
      ],
    },
  }));
}

describe('an entry reads in the interface language (decision 0091)', () => {
  beforeEach(() => setUser(manager));
  afterEach(() => i18n.changeLanguage('ru'));

  test('English: field names, role names, yes/no, hidden values, statuses, transitions and row kinds', async () => {
    await i18n.changeLanguage('en');
    serveEntries();
    renderWithProviders(<AuditTrailButton targetType="user" targetId={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Audit trail' }));
    const roles = await screen.findByTestId('audit-entry-5');
    expect(roles).toHaveTextContent('Roles changed');
    expect(within(roles).getByTestId('audit-entry-facts')).toHaveTextContent(
      'Roles before: Admin (foreign applicants); Roles after: Admin (foreign applicants), Staff management; ' +
        'Signed out everywhere: yes',
    );
    expect(roles).toHaveTextContent('Roles: Admin (citizens of Kazakhstan) → —');
    expect(roles).toHaveTextContent('Password: — → hidden');
    const accepted = screen.getByTestId('audit-entry-4');
    expect(accepted).toHaveTextContent('Application accepted');
    expect(accepted).toHaveTextContent('Status before: Under review; Status after: Accepted');
    expect(accepted).toHaveTextContent('Application event #31: created');
    expect(accepted).toHaveTextContent('System');
    // Nothing of the server's Russian names is left on an English screen.
    expect(screen.getByTestId('audit-trail-table')).not.toHaveTextContent(CYRILLIC);
  });

  test.each([
    ['kk', 'Бұрынғы рөлдер: Әкімші (шетелдік талапкерлер)', 'Рөлдер: Әкімші (ҚР азаматтары) → —', 'Өтінім қабылданды'],
    ['ru', 'Роли до: Администратор (иностранные абитуриенты)', 'Роли: Администратор (граждане РК) → —', 'Заявка принята'],
  ])('%s', async (lang, facts, change, transition) => {
    await i18n.changeLanguage(lang);
    serveEntries();
    renderWithProviders(<AuditTrailButton targetType="user" targetId={2} />);
    await userEvent.click(screen.getByTestId('audit-trail-button'));
    const roles = await screen.findByTestId('audit-entry-5');
    expect(within(roles).getByTestId('audit-entry-facts')).toHaveTextContent(facts);
    expect(roles).toHaveTextContent(change);
    expect(roles).not.toHaveTextContent('signed_out');
    expect(screen.getByTestId('audit-entry-4')).toHaveTextContent(transition);
  });

  test('a name the catalogue does not know is shown as stored, a number as it is', () => {
    const t = i18n.getFixedT('en');
    expect(actionLabel('section_room.update', t)).toBe('Record changed');
    expect(actionLabel('something.new', t)).toBe('something.new');
    expect(actionLabel('staff.recovery_codes_regenerated', t)).toBe('New recovery codes issued');
  });
});
