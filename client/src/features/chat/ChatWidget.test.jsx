import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import ChatWidget from './ChatWidget';
import { STAFF_POLL_MS } from './useChatConversation';

const applicant = { id: 3, email: 'a@example.kz', token: 'tk', is_verified: true, citizenship_id: 1 };
const RECOMMENDATION = {
  code: '6B06102',
  name: 'Программная инженерия',
  reason: 'Подходит, потому что вам близки: информационные технологии.',
  unt_subjects: ['Математика', 'Информатика'],
  apply_url: '/apply?study_program_id=1&educational_program=6B06102',
  study_program_id: 1,
};

/** A fake server: no earlier chats, start answers a welcome, message answers with sources or a recommendation. */
function server({ start = 200, message = 200, chats = [] } = {}) {
  const calls = [];
  const fetch = mockFetch(async (url, request) => {
    const body = request.method === 'POST' ? await request.json() : null;
    calls.push({ url, method: request.method, body, auth: request.headers.get('Authorization') });
    if (url.endsWith('/chat')) return { body: { list: chats, total: chats.length } };
    if (url.endsWith('/chat/start')) {
      if (start !== 200) return { status: start, body: { success: false, message: 'x', message_key: null, errors: {} } };
      return { body: { chatId: 'c-1', welcome: 'Здравствуйте! Что вам интересно?', language: body.language } };
    }
    if (url.endsWith('/handoff')) {
      return { body: { reply: 'Я передал ваш вопрос сотруднику.', sources: [], recommendations: [], language: 'ru', handed_off: true } };
    }
    if (url.endsWith('/return')) {
      return { body: { reply: 'Я снова с вами.', sources: [], recommendations: [], language: 'ru', handed_off: false } };
    }
    if (url.endsWith('/message')) {
      if (message === 'silent') return { body: { reply: null, sources: [], recommendations: [], language: 'ru', handed_off: true } };
      if (message === 429) {
        return { status: 429, body: { success: false, message: 'Слишком много запросов', message_key: 'errors.rate_limited', errors: {} } };
      }
      if (message !== 200) return { status: message, body: {} };
      if (body.message.includes('взнос')) {
        return {
          body: {
            reply: 'Вступительный взнос — 10 000 тенге.',
            sources: [{ key: 'fee', type: 'fee', title: 'Вступительный взнос' }],
            recommendations: [],
            language: 'ru',
            handed_off: false,
          },
        };
      }
      return { body: { reply: 'Вот программы:', sources: [], recommendations: [RECOMMENDATION], language: 'ru', handed_off: false } };
    }
    return { status: 404, body: {} };
  });
  return { fetch, calls };
}

beforeEach(async () => {
  window.localStorage.clear();
  setUser(applicant);
  await act(() => i18n.changeLanguage('ru'));
});

async function openChat() {
  fireEvent.click(screen.getByRole('button', { name: 'Открыть чат-помощник' }));
  return screen.findByRole('dialog', { name: 'Помощник по поступлению' });
}

