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
    expect(roles).toHaveTextContent('Password: hidden');
    const accepted = screen.getByTestId('audit-entry-4');
    expect(accepted).toHaveTextContent('Application accepted');
    expect(accepted).toHaveTextContent('Status: Under review → Accepted');
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

  test('an action the catalogue does not know reads humanized, never as the raw key', () => {
    const t = i18n.getFixedT('en');
    expect(actionLabel('section_room.update', t)).toBe('Record changed');
    expect(actionLabel('something.new', t)).toBe('Something new');
    expect(actionLabel('staff.recovery_codes_regenerated', t)).toBe('New recovery codes issued');
  });
});

// A fee exemption and a message to the applicant as the server writes them (server/review/actions.py run_transition
// and send_message): the application's own change, the workflow event with its JSON `changes` and `data`, the message
// row and the applicant's notification.
function serveApplicationEntries() {
  return serveTrail(() => ({
    body: {
      success: true,
      total: 2,
      page: 1,
      per_page: 10,
      list: [
        {
          id: 9,
          created_at: '2026-11-20T10:00:00Z',
          actor_email: 'kz.admin@u.kz',
          action: 'application.message',
          target_type: 'application',
          target_id: '7',
          details: {
            user_id: 5,
            length: 5,
            rows: [
              {
                type: 'application_message',
                id: '1',
                op: 'create',
                before: {},
                after: { id: 1, application_id: 7, author_id: 3, author_side: 'staff', content: 'Hello' },
              },
              {
                type: 'notification',
                id: '4',
                op: 'create',
                before: {},
                after: {
                  user_id: 5,
                  kind: 'application_message',
                  params: { application_id: 7, program: { ru: 'Право', kk: 'Құқық', en: 'Law' } },
                },
              },
            ],
          },
        },
        {
          id: 8,
          created_at: '2026-11-20T09:00:00Z',
          actor_email: 'kz.admin@u.kz',
          action: 'application.set_exemption',
          target_type: 'application',
          target_id: '7',
          details: {
            from_status: null,
            to_status: null,
            from_step: 2,
            to_step: 2,
            reason: null,
            comment: null,
            before: { is_exempted_from_payment: false },
            after: { is_exempted_from_payment: true },
            rows: [
              {
                type: 'application_event',
                id: '12',
                op: 'create',
                before: {},
                after: {
                  application_id: 7,
                  transition: 'set_exemption',
                  actor_user_id: 3,
                  actor_role: 'Админ (граждане КЗ)',
                  from_step: 2,
                  to_step: 2,
                  changes: { is_exempted_from_payment: { from: false, to: true } },
                  data: { is_exempted_from_payment: true },
                  applicant_visible: false,
                },
              },
            ],
          },
        },
      ],
    },
  }));
}

const RAW_KEY = /[a-z]+_[a-z_]+/;

describe("an application's trail names every field, kind, role and transition (decision 0091)", () => {
  beforeEach(() => setUser(manager));
  afterEach(() => i18n.changeLanguage('ru'));

  test.each([
    [
      'en',
      'Audit trail',
      {
        exemption: ['Fee exemption changed', 'Step: Admission fee awaited (unchanged)', 'Exempted from payment: no → yes'],
        event: [
          'Application event #12: created',
          'Transition: Fee exemption changed',
          "Actor's role: Admin (citizens of Kazakhstan)",
          'Performed by: #3',
          'Changes › Exempted from payment: no → yes',
          'Data › Exempted from payment: yes',
          'Visible to the applicant: no',
        ],
        message: [
          'Message to the applicant',
          'Application message #1: created',
          'Written by: Admissions office',
          'Author: #3',
          'Notification #4: created',
          'Kind: Application message',
          'Parameters › Programme › English: Law',
        ],
      },
    ],
    [
      'kk',
      'Әрекеттер журналы',
      {
        exemption: ['Кезең: ', '(өзгеріссіз)', 'Төлемнен босатылған: жоқ → иә'],
        event: ['Орындаушының рөлі: Әкімші (ҚР азаматтары)', 'Орындаушы: №3', 'Талапкерге көрінеді: жоқ'],
        message: ['Өтінім бойынша хабарлама №1', 'Кім жазды: Қабылдау комиссиясы', 'Хабарландыру №4'],
      },
    ],
    [
      'ru',
      'Журнал действий',
      {
        exemption: ['Этап: ', '(без изменений)', 'Освобождён от оплаты: нет → да'],
        event: ['Роль исполнителя: Администратор (граждане РК)', 'Исполнитель: №3', 'Видно абитуриенту: нет'],
        message: ['Сообщение по заявке №1', 'Кто написал: Приёмная комиссия', 'Вид: Сообщение по заявке'],
      },
    ],
  ])('%s', async (lang, opener, expected) => {
    await i18n.changeLanguage(lang);
    serveApplicationEntries();
    const { unmount } = renderWithProviders(<AuditTrailButton targetType="application" targetId={7} />);
    await userEvent.click(screen.getByRole('button', { name: opener }));
    const exemption = await screen.findByTestId('audit-entry-8');
    [...expected.exemption, ...expected.event].forEach((text) => expect(exemption).toHaveTextContent(text));
    const message = screen.getByTestId('audit-entry-9');
    expected.message.forEach((text) => expect(message).toHaveTextContent(text));
    const table = screen.getByTestId('audit-trail-table');
    // No stored name is left raw, no JSON is printed, and no Russian role name is left on a kk or en screen.
    expect(table).not.toHaveTextContent(RAW_KEY);
    expect(table.textContent).not.toMatch(/[{}"]/);
    if (lang !== 'ru') expect(table).not.toHaveTextContent('Админ');
    unmount(); // before afterEach switches the language back
  });

  test('on a phone the dialog is full-screen and each entry is a card with labelled lines', async () => {
    const matchMedia = window.matchMedia;
    // jsdom has no layout: the phone width is what the sm breakpoint's query answers.
    window.matchMedia = (query) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
    try {
      await i18n.changeLanguage('en');
      serveApplicationEntries();
      const { unmount } = renderWithProviders(<AuditTrailButton targetType="application" targetId={7} />);
      await userEvent.click(screen.getByRole('button', { name: 'Audit trail' }));
      const list = await screen.findByTestId('audit-trail-list');
      expect(screen.queryByTestId('audit-trail-table')).toBeNull();
      expect(screen.getByTestId('audit-trail-dialog').querySelector('.MuiDialog-paperFullScreen')).not.toBeNull();
      expect(within(list).getAllByRole('listitem', { hidden: false }).length).toBeGreaterThanOrEqual(2);
      const card = within(list).getByTestId('audit-entry-8');
      expect(within(card).getByRole('heading', { level: 3, name: 'Fee exemption changed' })).toBeInTheDocument();
      expect(card).toHaveTextContent('Time');
      expect(card).toHaveTextContent('Who');
      expect(card).toHaveTextContent('kz.admin@u.kz');
      expect(card).toHaveTextContent('Before → after');
      expect(card).toHaveTextContent('Exempted from payment: no → yes');
      unmount();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
