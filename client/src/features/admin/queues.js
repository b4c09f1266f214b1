/* The review queues of both shells (req §2 Staff routes, §4) and their filters as URL parameters, so a link
 * reproduces the view (issue 12). Pure functions: the page and the export build their requests from here. */

export const FOREIGN_QUEUES = ['users', 'applied', 'accepted', 'awaiting-visa', 'enrolled', 'archived'];
export const KZ_QUEUES = ['users', 'scholarship', 'paid', 'awaiting', 'enrolled', 'archived'];

export const QUEUES_BY_SHELL = { foreign: FOREIGN_QUEUES, kz: KZ_QUEUES };

/** i18n key of a queue's title: admin.queues.<shell>.<queue>. */
export const queueLabelKey = (shellKey, queue) => `admin.queues.${shellKey}.${queue.replace('-', '_')}`;

export const PAGE_SIZES = [20, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

/** URL parameter → additionalParams key, and how the value is read. */
const FILTERS = {
  nation: { key: 'selectedNation', read: 'id' },
  program: { key: 'selectedProgram', read: 'id' },
  from: { key: 'fromDate', read: 'date' },
  to: { key: 'toDate', read: 'date' },
  dorm: { key: 'needsDorm', read: 'bool' },
  // Only applications with replies staff have not opened (decision 0084); the menu's "Applicants' replies" opens it.
  unread: { key: 'unreadMessages', read: 'bool' },
  year: { key: 'campaignYear', read: 'year' },
  untFrom: { key: 'untScoreFrom', read: 'number' },
  untTo: { key: 'untScoreTo', read: 'number' },
  social: { key: 'socialCategory', read: 'id' },
};

/** Filters each shell offers (foreign: nationality, program, dates, dormitory; citizens: year, UNT, category). */
export const FILTERS_BY_SHELL = {
  foreign: ['nation', 'program', 'from', 'to', 'dorm', 'unread'],
  kz: ['year', 'program', 'untFrom', 'untTo', 'social', 'from', 'to', 'unread'],
};

function readValue(kind, raw) {
  if (raw === null || raw === undefined || raw === '') return null;
  switch (kind) {
    case 'id': {
      const n = Number(raw);
      return Number.isInteger(n) && n > 0 ? n : null;
    }
    case 'year': {
      const n = Number(raw);
      return Number.isInteger(n) && n >= 1900 && n <= 2100 ? n : null;
    }
    case 'number': {
      const n = Number(raw);
      return Number.isFinite(n) && n >= 0 ? n : null;
    }
    case 'bool':
      return raw === 'true' ? true : raw === 'false' ? false : null;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null;
    default:
      return null;
  }
}

/** The view a URL describes: {search, page (1-based), size, sort: {field, direction} | null, filters: {param: value}}. */
export function viewFromSearchParams(params, shellKey) {
  const get = (name) => params.get(name);
  const page = Math.max(1, Number.parseInt(get('page'), 10) || 1);
  const size = PAGE_SIZES.includes(Number(get('size'))) ? Number(get('size')) : DEFAULT_PAGE_SIZE;
  const rawSort = get('sort') || '';
  const sort = /^-?[A-Za-z_]+$/.test(rawSort)
    ? { field: rawSort.replace(/^-/, ''), direction: rawSort.startsWith('-') ? 'desc' : 'asc' }
    : null;
  const filters = {};
  (FILTERS_BY_SHELL[shellKey] || []).forEach((name) => {
    const value = readValue(FILTERS[name].read, get(name));
    if (value !== null) filters[name] = value;
  });
  return { search: (get('q') || '').slice(0, 100), page, size, sort, filters };
}

/** URL parameters of a view (empty values left out). */
export function searchParamsFromView(view) {
  const out = {};
  if (view.search) out.q = view.search;
  if (view.page && view.page > 1) out.page = String(view.page);
  if (view.size && view.size !== DEFAULT_PAGE_SIZE) out.size = String(view.size);
  if (view.sort) out.sort = `${view.sort.direction === 'desc' ? '-' : ''}${view.sort.field}`;
  Object.entries(view.filters || {}).forEach(([name, value]) => {
    if (value !== null && value !== undefined && value !== '') out[name] = String(value);
  });
  return out;
}

function additionalParams(filters) {
  const out = {};
  Object.entries(filters || {}).forEach(([name, value]) => {
    if (FILTERS[name] && value !== null && value !== undefined) out[FILTERS[name].key] = value;
  });
  return out;
}

/** The body of POST /admin/applications for a queue and a view. */
export function queueRequest(shellKey, queue, view) {
  const search = (view.search || '').trim();
  return {
    page: view.page,
    size: view.size,
    searchWhere: search || null,
    additionalParams: additionalParams(view.filters),
    applicationFilters: { queue },
    isLocal: shellKey === 'kz',
    sort: view.sort || null,
  };
}

/** Query parameters of GET /admin/export for the same queue and view (the same filters, no paging). */
export function exportParams(shellKey, queue, view, lang) {
  const params = { isLocal: shellKey === 'kz', queue, ...additionalParams(view.filters) };
  const search = (view.search || '').trim();
  if (search) params.search = search;
  if (view.sort) params.sort = `${view.sort.direction === 'desc' ? '-' : ''}${view.sort.field}`;
  if (lang) params.lang = lang;
  return params;
}

export function exportQueryString(params) {
  return new URLSearchParams(
    Object.entries(params || {})
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();
}

/** Foreign status → i18n key; citizens' steps are shown by number with their name. */
export const FOREIGN_STATUS_KEYS = {
  '-1': 'admin.status.archived',
  0: 'admin.status.applied',
  1: 'admin.status.accepted',
  2: 'admin.status.awaiting_visa',
  3: 'admin.status.enrolled',
};
