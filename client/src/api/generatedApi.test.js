/* Shape of the generated per-model slices (src/api/generated, written by scripts/generate_client_api.py). */
import { baseApi } from './baseApi';
import { MODELS, endpointsFor, modelMetaApi, universalEndpoints } from './generated';
import * as roomType from './generated/RoomType';
import * as hall from './generated/Hall';
import i18n from '../i18n';
import { makeStore, mockFetch } from '../testUtils';

const ACTIONS = ['all', 'find', 'findPaginate', 'create', 'createList', 'update', 'delete'];
const PATHS = {
  all: 'all',
  find: 'find',
  findPaginate: 'find-paginate',
  create: 'create',
  createList: 'create-list',
  update: 'update',
  delete: 'delete',
};

const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s) => s.charAt(0).toUpperCase() + s.slice(1);

describe('generated client API', () => {
  test('every model of the spec has a slice', () => {
    ['RoomType', 'Hall', 'Building', 'Floor', 'Section', 'SectionRoom', 'Gender', 'StudyProgram', 'Citizenship',
      'SelectOption', 'Kato', 'EducationalInstitution'].forEach((model) => expect(MODELS).toContain(model));
    expect(Object.keys(universalEndpoints).sort()).toEqual([...MODELS].sort());
    expect(() => endpointsFor('NoSuchModel')).toThrow(/Unknown model/);
  });

  test('every model has a name and a plural in ru, kk and en', () => {
    MODELS.flatMap((m) => [`resources.${m}.name`, `resources.${m}.plural`]).forEach((key) =>
      ['ru', 'kk', 'en'].forEach((lng) => expect(typeof i18n.getResource(lng, 'translation', key)).toBe('string')),
    );
  });

  test.each(['RoomType', 'Hall', 'SectionRoom', 'Kato'])('%s: seven endpoints injected into the one baseApi', (model) => {
    const endpoints = endpointsFor(model);
    expect(Object.keys(endpoints).sort()).toEqual([...ACTIONS].sort());
    ACTIONS.forEach((action) => {
      const name = `${lowerFirst(model)}${upperFirst(action)}`;
      expect(baseApi.endpoints[name]).toBe(endpoints[action]);
      const isQuery = ['all', 'find', 'findPaginate'].includes(action);
      expect(typeof endpoints[action][isQuery ? 'useQuery' : 'useMutation']).toBe('function');
      expect(typeof endpoints[action].initiate).toBe('function');
    });
  });

  test('requests go to /api/v1/universal/<Model>/<action> with the spec bodies', async () => {
    const fetchMock = mockFetch(() => ({ body: { list: [], total: 0, success: true } }));
    const store = makeStore();
    const body = { filters: { name: { ilike: 'A' } }, params: { order: ['-name'] }, paginate: { page: 2, size: 10 } };
    await store.dispatch(hall.hallEndpoints.all.initiate());
    await store.dispatch(hall.hallEndpoints.findPaginate.initiate(body));
    await store.dispatch(hall.hallEndpoints.update.initiate({ update: { name: 'B' }, filters: { id: 3 } }));
    const calls = fetchMock.mock.calls.map(([request]) => request);
    expect(calls[0].method).toBe('GET');
    expect(calls[0].url).toMatch(/\/api\/v1\/universal\/Hall\/all$/);
    expect(calls[1].method).toBe('POST');
    expect(calls[1].url).toMatch(/\/api\/v1\/universal\/Hall\/find-paginate$/);
    expect(JSON.parse(await calls[1].text())).toEqual(body);
    expect(calls[2].url).toMatch(/\/api\/v1\/universal\/Hall\/update$/);
    for (const action of ['create', 'createList', 'delete']) {
      await store.dispatch(hall.hallEndpoints[action].initiate({ create: [], filters: { id: 1 } }));
    }
    // (each write also refetches the two subscribed lists: they are invalidated)
    const writes = fetchMock.mock.calls
      .slice(3)
      .map(([request]) => request)
      .filter((r) => !/\/(all|find-paginate)$/.test(r.url));
    expect(writes.map((r) => r.url.replace(/^.*\/universal\//, ''))).toEqual(
      ['create', 'createList', 'delete'].map((action) => `Hall/${PATHS[action]}`),
    );
    writes.forEach((r) => expect(r.method).toBe('POST'));
  });

  test('tags: a list tag and per-row tags; writes invalidate the row, the list and related lists', () => {
    expect(roomType.MODEL).toBe('RoomType');
    expect(roomType.RELATED_MODELS).toContain('SectionRoom');
    expect(roomType.provideList({ list: [{ id: 1 }, { id: 2 }], total: 2 })).toEqual([
      { type: 'RoomType', id: 1 },
      { type: 'RoomType', id: 2 },
      { type: 'RoomType', id: 'LIST' },
    ]);
    expect(roomType.provideList(undefined)).toEqual([{ type: 'RoomType', id: 'LIST' }]);
    expect(roomType.invalidateRow(null, null, { update: {}, filters: { id: 7 } })).toEqual([
      { type: 'RoomType', id: 7 },
      { type: 'RoomType', id: 'LIST' },
      { type: 'SectionRoom', id: 'LIST' },
    ]);
    expect(roomType.invalidateCreated()).toEqual([
      { type: 'RoomType', id: 'LIST' },
      { type: 'SectionRoom', id: 'LIST' },
    ]);
  });

  test('an edit refreshes the cached list', async () => {
    let version = 0;
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/find-paginate')) return { body: { list: [{ id: 1, name: `Hall v${version}` }], total: 1 } };
      if (url.endsWith('/update')) {
        version += 1;
        return { body: { success: true, item: { id: 1, name: `Hall v${version}` } } };
      }
      return { status: 404, body: {} };
    });
    const store = makeStore();
    const sub = store.dispatch(hall.hallEndpoints.findPaginate.initiate({ paginate: { page: 1, size: 20 } }));
    await sub;
    await store.dispatch(hall.hallEndpoints.update.initiate({ update: { name: 'x' }, filters: { id: 1 } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const listCalls = fetchMock.mock.calls.filter(([r]) => r.url.endsWith('/find-paginate'));
    expect(listCalls.length).toBe(2);
    const state = hall.hallEndpoints.findPaginate.select({ paginate: { page: 1, size: 20 } })(store.getState());
    expect(state.data.list[0].name).toBe('Hall v1');
    sub.unsubscribe();
  });

  test('one tag vocabulary: an edit refreshes every cached list that shows the row (all, find by id, pages)', async () => {
    let name = 'Hall A';
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/update')) {
        name = 'Hall B';
        return { body: { success: true, item: { id: 1, name } } };
      }
      return { body: { list: [{ id: 1, name }], total: 1 } };
    });
    const store = makeStore();
    const subscriptions = [
      store.dispatch(hall.hallEndpoints.all.initiate()),
      store.dispatch(hall.hallEndpoints.find.initiate({ filters: { id: 1 } })),
      store.dispatch(hall.hallEndpoints.findPaginate.initiate({ filters: { name: { ilike: 'Hall' } }, paginate: { page: 1, size: 20 } })),
    ];
    await Promise.all(subscriptions);
    await store.dispatch(hall.hallEndpoints.update.initiate({ update: { name: 'Hall B' }, filters: { id: 1 } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reads = fetchMock.mock.calls.map(([r]) => r.url.replace(/^.*\/universal\/Hall\//, ''));
    expect(reads.filter((path) => path !== 'update').sort()).toEqual(['all', 'all', 'find', 'find', 'find-paginate', 'find-paginate']);
    expect(hall.hallEndpoints.find.select({ filters: { id: 1 } })(store.getState()).data.list[0].name).toBe('Hall B');
    subscriptions.forEach((s) => s.unsubscribe());
  });

  test('the model metadata is generated too: GET /universal/_meta/<model>, one tag per model', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true, item: { model: 'Hall', fields: [] } } }));
    const store = makeStore();
    const answer = await store.dispatch(modelMetaApi.endpoints.getModelMeta.initiate('Hall'));
    expect(fetchMock.mock.calls[0][0].url).toMatch(/\/api\/v1\/universal\/_meta\/Hall$/);
    expect(answer.data).toEqual({ model: 'Hall', fields: [] });
  });
});
