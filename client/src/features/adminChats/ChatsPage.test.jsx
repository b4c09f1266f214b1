/* The staff hand-off screen (issue 14 "ask a person"): the list, one conversation, the reply. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import ChatsPage from './ChatsPage';

const message = (id, role, content, createdAt = '2026-06-01T10:00:00Z') => ({ id, role, content, sources: [], recommendations: [], createdAt });

const chat = (chatId, user, messages, staffAnsweredAt = null) => ({
  chatId,
  type: 'career',
  level: 'bachelor',
  language: 'ru',
  handed_off: true,
  handedOffAt: '2026-06-01T10:05:00Z',
  staffAnsweredAt,
  createdAt: '2026-06-01T09:55:00Z',
  updatedAt: '2026-06-01T10:05:00Z',
  user,
  messages,
});

const OPEN = chat('c-open', { id: 7, email: 'aigerim@example.kz', first_name: 'Айгерим', last_name: 'Сейткали' }, [
  message(1, 'user', 'Какие документы нужны для магистратуры?'),
  message(2, 'assistant', 'Вот что я нашёл…'),
  message(3, 'user', 'Спросить сотрудника: а если диплом иностранный?'),
]);
const DONE = chat(
  'c-done',
  { id: 8, email: 'no.name@example.kz', first_name: null, last_name: null },
  [message(4, 'user', 'Когда дедлайн?'), message(5, 'staff', 'До 25 августа.')],
  '2026-06-01T11:00:00Z',
);

/** The fake server: the list, one chat, the reply (recorded). */
function server() {
  const replies = [];
  const fetchMock = mockFetch(async (url, request) => {
    if (/\/admin\/chats\?/.test(url)) return { body: { list: [OPEN, DONE], total: 2 } };
    if (url.endsWith('/admin/chats/c-open/reply')) {
      const body = await request.json();
      replies.push(body);
      return { body: { success: true, item: message(6, 'staff', body.content) } };
    }
    if (url.endsWith('/admin/chats/c-open')) return { body: OPEN };
    return { status: 404, body: { success: false, message: 'Не найдено', message_key: 'errors.not_found', errors: {} } };
  });
  return { replies, fetchMock };
}

const renderAt = (route) => renderWithProviders(<ChatsPage />, { route, path: '/admin/chats/*' });

beforeEach(() => {
  i18n.changeLanguage('ru');
  setUser({ id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] });
});

test('the list shows each hand-off with the applicant, the last message, the time and whether it is answered', async () => {
  const { fetchMock } = server();
  renderAt('/admin/chats');
  const list = await screen.findByRole('list', { name: 'Вопросы из чата-помощника' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  // unanswered first (the server's order is kept), with name, e-mail, last message and status
  expect(items[0]).toHaveTextContent('Сейткали Айгерим');
  expect(items[0]).toHaveTextContent('aigerim@example.kz');
  expect(items[0]).toHaveTextContent('Абитуриент: Спросить сотрудника: а если диплом иностранный?');
  expect(items[0]).toHaveTextContent('Без ответа');
  expect(items[0]).toHaveTextContent(/01\.06\.2026 \d\d:\d\d/);
  expect(items[1]).toHaveTextContent('Без имени');
  expect(items[1]).toHaveTextContent('Сотрудник: До 25 августа.');
  expect(items[1]).toHaveTextContent('Отвечен');
  expect(fetchMock.mock.calls.some(([request]) => /\/api\/v1\/admin\/chats\?page=1&per_page=50$/.test(request.url))).toBe(true);
});

test('opening a conversation shows its messages; the reply sends the trimmed text and says so', async () => {
  const { replies } = server();
  renderAt('/admin/chats');
  fireEvent.click(await screen.findByText('Сейткали Айгерим'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/chats/c-open'));
  const thread = await screen.findByRole('list', { name: 'Переписка' });
  expect(within(thread).getAllByRole('listitem')).toHaveLength(3);
  expect(thread).toHaveTextContent('Вот что я нашёл…');
  expect(thread).toHaveTextContent('Помощник');

  const box = screen.getByRole('textbox', { name: /Ответ абитуриенту/ });
  fireEvent.change(box, { target: { value: '  Нужна нострификация диплома.  ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' }));
  expect(await screen.findByText('Ответ отправлен')).toBeInTheDocument();
  expect(replies).toEqual([{ content: 'Нужна нострификация диплома.' }]);
  expect(box).toHaveValue('');
});

test('an empty reply is refused with a localized error and nothing is sent', async () => {
  const { replies } = server();
  renderAt('/admin/chats/c-open');
  await screen.findByRole('list', { name: 'Переписка' });
  fireEvent.change(screen.getByRole('textbox', { name: /Ответ абитуриенту/ }), { target: { value: '   ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' }));
  expect(await screen.findByText('Введите ответ')).toBeInTheDocument();
  expect(replies).toEqual([]);

  // the refusal follows a language switch
  await act(() => i18n.changeLanguage('kk'));
  expect(await screen.findByText('Жауапты енгізіңіз')).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('button', { name: 'Жауапты жіберу' }));
  expect(replies).toEqual([]);
});

test("another population's conversation (404) is not shown", async () => {
  server();
  renderAt('/admin/chats/c-foreign');
  expect(await screen.findByText('Разговор не найден или не относится к вашим абитуриентам.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});
