import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import { ADMIN_SHELLS } from '../../domain';
import HomeMessagesPage from './HomeMessagesPage';
import TermsPage from './TermsPage';

const KZ = 'Админ (граждане КЗ)';
const admin = { id: 1, email: 'kz@u.kz', token: 'tk', is_verified: true, roles: [{ name: KZ }] };
const AXE = { rules: { 'color-contrast': { enabled: false } } };

const MESSAGE = {
  id: 7,
  type: 'payment',
  amount: 9990,
  is_permanent: false,
  is_active: true,
  audience: 'user',
  population: null,
  user: { id: 40, email: 'aigerim@example.com', name: 'Серік Айгерім' },
  starts_at: '2026-11-20T00:00:00+00:00',
  ends_at: '2026-12-20T00:00:00+00:00',
  created_at: '2026-11-20T08:00:00+00:00',
  updated_at: null,
  title_ru: 'Доплата',
  title_kk: 'Қосымша төлем',
  title_en: null,
  text_ru: 'Оплатите остаток',
  text_kk: 'Қалдықты төлеңіз',
  text_en: null,
};

function serve({ messages = [MESSAGE], total = messages.length, saveAnswer = null } = {}) {
  const calls = [];
  mockFetch(async (url, request) => {
    const u = new URL(url, 'http://localhost');
    const body = request.method === 'GET' ? null : await request.clone().json().catch(() => null);
    calls.push({ method: request.method, path: u.pathname, params: Object.fromEntries(u.searchParams), body });
    if (u.pathname.endsWith('/public-config')) return { body: {} };
    if (u.pathname.endsWith('/admin/home-page-messages/recipients')) {
      return { body: { success: true, list: [MESSAGE.user] } };
    }
    if (u.pathname.endsWith('/admin/home-page-messages') && request.method === 'GET') {
      const list = u.searchParams.get('status') === 'retired' ? [] : messages;
      return { body: { success: true, list, total: list.length ? total : 0, page: 1, per_page: 20 } };
    }
    if (u.pathname.includes('/admin/home-page-messages') && request.method !== 'GET') {
      if (saveAnswer) return saveAnswer;
      return { status: 201, body: { success: true, item: { ...MESSAGE, id: 8 } } };
    }
    return { status: 404, body: { success: false, message: 'unexpected', errors: {} } };
  });
  return calls;
}

jest.setTimeout(60000);

describe('Settings → home-page messages', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
  });

  test('lists the shell population’s messages with server paging and is axe-clean', async () => {
    const calls = serve({ total: 45 });
    const { container } = renderWithProviders(<HomeMessagesPage shell={ADMIN_SHELLS.kz} />);
    const table = await screen.findByRole('table', { name: 'Сообщения на главной' });
    const row = within(table).getByTestId('home-message-row-7');
    expect(row).toHaveTextContent('Доплата');
    expect(row).toHaveTextContent('Серік Айгерім — aigerim@example.com');
    expect(row).toHaveTextContent('Оплата: 9 990 ₸');
    expect(calls.find((c) => c.path.endsWith('/admin/home-page-messages')).params).toMatchObject({ segment: 'KZ', status: 'active', page: '1' });
    await userEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(calls.some((c) => c.params.page === '2')).toBe(true));
    const results = await axe.run(container, AXE);
    expect(results.violations).toEqual([]);
  });

  test('shows a localized empty state for retired messages', async () => {
    serve();
    await i18n.changeLanguage('kk');
    renderWithProviders(<HomeMessagesPage shell={ADMIN_SHELLS.kz} />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('tab', { name: 'Алынғандар' }));
    expect(await screen.findByTestId('home-messages-empty')).toHaveTextContent('Алынған хабарламалар жоқ.');
  });

  test('creates a dated payment message for one applicant in three languages', async () => {
    const calls = serve({ messages: [] });
    renderWithProviders(<HomeMessagesPage shell={ADMIN_SHELLS.kz} />);
    expect(await screen.findByTestId('home-messages-empty')).toHaveTextContent('Действующих сообщений нет');
    await userEvent.click(screen.getByTestId('home-message-create'));
    const dialog = await screen.findByRole('dialog', { name: 'Новое сообщение' });
    // Nothing filled: the form says what is missing, in Russian, and sends nothing.
    await userEvent.click(within(dialog).getByTestId('home-message-save'));
    expect(within(dialog).getAllByText('Заполните на русском')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByTestId('home-message-type-payment'));
    const fill = (testId, value) => fireEvent.change(within(dialog).getByTestId(testId), { target: { value } });
    fill('home-message-amount', '9990');
    fill('home-message-starts', '2026-11-20T09:00');
    fill('home-message-ends', '2026-12-20T09:00');
    await userEvent.click(within(dialog).getByTestId('home-message-audience-user'));
    await userEvent.type(within(dialog).getByTestId('home-message-recipient'), 'aig');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/recipients') && c.params.q === 'aig')).toBe(true));
    await userEvent.click(await screen.findByRole('option', { name: 'Серік Айгерім — aigerim@example.com' }, { timeout: 3000 }));
    for (const [lang, title, text] of [
      ['ru', 'Доплата', 'Оплатите остаток'],
      ['kk', 'Қосымша төлем', 'Қалдықты төлеңіз'],
      ['en', 'Remainder', 'Please pay the remainder'],
    ]) {
      fill(`home-message-title-${lang}`, title);
      fill(`home-message-text-${lang}`, text);
    }
    const results = await axe.run(dialog, AXE);
    expect(results.violations).toEqual([]);
    await userEvent.click(within(dialog).getByTestId('home-message-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post.params.segment).toBe('KZ');
    expect(post.body).toMatchObject({
      type: 'payment',
      amount: 9990,
      is_permanent: false,
      audience: 'user',
      user_id: 40,
      title_kk: 'Қосымша төлем',
      text_en: 'Please pay the remainder',
    });
    expect(new Date(post.body.ends_at) > new Date(post.body.starts_at)).toBe(true);
  });

  test('shows the server’s field errors under their fields', async () => {
    serve({
      messages: [],
      saveAnswer: {
        status: 400,
        body: { success: false, message: 'Ошибка', message_key: 'errors.validation', errors: { title_kk: ['Слишком длинно'] } },
      },
    });
    renderWithProviders(<HomeMessagesPage shell={ADMIN_SHELLS.kz} />);
    await userEvent.click(await screen.findByTestId('home-message-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('home-message-permanent'));
    await userEvent.type(within(dialog).getByTestId('home-message-title-ru'), 'Важно');
    await userEvent.type(within(dialog).getByTestId('home-message-text-ru'), 'Текст');
    await userEvent.type(within(dialog).getByTestId('home-message-title-kk'), 'Маңызды');
    await userEvent.click(within(dialog).getByTestId('home-message-save'));
    expect(await within(dialog).findByText('Слишком длинно')).toBeInTheDocument();
    expect(within(dialog).getByTestId('home-message-title-kk')).toHaveAttribute('aria-invalid', 'true');
  });

  test('retires a message after asking', async () => {
    const calls = serve();
    renderWithProviders(<HomeMessagesPage shell={ADMIN_SHELLS.kz} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Снять сообщение «Доплата»' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Уже сделанные оплаты сохранятся');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Снять' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/admin/home-page-messages/7/retire'))).toBe(true));
  });
});

