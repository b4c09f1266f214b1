import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import NotificationSettingsPage from './NotificationSettingsPage';

jest.setTimeout(30000);

const KINDS = ['draft_deadline', 'fee_unpaid', 'document_returned', 'dorm_expiring'];

function server() {
  const enabled = Object.fromEntries(KINDS.map((kind) => [kind, true]));
  const bodies = [];
  const list = () => KINDS.map((kind) => ({ kind, enabled: enabled[kind] }));
  mockFetch(async (url, request) => {
    if (request.method === 'PUT') {
      const body = await request.json();
      bodies.push(body);
      Object.assign(enabled, body.settings);
    }
    return { body: { success: true, list: list() } };
  });
  return bodies;
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser({ id: 5, email: 'ainur@example.com', token: 'tk', is_verified: true, roles: [] });
});

test('issue 26: each reminder kind has a switch that saves at once', async () => {
  const bodies = server();
  renderWithProviders(<NotificationSettingsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Настройки уведомлений' })).toBeInTheDocument();
  const fee = await screen.findByRole('checkbox', { name: /Вступительный взнос/ });
  expect(fee).toBeChecked();
  expect(screen.getAllByRole('checkbox')).toHaveLength(4);
  await userEvent.setup().click(fee);
  await waitFor(() => expect(bodies).toEqual([{ settings: { fee_unpaid: false } }]));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: /Вступительный взнос/ })).not.toBeChecked());
  expect((await screen.findAllByText('Настройки сохранены')).length).toBeGreaterThan(0);
  expect(document.title).toContain('Настройки уведомлений');
});

test.each([
  ['kk', 'Хабарландыру баптаулары', 'Жатақханадағы орын'],
  ['en', 'Notification settings', 'Dormitory place'],
])('the settings page speaks %s', async (lng, title, dorm) => {
  await act(() => i18n.changeLanguage(lng));
  server();
  renderWithProviders(<NotificationSettingsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(await screen.findByRole('checkbox', { name: new RegExp(dorm) })).toBeChecked();
});
