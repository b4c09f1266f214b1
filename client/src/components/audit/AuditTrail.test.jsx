import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import AuditTrailButton, { auditTargetType } from './AuditTrailButton';

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
