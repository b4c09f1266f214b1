/* Settings → the state-grant list (issue 23): upload → preview by category → apply; past imports; undo. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import GrantImportsPage from './GrantImportsPage';

const person = { id: 1, email: 'kz.admin@example.kz', first_name: 'Айгуль', last_name: 'Касымова' };
const counts = { rows: 3, matched: 1, unmatched: 1, duplicates: 0, already_listed: 0, errors: 1 };
const item = (overrides = {}) => ({
  id: 5,
  year: 2026,
  file_name: 'grants-2026.xlsx',
  status: 'previewed',
  counts,
  replaced: null,
  can_apply: false,
  can_undo: false,
  created_at: '2026-07-01T09:00:00Z',
  created_by: person,
  applied_at: null,
  applied_by: null,
  undone_at: null,
  undone_by: null,
  ...overrides,
});
const ROWS = {
  matched: [{ row_number: 2, iin: '060315501232', full_name: 'Ахметов Нурлан', programme_group: 'B057', grant_kind: 'Государственный грант', category: 'matched', already_listed: false, application_id: 41, errors: [] }],
  error: [{ row_number: 4, iin: '123', full_name: '', programme_group: 'B001', grant_kind: 'Грант', category: 'error', already_listed: false, application_id: null, errors: ['Строка 4, ИИН: должен состоять из 12 цифр'] }],
};

function server({ history = [], current = item(), applyAnswer = null, undoAnswer = null } = {}) {
  const calls = [];
  const fetchMock = mockFetch(async (url, request) => {
    calls.push(`${request.method} ${url.replace(/^.*\/api\/v1/, '')}`);
    if (request.method === 'POST' && /\/imports$/.test(url)) return { status: 201, body: { success: true, item: current } };
    if (/\/imports\/5\/rows/.test(url)) {
      const category = new URL(url, 'http://localhost').searchParams.get('category');
      const list = ROWS[category] || [];
      return { body: { list, total: list.length } };
    }
    if (request.method === 'POST' && url.endsWith('/imports/5/apply')) return applyAnswer || { body: { success: true, item: item({ status: 'applied', can_undo: true }) } };
    if (request.method === 'POST' && url.endsWith('/imports/3/undo')) return undoAnswer;
    if (/\/imports\/5$/.test(url)) return { body: { success: true, item: current } };
    if (/\/imports\?/.test(url)) return { body: { list: history, total: history.length } };
    return { status: 404, body: { success: false, message: 'Не найдено', message_key: 'errors.not_found', errors: {} } };
  });
  return { calls, fetchMock };
}

const renderAt = (route = '/admin/kz/settings/grants') =>
  renderWithProviders(<GrantImportsPage />, { route, path: '/admin/kz/settings/grants' });

beforeEach(() => {
  i18n.changeLanguage('ru');
  setUser({ id: 1, email: 'kz.admin@example.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ (граждане КЗ)' }] });
});

test('with no imports yet the history says so', async () => {
  server();
  renderAt();
  expect(await screen.findByTestId('grants-history-empty')).toHaveTextContent('Списков ещё не загружали.');
  expect(screen.getByRole('heading', { level: 1, name: 'Список обладателей госгранта' })).toBeInTheDocument();
  expect(screen.getByTestId('grants-preview-button')).toBeDisabled();
});

test('an upload shows its preview: the counts, the rows by category, and why it cannot be applied', async () => {
  const { calls } = server();
  renderAt();
  const file = new File(['xlsx'], 'grants-2026.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  fireEvent.change(screen.getByTestId('grants-year'), { target: { value: '2026' } });
  fireEvent.change(screen.getByTestId('grants-file'), { target: { files: [file] } });
  expect(screen.getByTestId('grants-file-name')).toHaveTextContent('grants-2026.xlsx');
  fireEvent.click(screen.getByTestId('grants-preview-button'));

  const preview = await screen.findByTestId('grants-preview');
  expect(calls).toContain('POST /admin/gov-grants/imports');
  expect(within(preview).getByRole('heading', { name: 'Предпросмотр: grants-2026.xlsx (2026)' })).toBeInTheDocument();
  expect(screen.getByTestId('grants-count-matched')).toHaveTextContent('1');
  expect(screen.getByTestId('grants-count-errors')).toHaveTextContent('1');
  const matched = await screen.findByTestId('grants-rows-matched');
  expect(matched).toHaveTextContent('Ахметов Нурлан');
  expect(matched).toHaveTextContent('Заявка № 41');
  fireEvent.click(screen.getByRole('tab', { name: 'Ошибки (1)' }));
  expect(await screen.findByTestId('grants-rows-error')).toHaveTextContent('Строка 4, ИИН: должен состоять из 12 цифр');
  fireEvent.click(screen.getByRole('tab', { name: 'Без заявки (1)' }));
  expect(await screen.findByTestId('grants-rows-empty-unmatched')).toHaveTextContent('Строк без заявки нет.');
  expect(screen.getByTestId('grants-apply-button')).toBeDisabled();
  expect(screen.getByTestId('grants-apply-blocker')).toHaveTextContent('в файле есть ошибки или повторы');
});

test('a clean preview is applied after the confirmation', async () => {
  const { calls } = server({ current: item({ counts: { ...counts, errors: 0 }, can_apply: true }) });
  renderAt('/admin/kz/settings/grants?import=5');
  fireEvent.click(await screen.findByTestId('grants-apply-button'));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Применить список за 2026 год?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Применить' }));
  await waitFor(() => expect(calls).toContain('POST /admin/gov-grants/imports/5/apply'));
  expect(await screen.findByText('Список за 2026 год применён: строк в списке — 2')).toBeInTheDocument();
});

test('a stale preview says the list changed; the server refusal of an undo is shown as it is', async () => {
  const applied = item({ id: 3, status: 'applied', can_undo: true, applied_at: '2026-07-02T09:00:00Z', applied_by: person });
  server({
    history: [applied],
    current: item({ counts: { ...counts, errors: 0 }, can_apply: false }),
    undoAnswer: {
      status: 409,
      body: { success: false, message: 'Нельзя отменить: по этому списку уже записан результат гранта у заявок (2).', message_key: 'gov_grant_imports.moved_on', errors: {} },
    },
  });
  renderAt('/admin/kz/settings/grants?import=5');
  expect(await screen.findByTestId('grants-apply-blocker')).toHaveTextContent('список за 2026 год изменился');
  const row = await screen.findByTestId('grants-history-row-3');
  expect(row).toHaveTextContent('Касымова Айгуль');
  expect(row).toHaveTextContent('Применён');
  fireEvent.click(within(row).getByRole('button', { name: 'Отменить импорт grants-2026.xlsx за 2026 год' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отменить импорт' }));
  expect(await screen.findByText(/уже записан результат гранта у заявок \(2\)/)).toBeInTheDocument();
});
