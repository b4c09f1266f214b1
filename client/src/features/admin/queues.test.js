import { exportParams, exportQueryString, queueRequest, searchParamsFromView, viewFromSearchParams } from './queues';
import { daySeries, paymentSeries } from './DashboardPage';

describe('queue views live in the URL (issue 12)', () => {
  test('a URL gives the view, and the view gives back the same URL', () => {
    const params = new URLSearchParams('q=Иванов&page=3&size=50&sort=-submittedAt&nation=4&dorm=true&from=2026-06-01&x=1');
    const view = viewFromSearchParams(params, 'foreign');
    expect(view).toEqual({
      search: 'Иванов',
      page: 3,
      size: 50,
      sort: { field: 'submittedAt', direction: 'desc' },
      filters: { nation: 4, dorm: true, from: '2026-06-01' },
    });
    expect(searchParamsFromView(view)).toEqual({
      q: 'Иванов',
      page: '3',
      size: '50',
      sort: '-submittedAt',
      nation: '4',
      dorm: 'true',
      from: '2026-06-01',
    });
  });

  test('bad values are dropped, and each shell reads only its own filters', () => {
    const params = new URLSearchParams('page=-2&size=7&sort=x;drop&nation=abc&dorm=maybe&from=01.06.2026&year=2026&untFrom=60');
    expect(viewFromSearchParams(params, 'foreign')).toEqual({ search: '', page: 1, size: 20, sort: null, filters: {} });
    expect(viewFromSearchParams(params, 'kz').filters).toEqual({ year: 2026, untFrom: 60 });
  });

  test('the list request and the export carry the same queue, search and filters', () => {
    const view = viewFromSearchParams(new URLSearchParams('q=%20ab%20&year=2026&social=12&sort=unt_score'), 'kz');
    expect(queueRequest('kz', 'paid', view)).toEqual({
      page: 1,
      size: 20,
      searchWhere: 'ab',
      additionalParams: { campaignYear: 2026, socialCategory: 12 },
      applicationFilters: { queue: 'paid' },
      isLocal: true,
      sort: { field: 'unt_score', direction: 'asc' },
    });
    const query = exportQueryString(exportParams('kz', 'paid', view, 'kk'));
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      isLocal: 'true',
      queue: 'paid',
      campaignYear: '2026',
      socialCategory: '12',
      search: 'ab',
      sort: 'unt_score',
      lang: 'kk',
    });
  });
});

describe('dashboard series', () => {
  test('days as dd.MM with their counts; payments are zero until the server reports them', () => {
    const data = { submissions_per_day: [{ date: '2026-11-22', count: 3 }, { date: '2026-11-23', count: 0 }] };
    expect(daySeries(data.submissions_per_day)).toEqual({ days: ['22.11', '23.11'], counts: [3, 0] });
    expect(paymentSeries(data)).toEqual({ days: ['22.11', '23.11'], counts: [0, 0] });
    expect(paymentSeries({ ...data, payments_per_day: [{ date: '2026-11-23', count: 2 }] })).toEqual({
      days: ['23.11'],
      counts: [2],
    });
    expect(daySeries(undefined)).toEqual({ days: [], counts: [] });
  });
});