test('the button opens the window, the welcome comes from /chat/start and a reply shows its sources (§7)', async () => {
  const { calls } = server();
  renderWithProviders(<ChatWidget />);
  await openChat();
  expect(await screen.findByText('Здравствуйте! Что вам интересно?')).toBeInTheDocument();
  const start = calls.find((c) => c.url.endsWith('/chat/start'));
  expect(start.body).toEqual({ type: 'career', level: 'bachelor', language: 'ru' });
  expect(start.auth).toBe('Bearer tk');

  const input = screen.getByTestId('chat-input');
  await waitFor(() => expect(input).toHaveFocus());
  fireEvent.change(input, { target: { value: 'Сколько стоит взнос?' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(screen.getByTestId('chat-typing')).toHaveTextContent('Помощник печатает…');
  expect(await screen.findByText('Вступительный взнос — 10 000 тенге.')).toBeInTheDocument();
  expect(screen.queryByTestId('chat-typing')).not.toBeInTheDocument();
  expect(screen.getByTestId('chat-sources')).toHaveTextContent('Источники: Вступительный взнос');
  const sent = calls.find((c) => c.url.endsWith('/chat/c-1/message'));
  expect(sent.body).toEqual({ message: 'Сколько стоит взнос?', language: 'ru' });
  expect(input).toHaveValue('');
});

test('recommendations carry the reason, the UNT subjects and an apply link', async () => {
  server();
  renderWithProviders(<ChatWidget />);
  await openChat();
  await screen.findByText('Здравствуйте! Что вам интересно?');
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Программирование' } });
  fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
  const apply = await screen.findByTestId('chat-apply-6B06102');
  expect(apply).toHaveAttribute('href', '/apply?study_program_id=1&educational_program=6B06102');
  expect(apply).toHaveAccessibleName('Подать заявку: Программная инженерия');
  expect(screen.getByTestId('chat-recommendations')).toHaveTextContent('Профильные предметы ЕНТ: Математика, Информатика');
});

test('a failed start shows the §8 text and retries', async () => {
  const { calls } = server({ start: 500 });
  renderWithProviders(<ChatWidget />);
  await openChat();
  expect(await screen.findByTestId('chat-start-error')).toHaveTextContent('Ошибка запуска чата. Попробуйте позже.');
  fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/chat/start'))).toHaveLength(2));
});

test('a failed reply shows the §8 text and keeps what was typed', async () => {
  server({ message: 500 });
  renderWithProviders(<ChatWidget />);
  await openChat();
  await screen.findByText('Здравствуйте! Что вам интересно?');
  const input = screen.getByTestId('chat-input');
  fireEvent.change(input, { target: { value: 'Привет' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(await screen.findByTestId('chat-reply-error')).toHaveTextContent('Произошла ошибка. Попробуйте еще раз.');
  expect(input).toHaveValue('Привет');
});

test('429 shows the localized server message', async () => {
  server({ message: 429 });
  renderWithProviders(<ChatWidget />);
  await openChat();
  await screen.findByText('Здравствуйте! Что вам интересно?');
  fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Привет' } });
  fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Enter' });
  expect(await screen.findByTestId('chat-reply-error')).toHaveTextContent('Слишком много запросов');
});

test('Kazakh texts, Shift+Enter does not send, too long is refused before sending', async () => {
  await act(() => i18n.changeLanguage('kk'));
  const { calls } = server();
  renderWithProviders(<ChatWidget />);
  fireEvent.click(screen.getByRole('button', { name: 'Көмекші чатты ашу' }));
  await screen.findByRole('dialog', { name: 'Түсу бойынша көмекші' });
  await screen.findByText('Здравствуйте! Что вам интересно?');
  expect(calls.find((c) => c.url.endsWith('/chat/start')).body.language).toBe('kk');
  const input = screen.getByTestId('chat-input');
  fireEvent.change(input, { target: { value: 'Сәлем' } });
  fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
  expect(calls.some((c) => c.url.endsWith('/message'))).toBe(false);
  fireEvent.change(input, { target: { value: 'а'.repeat(1001) } });
  expect(screen.getByText('1000 таңбадан аспауы керек')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Жіберу' })).toBeDisabled();
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(calls.some((c) => c.url.endsWith('/message'))).toBe(false);
});

test('Ask a person asks for the question itself, hands it off; Escape closes and focus returns to the button', async () => {
  const { calls } = server({ message: 'silent' });
  renderWithProviders(<ChatWidget />);
  const dialog = await openChat();
  await screen.findByText('Здравствуйте! Что вам интересно?');
  fireEvent.click(screen.getByRole('button', { name: 'Спросить сотрудника' }));
  expect(calls.some((c) => c.url.endsWith('/handoff'))).toBe(false); // nothing is sent before the question
  const input = screen.getByRole('textbox', { name: 'Ваш вопрос для приёмной комиссии' });
  fireEvent.change(input, { target: { value: 'Можно ли сдать оригиналы в субботу?' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(await screen.findByText('Я передал ваш вопрос сотруднику.')).toBeInTheDocument();
  expect(calls.find((c) => c.url.endsWith('/chat/c-1/handoff')).body).toEqual({
    question: 'Можно ли сдать оригиналы в субботу?',
    language: 'ru',
  });
  expect(screen.getByText('Можно ли сдать оригиналы в субботу?')).toBeInTheDocument();
  expect(screen.getByText('Разговор передан сотруднику приёмной комиссии')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Спросить сотрудника' })).not.toBeInTheDocument();

  // while staff have it the assistant is silent: the message shows, no assistant bubble follows
  const toStaff = screen.getByRole('textbox', { name: 'Сообщение сотруднику' });
  const assistantBubbles = screen.getAllByTestId('chat-message-assistant').length;
  fireEvent.change(toStaff, { target: { value: 'И ещё вопрос' } });
  fireEvent.keyDown(toStaff, { key: 'Enter' });
  expect(await screen.findByText('И ещё вопрос')).toBeInTheDocument();
  await waitFor(() => expect(calls.some((c) => c.url.endsWith('/message'))).toBe(true));
  await waitFor(() => expect(toStaff).not.toBeDisabled());
  expect(screen.getAllByTestId('chat-message-assistant')).toHaveLength(assistantBubbles);

  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Открыть чат-помощник' })).toHaveFocus());
});

test('Cancel leaves the question mode; Back to the assistant ends the hand-off', async () => {
  const { calls } = server();
  renderWithProviders(<ChatWidget />);
  await openChat();
  await screen.findByText('Здравствуйте! Что вам интересно?');
  fireEvent.click(screen.getByRole('button', { name: 'Спросить сотрудника' }));
  fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
  expect(screen.getByRole('textbox', { name: 'Ваше сообщение' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Спросить сотрудника' }));
  const input = screen.getByRole('textbox', { name: 'Ваш вопрос для приёмной комиссии' });
  fireEvent.change(input, { target: { value: 'Вопрос' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('button', { name: 'Вернуться к ассистенту' }));
  expect(await screen.findByText('Я снова с вами.')).toBeInTheDocument();
  expect(calls.find((c) => c.url.endsWith('/chat/c-1/return')).body).toEqual({ language: 'ru' });
  expect(screen.getByRole('button', { name: 'Спросить сотрудника' })).toBeEnabled();
  expect(screen.getByRole('textbox', { name: 'Ваше сообщение' })).toBeInTheDocument();
});

test('the latest conversation is reopened with its messages, staff answers included', async () => {
  const { calls } = server({ chats: [{ chatId: 'old-1', language: 'ru', handed_off: true }] });
  global.fetch.mockImplementationOnce(async () => new Response(JSON.stringify({ list: [{ chatId: 'old-1' }], total: 1 }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  global.fetch.mockImplementationOnce(async () => new Response(JSON.stringify({
    chatId: 'old-1',
    handed_off: true,
    messages: [
      { id: 1, role: 'assistant', content: 'Здравствуйте!', sources: [], recommendations: [], createdAt: '2026-01-01T00:00:00Z' },
      { id: 2, role: 'user', content: 'Можно после срока?', sources: [], recommendations: [], createdAt: '2026-01-01T00:00:01Z' },
      { id: 3, role: 'staff', content: 'Да, до пятницы.', sources: [], recommendations: [], createdAt: '2026-01-01T00:00:02Z' },
    ],
  }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  renderWithProviders(<ChatWidget />);
  await openChat();
  expect(await screen.findByText('Да, до пятницы.')).toBeInTheDocument();
  expect(screen.getByTestId('chat-message-staff')).toHaveTextContent('Сотрудник приёмной комиссии');
  expect(calls.some((c) => c.url.endsWith('/chat/start'))).toBe(false);
});

test('while staff have the conversation the open window fetches the thread again and shows their answer', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  let staffAnswered = false;
  const thread = () => ({
    chatId: 'old-1',
    handed_off: true,
    messages: [
      { id: 1, role: 'user', content: 'Можно после срока?', sources: [], recommendations: [], createdAt: '2026-01-01T00:00:00Z' },
      ...(staffAnswered
        ? [{ id: 2, role: 'staff', content: 'Да, до пятницы.', sources: [], recommendations: [], createdAt: '2026-01-01T00:01:00Z' }]
        : []),
    ],
  });
  const fetch = mockFetch(async (url) => {
    if (url.endsWith('/chat')) return { body: { list: [{ chatId: 'old-1' }], total: 1 } };
    if (url.endsWith('/chat/old-1')) return { body: thread() };
    return { status: 404, body: {} };
  });
  try {
    renderWithProviders(<ChatWidget />);
    await openChat();
    expect(await screen.findByText('Можно после срока?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Вернуться к ассистенту' })).toBeInTheDocument();
    expect(screen.queryByText('Да, до пятницы.')).not.toBeInTheDocument();
    staffAnswered = true;
    await act(async () => {
      jest.advanceTimersByTime(STAFF_POLL_MS);
    });
    expect(await screen.findByText('Да, до пятницы.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input]) => String(input.url || input).endsWith('/chat/old-1')).length).toBeGreaterThanOrEqual(2);
  } finally {
    jest.useRealTimers();
  }
});

test('signed out: the window asks to sign in', async () => {
  window.localStorage.clear();
  const { calls } = server();
  renderWithProviders(<ChatWidget />);
  await openChat();
  expect(screen.getByText('Войдите, чтобы поговорить с помощником.')).toBeInTheDocument();
  expect(screen.getByTestId('chat-sign-in')).toHaveAttribute('href', '/auth');
  expect(calls).toHaveLength(0);
});
