import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import PanelMessages from './PanelMessages';

jest.setTimeout(30000);

const admin = { id: 1, email: 'admin@example.com', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] };
const item = {
  id: 7,
  user: { id: 70, email: 'student@example.com', first_name: 'Айгерим', last_name: 'Серикова' },
  application_messages: [
    { id: 1, content: 'Загрузите паспорт', createdAt: '2026-11-26T04:00:00+00:00', author: { id: 1, email: 'admin@example.com' }, author_side: 'staff', readAt: '2026-11-26T05:00:00+00:00' },
    { id: 2, content: 'Загрузила', createdAt: '2026-11-27T04:00:00+00:00', author: { id: 70, email: 'student@example.com' }, author_side: 'applicant', readAt: null },
  ],
};

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser(admin);
});

test('both sides with their state; opening marks the replies read once; staff answer', async () => {
  const calls = [];
  mockFetch(async (url, request) => {
    const { pathname } = new URL(url, 'http://localhost');
    calls.push(`${request.method} ${pathname}`);
    if (pathname.endsWith('/messages/read')) return { body: { success: true, marked: 1 } };
    if (pathname.endsWith('/send-application-message')) {
      return { body: { success: true, message: 'Успешно', message_key: 'common.success', item: { id: 3, ...(await request.json()) } } };
    }
    return { status: 404, body: {} };
  });
  renderWithProviders(<PanelMessages item={item} />);
  expect(screen.getByTestId('panel-message-1')).toHaveAttribute('data-side', 'staff');
  expect(screen.getByTestId('panel-message-1')).toHaveTextContent('Сотрудник · admin@example.com');
  expect(screen.getByTestId('panel-message-1')).toHaveTextContent('Прочитано абитуриентом');
  expect(screen.getByTestId('panel-message-2')).toHaveAttribute('data-side', 'applicant');
  expect(screen.getByTestId('panel-message-2')).toHaveTextContent('Абитуриент');
  expect(screen.getByTestId('panel-message-2')).toHaveTextContent('Новый ответ');
  expect(screen.getByTestId('panel-messages-unread')).toHaveTextContent('Новых ответов: 1');
  await waitFor(() => expect(calls).toEqual(['POST /api/v1/admin/application/7/messages/read']));

  await userEvent.type(screen.getByTestId('message-input'), ' Спасибо, проверим ');
  await userEvent.click(screen.getByTestId('message-send'));
  await waitFor(() => expect(calls).toContain('POST /api/v1/admin/send-application-message'));
  expect(calls.filter((c) => c.endsWith('/messages/read'))).toHaveLength(1);
});

test('nothing unread: the thread is not marked', async () => {
  const calls = [];
  mockFetch((url, request) => {
    calls.push(`${request.method} ${url}`);
    return { body: { success: true } };
  });
  renderWithProviders(<PanelMessages item={{ ...item, application_messages: [item.application_messages[0]] }} />);
  expect(screen.getByTestId('panel-message-1')).toBeInTheDocument();
  expect(screen.queryByTestId('panel-messages-unread')).not.toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(calls).toEqual([]);
});
