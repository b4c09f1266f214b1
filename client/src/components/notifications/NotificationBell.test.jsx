import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { firstScreenPageShown } from '../../api/firstScreen';
import { makeStore, mockFetch, renderWithProviders } from '../../testUtils';
import NotificationBell from './NotificationBell';

// As in the app: a page is on screen with its own reads answered, so the count is asked for (api/firstScreen.js).
function renderOnShownPage(ui) {
  const store = makeStore();
  firstScreenPageShown(store);
  return renderWithProviders(ui, { store });
}

jest.setTimeout(30000);

const applicant = { id: 5, email: 'ainur@example.com', token: 'tk', is_verified: true, roles: [] };

function serverWith(items) {
  const state = { items: items.map((item) => ({ ...item })), requests: [] };
  const fetchMock = mockFetch((url, request) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    state.requests.push(`${request.method} ${pathname}${searchParams.toString() ? `?${searchParams}` : ''}`);
    const unread = state.items.filter((item) => !item.read).length;
    if (pathname.endsWith('/notifications/unread-count')) return { body: { success: true, unread } };
    if (pathname.endsWith('/notifications/read-all')) {
      state.items.forEach((item) => Object.assign(item, { read: true }));
      return { body: { success: true, unread: 0 } };
    }
    const one = pathname.match(/\/notifications\/(\d+)\/read$/);
    if (one) {
      state.items.find((item) => item.id === Number(one[1])).read = true;
      return { body: { success: true, unread: unread - 1 } };
    }
    if (pathname.endsWith('/notifications')) {
      return { body: { success: true, list: state.items, total: state.items.length, unread, page: 1, per_page: 10 } };
    }
    return { status: 404, body: {} };
  });
  return { state, fetchMock };
}

const ITEMS = [
  {
    id: 2,
    kind: 'document_returned',
    title: 'Документ возвращён на доработку',
    body: '«Паспорт», заявка № 9.',
    link: '/my-applications',
    created_at: '2026-11-27T04:00:00+00:00',
    read: false,
  },
  {
    id: 1,
    kind: 'application_submitted',
    title: 'Анкета отправлена',
    body: 'Заявка № 9',
    link: '/my-applications',
    created_at: '2026-11-26T04:00:00+00:00',
    read: true,
  },
];

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser(applicant);
});

test('issue 26: the badge shows the unread count; the list loads only when the bell is opened', async () => {
  const { state } = serverWith(ITEMS);
  renderOnShownPage(<NotificationBell />);
  const bell = await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 1' });
  expect(within(screen.getByTestId('notification-badge')).getByText('1')).toBeInTheDocument();
  expect(state.requests.some((r) => r.startsWith('GET /api/v1/notifications?'))).toBe(false);

  await userEvent.setup().click(bell);
  const panel = await screen.findByTestId('notification-panel');
  const items = await within(panel).findAllByTestId('notification-item');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Документ возвращён на доработку');
  expect(items[0]).toHaveAttribute('data-read', 'false');
  expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/my-applications');
  expect(within(panel).getByTestId('notification-settings-link')).toHaveAttribute('href', '/settings/notifications');
});

test('opening a notification marks it read and goes where to act; "mark all read" clears the badge', async () => {
  const { state } = serverWith([...ITEMS, { ...ITEMS[0], id: 3, read: false, link: '/dormitory', title: 'Место' }]);
  const user = userEvent.setup();
  renderOnShownPage(<NotificationBell />);
  await user.click(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' }));
  const [first] = await screen.findAllByTestId('notification-item');
  await user.click(within(first).getByRole('link'));
  await waitFor(() => expect(state.requests).toContain('POST /api/v1/notifications/2/read'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-applications'));
  await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 1' });

  await user.click(screen.getByTestId('notification-bell'));
  await user.click(await screen.findByTestId('notifications-mark-all'));
  await waitFor(() => expect(state.requests).toContain('POST /api/v1/notifications/read-all'));
  // the panel stays open (the page behind it is hidden from the accessibility tree meanwhile)
  await waitFor(() => expect(screen.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Уведомления'));
  await waitFor(() => screen.getAllByTestId('notification-item').forEach((item) => expect(item).toHaveAttribute('data-read', 'true')));
});

test.each([
  ['kk', 'Хабарландырулар'],
  ['en', 'Notifications'],
])('the bell is labelled in %s; an empty list says so', async (lng, label) => {
  await act(() => i18n.changeLanguage(lng));
  serverWith([]);
  renderOnShownPage(<NotificationBell />);
  await userEvent.setup().click(await screen.findByRole('button', { name: label }));
  expect(await screen.findByTestId('notifications-empty')).toBeInTheDocument();
});