const TERM = {
  id: 3,
  year: 2027,
  name_ru: 'Приём 2027',
  name_kk: '2027 қабылдау',
  name_en: '',
  opens_at: '2027-06-20T00:00:00+00:00',
  closes_at: '2027-08-25T00:00:00+00:00',
  is_active: true,
  windows: [
    { study_program_id: 11, opens_at: '2027-07-01T00:00:00+00:00', closes_at: '2027-08-01T00:00:00+00:00', documents_due_at: '2027-08-10T00:00:00+00:00' },
  ],
};
const PROGRAMS = [
  { id: 11, name_ru: 'Магистратура', name_kk: 'Магистратура (қаз.)', name_en: "Master's", is_hidden: false },
  { id: 12, name_ru: 'Докторантура', name_kk: '', name_en: 'Doctoral', is_hidden: true },
];

function serveTerms(terms = [TERM]) {
  const calls = [];
  mockFetch(async (url, request) => {
    const u = new URL(url, 'http://localhost');
    const body = request.method === 'GET' ? null : await request.clone().json().catch(() => null);
    calls.push({ method: request.method, path: u.pathname, body });
    if (u.pathname.endsWith('/public-config')) return { body: {} };
    if (u.pathname.endsWith('/admin/admission-terms') && request.method === 'GET') {
      return { body: { success: true, list: terms, total: terms.length, page: 1, programs: PROGRAMS } };
    }
    if (u.pathname.includes('/admin/admission-terms')) return { body: { success: true, item: TERM } };
    return { status: 404, body: { success: false, message: 'unexpected', errors: {} } };
  });
  return calls;
}

describe('Settings → admission terms', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
  });

  test('shows each programme’s dates, sets a documents deadline, and is axe-clean', async () => {
    const calls = serveTerms();
    const { container } = renderWithProviders(<TermsPage shell={ADMIN_SHELLS.kz} />);
    const table = await screen.findByRole('table', { name: 'Сроки программ 2027' });
    expect(within(table).getByTestId('term-3-program-11')).toHaveTextContent('Свои сроки');
    expect(within(table).getByTestId('term-3-program-12')).toHaveTextContent('Как у года');
    expect(within(table).getByTestId('term-3-program-12')).toHaveTextContent('скрыта');
    expect((await axe.run(container, AXE)).violations).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Задать сроки: Докторантура' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сроки программы «Докторантура»' });
    fireEvent.change(within(dialog).getByTestId('window-documents'), { target: { value: '2027-08-15T18:00' } });
    await userEvent.click(within(dialog).getByTestId('window-dialog-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put.path).toMatch(/\/admin\/admission-terms\/3\/windows\/12$/);
    expect(put.body.documents_due_at).toBeTruthy();
    expect(put.body.opens_at).toBe('2027-06-20T00:00:00.000Z');

    await userEvent.click(screen.getByRole('button', { name: 'Как у года: Магистратура' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/windows/11'))).toBe(true));
  });

  test('an empty list says so in English and a new year needs its fields', async () => {
    const calls = serveTerms([]);
    await i18n.changeLanguage('en');
    renderWithProviders(<TermsPage shell={ADMIN_SHELLS.foreign} />);
    expect(await screen.findByTestId('terms-empty')).toHaveTextContent('No admission years yet.');
    await userEvent.click(screen.getByTestId('term-create'));
    const dialog = await screen.findByRole('dialog', { name: 'New admission year' });
    await userEvent.click(within(dialog).getByTestId('term-dialog-save'));
    expect(within(dialog).getAllByText('Required').length).toBeGreaterThanOrEqual(3);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
