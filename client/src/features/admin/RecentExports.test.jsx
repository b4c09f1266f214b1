import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { renderWithProviders } from '../../testUtils';
import RecentExports from './RecentExports';

const admin = { id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ (граждане КЗ)' }] };
const DONE = {
  id: 3,
  status: 'done',
  queue: 'paid',
  rows_done: 4200,
  rows_total: 4200,
  file_name: 'student_20261126_091500.xlsx',
  created_at: '2026-11-26T09:15:00Z',
};
const FAILED = { ...DONE, id: 2, status: 'failed', queue: 'users', error_key: 'admin.export_interrupted' };

/** A fetch mock of GET /admin/exports answering `lists` one call after another, and the file download. */
function serveRecent(lists) {
  const calls = { lists: [], files: [] };
  global.fetch = jest.fn(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url, 'http://localhost');
    const json = (body, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname.endsWith('/admin/exports') && request.method === 'GET') {
      const list = lists[Math.min(calls.lists.length, lists.length - 1)];
      calls.lists.push(url.searchParams.get('segment'));
      return json({ success: true, list, retention_hours: 24 });
    }
    const file = /\/admin\/exports\/(\d+)\/file$/.exec(url.pathname);
    if (file) {
      calls.files.push(Number(file[1]));
      return new Response('xlsx', { headers: { 'Content-Disposition': `attachment; filename="${DONE.file_name}"` } });
    }
    return json({ success: false, message: 'unexpected', errors: {} }, 404);
  });
  return calls;
}

jest.setTimeout(30000);

describe('<RecentExports> ("My exports": background exports of the last 24 hours)', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
  });

  test('nothing is read until the dialog opens; then the shell\'s exports are listed and polled while one runs', async () => {
    const running = { ...DONE, id: 4, status: 'running', rows_done: 1050, file_name: 'student_20261126_101500.xlsx' };
    const calls = serveRecent([
      [running, DONE, FAILED],
      [{ ...running, status: 'done', rows_done: 4200 }, DONE, FAILED],
    ]);
    renderWithProviders(<RecentExports shellKey="kz" segment="KZ" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.lists).toEqual([]);

    await userEvent.click(screen.getByTestId('recent-exports-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Мои файлы экспорта на сервере' });
    expect(dialog).toHaveAccessibleDescription(
      'Большие списки готовятся на сервере и хранятся здесь 24 ч; небольшие скачиваются сразу.',
    );
    const list = await within(dialog).findByRole('list', { name: 'Мои файлы экспорта' });
    expect(calls.lists[0]).toBe('KZ');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // The queue's name in the admin's language, the file, when it was started.
    expect(items[1]).toHaveTextContent('Платное');
    expect(items[1]).toHaveTextContent(DONE.file_name);
    expect(items[1]).toHaveTextContent(/Запущен \d{2}\.\d{2}\.2026 \d{2}:\d{2}/);
    expect(within(items[0]).getByText('Готовится')).toBeInTheDocument();
    expect(
      within(items[0]).getByRole('progressbar', { name: `Подготовка файла экспорта: ${running.file_name}` }),
    ).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('recent-export-failed-2')).toHaveTextContent(
      'Подготовка файла прервалась. Запустите экспорт ещё раз',
    );

    // Polled until the running one is done; then it can be downloaded too, and polling stops.
    const download = await screen.findByTestId('recent-export-download-4', {}, { timeout: 5000 });
    const polls = calls.lists.length;
    await userEvent.click(download);
    await waitFor(() => expect(calls.files).toEqual([4]));
    expect(URL.createObjectURL).toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(calls.lists.length).toBe(polls);
  });

  test('an empty list says so, in the admin\'s language', async () => {
    i18n.changeLanguage('en');
    serveRecent([[]]);
    renderWithProviders(<RecentExports shellKey="foreign" segment="FOREIGN" />);
    await userEvent.click(screen.getByRole('button', { name: 'My exports' }));
    expect(await screen.findByTestId('recent-exports-empty')).toHaveTextContent(
      'You have no export files on the server right now.',
    );
  });
});
