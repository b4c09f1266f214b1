import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import MessageThreadPage from './MessageThreadPage';

jest.setTimeout(30000);

const applicant = { id: 5, email: 'ainur@example.com', token: 'tk', is_verified: true, roles: [] };
const PROGRAM = { ru: 'Информатика', kk: 'Информатика (kk)', en: 'Computer science' };

/** A fake server holding one thread of application 9 (newest first), recording every call. */
function serverWith(messages, { size = 20 } = {}) {
  const state = { messages: messages.map((m) => ({ ...m })), requests: [], replies: [] };
  const fetchMock = mockFetch(async (url, request) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    state.requests.push(`${request.method} ${pathname}${searchParams.toString() ? `?${searchParams}` : ''}`);
    if (!pathname.includes('/application/9/')) return { status: 404, body: { success: false, message: 'Заявка не найдена', message_key: 'applications.not_found', errors: {} } };
    if (pathname.endsWith('/messages/read')) {
      state.messages.forEach((m) => {
        if (m.author_side === 'staff') m.readAt = m.readAt || '2026-11-27T05:00:00+00:00';
      });
      return { body: { success: true, unread: 0 } };
    }
    if (request.method === 'POST') {
      const { content } = await request.json();
      const item = { id: 100 + state.replies.length, application_id: 9, content, author_side: 'applicant', createdAt: '2026-11-27T06:00:00+00:00', readAt: null };
      state.replies.push(content);
      state.messages.unshift(item);
      return { body: { success: true, message: 'Сообщение отправлено', message_key: 'messages.sent', item } };
    }
    const page = Number(searchParams.get('page') || 1);
    const per = Number(searchParams.get('size') || size);
    const unread = state.messages.filter((m) => m.author_side === 'staff' && !m.readAt).length;
    return {
      body: {
        success: true,
        application_id: 9,
        study_program: PROGRAM,
        list: state.messages.slice((page - 1) * per, page * per),
        total: state.messages.length,
        page,
        size: per,
        unread,
      },
    };
  });
  return { state, fetchMock };
}

const STAFF_NEW = { id: 2, application_id: 9, content: 'Загрузите скан паспорта', author_side: 'staff', createdAt: '2026-11-27T04:00:00+00:00', readAt: null };
const MINE = { id: 1, application_id: 9, content: 'Здравствуйте', author_side: 'applicant', createdAt: '2026-11-26T04:00:00+00:00', readAt: '2026-11-26T05:00:00+00:00' };

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser(applicant);
});

test('shows both sides newest first, marks the new office message, and marks the thread read once', async () => {
  const { state } = serverWith([STAFF_NEW, MINE]);
  renderWithProviders(<MessageThreadPage />, { route: '/my-applications/9/messages', path: '/my-applications/:applicationId/messages' });
  const list = await screen.findByTestId('thread-list');
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  const [first, second] = within(list).getAllByRole('listitem');
  expect(first).toHaveAttribute('data-side', 'staff');
  expect(within(first).getByText('Приёмная комиссия')).toBeInTheDocument();
  expect(within(first).getByTestId('thread-message-new')).toHaveTextContent('Новое');
  expect(within(second).getByText('Вы')).toBeInTheDocument();
  expect(within(second).getByText('Прочитано')).toBeInTheDocument();
  expect(screen.getByTestId('thread-program')).toHaveTextContent('Информатика');
  await waitFor(() => expect(state.requests.filter((r) => r === 'POST /api/v1/users/application/9/messages/read')).toHaveLength(1));
  expect(document.title).toContain('Сообщения по заявлению');
});

test('a reply is sent trimmed, appears on top and the box is emptied; an empty reply cannot be sent', async () => {
  const { state } = serverWith([MINE]);
  renderWithProviders(<MessageThreadPage />, { route: '/my-applications/9/messages', path: '/my-applications/:applicationId/messages' });
  const send = await screen.findByTestId('thread-reply-send');
  expect(send).toBeDisabled();
  await userEvent.type(screen.getByTestId('thread-reply-input'), '   ');
  expect(send).toBeDisabled();
  await userEvent.type(screen.getByTestId('thread-reply-input'), ' Загрузил паспорт ');
  await userEvent.click(send);
  await waitFor(() => expect(state.replies).toEqual(['Загрузил паспорт']));
  await waitFor(() => expect(screen.getByTestId('thread-message-100')).toHaveTextContent('Загрузил паспорт'));
  expect(screen.getByTestId('thread-message-100')).toHaveTextContent('Не прочитано');
  expect(screen.getByTestId('thread-reply-input')).toHaveValue('');
  // Nothing was unread: the thread is not marked.
  expect(state.requests).not.toContain('POST /api/v1/users/application/9/messages/read');
});

test('pages on the server: "Show more" loads the next page', async () => {
  const many = Array.from({ length: 25 }, (_, i) => ({ id: 50 - i, application_id: 9, content: `Сообщение ${50 - i}`, author_side: 'staff', createdAt: '2026-11-27T04:00:00+00:00', readAt: '2026-11-27T04:30:00+00:00' }));
  const { state } = serverWith(many);
  renderWithProviders(<MessageThreadPage />, { route: '/my-applications/9/messages', path: '/my-applications/:applicationId/messages' });
  const list = await screen.findByTestId('thread-list');
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
  await userEvent.click(screen.getByTestId('thread-load-more'));
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
  expect(screen.queryByTestId('thread-load-more')).not.toBeInTheDocument();
  expect(state.requests).toContain('GET /api/v1/users/application/9/messages?page=2&size=20');
});

test("someone else's application says not found, in the interface language", async () => {
  serverWith([]);
  await act(() => i18n.changeLanguage('kk'));
  renderWithProviders(<MessageThreadPage />, { route: '/my-applications/77/messages', path: '/my-applications/:applicationId/messages' });
  expect(await screen.findByTestId('thread-not-found')).toHaveTextContent('Өтініш табылмады');
  expect(screen.queryByTestId('thread-reply-input')).not.toBeInTheDocument();
});
