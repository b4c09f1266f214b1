import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import QueuePage from './QueuePage';

const SHELL = { key: 'foreign', base: '/admin', segment: 'FOREIGN' };
const admin = { id: 1, email: 'a@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] };
const row = (id, last, status = 0) => ({
  id,
  user: { id: id + 100, email: `${last.toLowerCase()}@example.com`, last_name: last, first_name: 'Иван' },
  citizenship: { id: 4, name_ru: 'Германия', name_en: 'Germany', name_kk: 'Германия' },
  study_program: { id: 2, name_ru: 'Информатика', name_en: 'Computer science', name_kk: 'Информатика' },
  submittedAt: '2026-11-20T10:00:00Z',
  need_dorm: true,
  documents_count: 3,
  social_category: [],
  status,
  current_step: 4,
});

function serve(bodies) {
  return mockFetch(async (url, request) => {
    if (url.includes('/admin/applications/bulk-transition')) {
      bodies.bulk.push(await request.json());
      return {
        body: {
          success: false,
          succeeded: 1,
          failed: 1,
          message: 'Произошла ошибка',
          results: [
            { id: 1, success: true, transition: 'accept', status: 1, current_step: 4, http_status: 200 },
            { id: 2, success: false, transition: 'accept', status: 0, current_step: 4, http_status: 409, message: 'Недопустимый переход' },
          ],
        },
      };
    }
    if (url.includes('/admin/applications')) {
      const body = await request.json();
      bodies.list.push(body);
      const list = [row(1, 'Ахметова'), row(2, 'Петров')].filter(
        (r) => !body.searchWhere || r.user.last_name.includes(body.searchWhere),
      );
      return { body: { success: true, list, total: list.length, counts: { applied: 2 } } };
    }
    return { body: { success: true, list: [], total: 0 } };
  });
}

// The data grid is heavy in jsdom on a shared 2-core machine.
jest.setTimeout(90000);

describe('<QueuePage> (issue 12 queues)', () => {
  beforeEach(() => {
    i18n.changeLanguage('ru');
    setUser(admin);
  });

  test('asks the server for the queue with the URL\'s view, and the search goes to the URL', async () => {
    const bodies = { list: [], bulk: [] };
    serve(bodies);
    renderWithProviders(<QueuePage shell={SHELL} />, {
      route: '/admin/applied?dorm=true&sort=-submittedAt',
      path: '/admin/:queue',
    });
    expect(await screen.findByText('Ахметова Иван')).toBeInTheDocument();
    expect(bodies.list[0]).toMatchObject({
      applicationFilters: { queue: 'applied' },
      isLocal: false,
      additionalParams: { needsDorm: true },
      sort: { field: 'submittedAt', direction: 'desc' },
      page: 1,
    });
    fireEvent.change(screen.getByTestId('queue-search'), { target: { value: 'Петров' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('q=%D0%9F'), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText('Ахметова Иван')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getByText('Петров Иван')).toBeInTheDocument();
    expect(bodies.list[bodies.list.length - 1].searchWhere).toBe('Петров');
  });

  test('bulk "next stage" sends the selected ids and reports the rows that failed', async () => {
    const bodies = { list: [], bulk: [] };
    serve(bodies);
    renderWithProviders(<QueuePage shell={SHELL} />, { route: '/admin/applied', path: '/admin/:queue' });
    await screen.findByText('Ахметова Иван');
    const bulk = screen.getByTestId('bulk-next');
    expect(bulk).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать все строки' }));
    await waitFor(() => expect(bulk).toBeEnabled());
    await userEvent.click(bulk);
    // An irreversible move asks first (decision 0077); Cancel is where the focus starts, so Enter alone does nothing.
    const ask = await screen.findByTestId('bulk-confirm');
    expect(within(ask).getByTestId('bulk-confirm-cancel')).toHaveFocus();
    expect(bodies.bulk).toHaveLength(0);
    await userEvent.click(within(ask).getByTestId('bulk-confirm-confirm'));
    const report = await screen.findByTestId('bulk-report');
    expect(bodies.bulk[0]).toEqual({ ids: [1, 2], transition: 'next' });
    expect(within(report).getByTestId('bulk-summary')).toHaveTextContent('Переведено: 1, не удалось: 1');
    expect(within(report).getByTestId('bulk-failures')).toHaveTextContent('Заявка № 2');
    expect(within(report).getByTestId('bulk-failures')).toHaveTextContent('Недопустимый переход');
    // Closed, the report's opener is disabled (nothing is selected any more): the queue's heading takes the focus.
    await userEvent.click(within(report).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Подавшие заявку' })).toHaveFocus());
  });
});
