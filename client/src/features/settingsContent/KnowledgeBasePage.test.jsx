import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import KnowledgeBasePage from './KnowledgeBasePage';

const admin = { id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ (граждане КЗ)' }] };
const ENTRY = {
  id: 7,
  key: 'parking',
  topic: 'campus',
  title_ru: 'Парковка',
  title_kk: 'Тұрақ',
  title_en: 'Parking',
  body_ru: '',
  body_kk: '',
  body_en: '',
  order: 1,
  is_active: true,
};
const COUNTS = { rows: 10, created: 1, updated: 0, unchanged: 9, absent: 0 };
const AXE = { rules: { 'color-contrast': { enabled: false } } };

function serve({ entries = [ENTRY], total = entries.length, checkAnswer } = {}) {
  const calls = [];
  mockFetch(async (url, request) => {
    const u = new URL(url, 'http://localhost');
    calls.push({ method: request.method, path: u.pathname, q: u.searchParams.get('q'), page: u.searchParams.get('page') });
    if (u.pathname.endsWith('/chat-knowledge')) return { body: { list: entries, total } };
    if (u.pathname.endsWith('/check')) return { body: checkAnswer };
    if (u.pathname.endsWith('/load')) return { body: { success: true, valid: true, counts: COUNTS, errors: [] } };
    return { body: {} };
  });
  return calls;
}

jest.setTimeout(30000);

describe('Settings → assistant knowledge base', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
  });

  test('lists the entries, checks a file and loads the same file', async () => {
    const calls = serve({ checkAnswer: { success: true, valid: true, counts: COUNTS, errors: [] } });
    const { container } = renderWithProviders(<KnowledgeBasePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'База знаний ассистента' })).toBeInTheDocument();
    const table = await screen.findByTestId('knowledge-entries');
    expect(within(table).getByText('Парковка')).toBeInTheDocument();
    expect(within(table).getByText('Используется')).toBeInTheDocument();
    expect(screen.getByTestId('knowledge-load')).toBeDisabled();
    await userEvent.upload(screen.getByTestId('knowledge-file'), new File(['key,title_ru,body_ru\n'], 'kb.csv', { type: 'text/csv' }));
    expect(screen.getByTestId('knowledge-file-name')).toHaveTextContent('kb.csv');
    await userEvent.click(screen.getByTestId('knowledge-check'));
    const counts = await screen.findByTestId('knowledge-check-counts');
    expect(counts).toHaveTextContent('Будет добавлено / добавлено1');
    expect((await axe.run(container, AXE)).violations).toEqual([]);
    await userEvent.click(screen.getByTestId('knowledge-load'));
    expect(await screen.findByTestId('knowledge-loaded')).toHaveTextContent('Файл загружен');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path.replace(/.*chat-knowledge/, ''));
    expect(posts).toEqual(['/check', '/load']);
    // The load refreshes the list.
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/chat-knowledge')).length).toBeGreaterThan(1));
  });

  test('shows the row errors in a table and does not offer to load', async () => {
    serve({
      checkAnswer: {
        success: true,
        valid: false,
        counts: null,
        message: 'Импорт отменён: ошибок в строках — 2. Ничего не загружено',
        errors: [
          { row: 3, message: 'Строка 3: ключ «parking» уже встречается в строке 2' },
          { row: 4, message: 'Строка 4: не заполнен столбец «title_ru»' },
        ],
        error_count: 2,
      },
    });
    const { container } = renderWithProviders(<KnowledgeBasePage />);
    await userEvent.upload(screen.getByTestId('knowledge-file'), new File(['x'], 'kb.xlsx'));
    await userEvent.click(screen.getByTestId('knowledge-check'));
    const errors = await screen.findByTestId('knowledge-check-errors');
    const table = within(errors).getByRole('table', { name: 'Ошибки в файле' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Строка 3: ключ «parking» уже встречается в строке 2')).toBeInTheDocument();
    expect(screen.getByTestId('knowledge-load')).toBeDisabled();
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  });

  test('an empty base says so, and the search asks the server', async () => {
    const calls = serve({ entries: [], total: 0 });
    await i18n.changeLanguage('kk');
    const { container } = renderWithProviders(<KnowledgeBasePage />);
    expect(await screen.findByTestId('knowledge-empty')).toHaveTextContent('Білім қорында әзірге мақала жоқ');
    expect((await axe.run(container, AXE)).violations).toEqual([]);
    await userEvent.type(screen.getByTestId('knowledge-search'), 'грант');
    await waitFor(() => expect(calls.some((c) => c.q === 'грант' && c.page === '1')).toBe(true));
    expect(await screen.findByTestId('knowledge-empty')).toHaveTextContent('Ештеңе табылмады');
  });
});
