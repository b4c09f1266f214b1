import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { renderWithProviders } from '../../testUtils';
import QueueExport, { exportNeedsJob } from './QueueExport';

const admin = { id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] };
const PARAMS = { isLocal: false, queue: 'applied', search: 'Ахметова', sort: '-submittedAt', lang: 'ru' };
const XLSX_NAME = 'foreign_students_20261123_101500.xlsx';

/** A fetch mock for the export calls: `progress` is the list of job states answered one poll after another. */
function serveExports({ progress, syncStatus = 200 }) {
  const calls = { started: [], polls: 0, sync: 0, files: 0 };
  global.fetch = jest.fn(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { url } = request;
    const path = new URL(url, 'http://localhost').pathname;
    const json = (body, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.includes('/admin/export?')) {
      calls.sync += 1;
      if (syncStatus === 409) {
        return json(
          { success: false, message: 'too large', message_key: 'admin.export_too_large', errors: {} },
          409,
        );
      }
      return new Response('xlsx', { headers: { 'Content-Disposition': 'attachment; filename="small.xlsx"' } });
    }
    if (path.endsWith('/admin/exports') && request.method === 'POST') {
      calls.started.push(await request.json());
      return json({ success: true, id: 7, status: 'queued', rows_done: 0, rows_total: 5000 }, 202);
    }
    if (path.endsWith('/admin/exports/7/file')) {
      calls.files += 1;
      return new Response('xlsx', { headers: { 'Content-Disposition': `attachment; filename="${XLSX_NAME}"` } });
    }
    if (path.endsWith('/admin/exports/7')) {
      const state = progress[Math.min(calls.polls, progress.length - 1)];
      calls.polls += 1;
      return json({ success: true, id: 7, file_name: XLSX_NAME, rows_total: 5000, ...state });
    }
    return json({ success: false, message: 'unexpected', errors: {} }, 404);
  });
  return calls;
}

jest.setTimeout(30000);

describe('<QueueExport> (issue 12 exports as background jobs)', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
  });

  test('exportNeedsJob compares the queue total with the server limit', () => {
    expect(exportNeedsJob(3001, 3000)).toBe(true);
    expect(exportNeedsJob(3000, 3000)).toBe(false);
    expect(exportNeedsJob(5000, undefined)).toBe(false);
  });

  test('a queue above the limit starts a job, shows its progress, then downloads the file', async () => {
    const calls = serveExports({
      progress: [
        { status: 'running', rows_done: 1500 },
        { status: 'running', rows_done: 3500 },
        { status: 'done', rows_done: 5000 },
      ],
    });
    renderWithProviders(<QueueExport params={PARAMS} total={5000} limit={3000} />);
    await userEvent.click(screen.getByTestId('export-button'));

    const bar = await screen.findByRole('progressbar', { name: 'Подготовка файла экспорта' });
    expect(calls.started).toEqual([PARAMS]);
    expect(calls.sync).toBe(0);
    expect(screen.getByTestId('export-button')).toBeDisabled();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '30'));
    expect(screen.getByTestId('export-progress-text').textContent).toMatch(/^Готово строк: 1\s500 из 5\s000$/);
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '70'), {
      timeout: 5000,
    });

    const download = await screen.findByRole('button', { name: 'Скачать' }, { timeout: 5000 });
    expect(screen.getByText(`Файл готов: ${XLSX_NAME}`)).toBeInTheDocument();
    const polls = calls.polls;
    await userEvent.click(download);
    await waitFor(() => expect(calls.files).toBe(1));
    expect(URL.createObjectURL).toHaveBeenCalled();
    expect(await screen.findByText(`Файл ${XLSX_NAME} скачан`)).toBeInTheDocument();
    // Polling stopped with the job.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(calls.polls).toBe(polls);
  });

  test('a failed job says so in the admin\'s language', async () => {
    i18n.changeLanguage('kk');
    serveExports({ progress: [{ status: 'failed', rows_done: 500, error_key: 'admin.export_failed' }] });
    renderWithProviders(<QueueExport params={PARAMS} total={5000} limit={3000} />);
    await userEvent.click(screen.getByTestId('export-button'));
    expect(await screen.findByTestId('export-failed')).toHaveTextContent(
      'Экспорт файлын дайындау мүмкін болмады. Қайталап көріңіз',
    );
    expect(screen.getByTestId('export-button')).toBeEnabled();
  });

  test('a small queue downloads at once; a 409 "too large" from the server starts the job instead', async () => {
    let calls = serveExports({ progress: [{ status: 'done', rows_done: 5000 }] });
    const { unmount } = renderWithProviders(<QueueExport params={PARAMS} total={10} limit={3000} />);
    await userEvent.click(screen.getByTestId('export-button'));
    expect(await screen.findByText('Файл small.xlsx скачан')).toBeInTheDocument();
    expect(calls.sync).toBe(1);
    expect(calls.started).toEqual([]);
    unmount();

    calls = serveExports({ syncStatus: 409, progress: [{ status: 'done', rows_done: 5000 }] });
    renderWithProviders(<QueueExport params={PARAMS} total={10} limit={3000} />);
    await userEvent.click(screen.getByTestId('export-button'));
    expect(await screen.findByRole('button', { name: 'Скачать' })).toBeInTheDocument();
    expect(calls.sync).toBe(1);
    expect(calls.started).toEqual([PARAMS]);
  });
});
