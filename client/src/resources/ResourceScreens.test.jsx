/* The generic resource screens rendered from a metadata fixture (a dump of GET /universal/_meta/<model> for an
 * admin): list columns, sorting, filters, paging, the create/edit form (types, bounds, choices, references),
 * server field errors and the delete confirmation. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../i18n';
import { renderWithProviders, mockFetch } from '../testUtils';
import META from './__fixtures__/meta.json';
import ResourceList from './ResourceList';
import ResourceFormDialog from './ResourceFormDialog';
import { buildFilters, filterControls, listColumns, normalizeResource } from './resource';

// Several screens typed into page by page: on a loaded 2-core machine one case has taken 36 s.
jest.setTimeout(90000);

const RUSSIAN_NAME = /^Название\s*\*?$/; // not «Название (каз.)» / «Название (англ.)»

const ROOM_TYPES = [
  { id: 1, name: 'Двухместная', capacity: 2, price: 45000 },
  { id: 2, name: 'Четырёхместная', capacity: 4, price: 30000 },
];

function api({ onCall = () => undefined, override = () => undefined } = {}) {
  return mockFetch(async (url, request) => {
    const body = request.method === 'POST' ? await request.clone().json() : undefined;
    onCall(url, body);
    const custom = override(url, body);
    if (custom) return custom;
    const meta = url.match(/\/universal\/_meta\/(\w+)$/);
    if (meta) return { body: { success: true, audiences: ['public', 'Админ'], item: META[meta[1]] } };
    if (url.endsWith('/universal/RoomType/find-paginate')) {
      const search = body.filters.name && body.filters.name.ilike;
      if (search) return { body: { list: ROOM_TYPES.filter((r) => r.name.includes(search)), total: 1 } };
      return { body: { list: ROOM_TYPES, total: 45 } };
    }
    if (url.endsWith('/universal/RoomType/find')) {
      const ids = [].concat(body.filters.id.in || body.filters.id);
      return { body: { list: ROOM_TYPES.filter((r) => ids.includes(r.id)), total: 2 } };
    }
    if (url.endsWith('/universal/Gender/find-paginate')) return { body: { list: GENDERS, total: 1 } };
    if (url.endsWith('/universal/SectionRoom/find-paginate')) return { body: { list: [], total: 0 } };
    if (url.endsWith('/public-config')) return { body: {} };
    return { status: 404, body: { success: false, message: 'not found', errors: {} } };
  });
}

const GENDERS = [{ id: 1, code: 'male', name_ru: 'Мужской', name_en: 'Male', name_kk: 'Ер' }];
const LONG = { timeout: 5000 };
const calls = (fetchMock, suffix) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.url.endsWith(suffix));

describe('resource helpers', () => {
  test('columns, filters and the filter body come from the metadata', () => {
    const resource = normalizeResource('SectionRoom');
    const columns = listColumns(resource, META.SectionRoom, { section_id: 4 }).map((c) => c.name);
    expect(columns).toEqual(['name', 'order', 'room_type_id', 'assigned_gender_id', 'external_reserved_places']);
    const controls = filterControls(META.SectionRoom, { section_id: 4 });
    expect(controls.map((c) => [c.field.name, c.op])).toEqual([
      ['name', 'ilike'],
      ['order', 'eq'],
      ['room_type_id', 'eq'],
      ['assigned_gender_id', 'eq'],
      ['external_reserved_places', 'eq'],
    ]);
    expect(buildFilters({ name: ' 10', room_type_id: '2', order: '' }, controls, { section_id: 4 })).toEqual({
      section_id: 4,
      name: { ilike: '10' },
      room_type_id: 2,
    });
  });
});

describe('<ResourceList> from metadata', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ru');
  });

  test('lists rows with translated columns, sorts, filters and pages through find-paginate', async () => {
    const fetchMock = api();
    renderWithProviders(<ResourceList resource="RoomType" />);
    expect(await screen.findByRole('heading', { name: 'Типы комнат' }, LONG)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Типы комнат — список' }, LONG);
    expect(await within(table).findByText('Двухместная', LONG)).toBeInTheDocument();
    ['Название', 'Вместимость (мест)', 'Цена (тенге)'].forEach((name) =>
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument(),
    );
    expect(within(table).getByText(/^45\s000\s₸$/)).toBeInTheDocument(); // money in the interface language
    expect(screen.getByRole('button', { name: 'Изменить «Двухместная»' })).toBeInTheDocument();
    expect(screen.getByText('1–20 из 45')).toBeInTheDocument();

    const first = JSON.parse(await calls(fetchMock, '/RoomType/find-paginate')[0].clone().text());
    expect(first).toEqual({ filters: {}, params: {}, paginate: { page: 1, size: 20 } });

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('sort-price'));
    await user.click(screen.getByTestId('sort-price'));
    await user.type(screen.getByTestId('filter-name'), 'Двух');
    await user.click(screen.getByRole('button', { name: /следующая|next/i }));
    await waitFor(async () => {
      const bodies = await Promise.all(calls(fetchMock, '/RoomType/find-paginate').map((r) => r.clone().json()));
      expect(bodies).toContainEqual({ filters: {}, params: { order: ['price'] }, paginate: { page: 1, size: 20 } });
      expect(bodies).toContainEqual({ filters: {}, params: { order: ['-price'] }, paginate: { page: 1, size: 20 } });
      expect(bodies).toContainEqual({
        filters: { name: { ilike: 'Двух' } },
        params: { order: ['-price'] },
        paginate: { page: 2, size: 20 },
      });
    });
  });

  test('create form: capacity is a 1..10 select, price an integer ≥ 0; server field errors show under the field', async () => {
    const fetchMock = api({
      override: (url, body) => {
        if (url.endsWith('/RoomType/create') && body.create.name === 'Дубль') {
          return {
            status: 400,
            body: {
              success: false,
              message: 'Проверьте поле',
              message_key: 'validation.blank',
              errors: { 'create.name': ['Такое название уже есть'] },
            },
          };
        }
        if (url.endsWith('/RoomType/create')) return { body: { success: true, item: { id: 9, ...body.create } } };
        return undefined;
      },
    });
    renderWithProviders(<ResourceList resource="RoomType" />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('resource-create-RoomType', LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Новая запись — Тип комнаты' }, LONG);

    // The names in three languages side by side: Russian required, Kazakh and English optional.
    const names = within(dialog).getByRole('group', { name: 'Название на трёх языках' });
    expect(within(names).getAllByRole('textbox').map((input) => input.id)).toEqual([
      'resource-RoomType-name',
      'resource-RoomType-name_kk',
      'resource-RoomType-name_en',
    ]);
    expect(within(names).getByLabelText(RUSSIAN_NAME)).toBeRequired();
    expect(within(names).getByLabelText('Название (каз.)')).not.toBeRequired();
    expect(within(names).getByLabelText('Название (англ.)')).not.toBeRequired();

    const capacity = within(dialog).getByLabelText(/Вместимость \(мест\)/);
    expect(capacity.tagName).toBe('SELECT');
    const values = within(capacity).getAllByRole('option').map((o) => o.value).filter(Boolean);
    expect(values).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const price = within(dialog).getByLabelText(/Цена \(тенге\)/);
    expect(price).toHaveAttribute('type', 'number');
    expect(price).toHaveAttribute('min', '0');

    // client rules first: required, integer ≥ 0
    await user.click(within(dialog).getByTestId('resource-save'));
    expect(await within(dialog).findAllByText('Обязательное поле', LONG)).toHaveLength(3);
    await user.type(within(dialog).getByLabelText(RUSSIAN_NAME), 'Дубль');
    await user.selectOptions(capacity, '3');
    await user.type(price, '-5');
    await user.click(within(dialog).getByTestId('resource-save'));
    expect(await within(dialog).findByText('Значение должно быть не меньше 0', LONG)).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '38000');
    await user.click(within(dialog).getByTestId('resource-save'));
    expect(await within(dialog).findByText('Такое название уже есть', LONG)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(RUSSIAN_NAME));
    await user.type(within(dialog).getByLabelText(RUSSIAN_NAME), '  Трёхместная ');
    await user.type(within(dialog).getByLabelText('Название (каз.)'), 'Үш орындық');
    await user.click(within(dialog).getByTestId('resource-save'));
    expect(await screen.findByTestId('snackbar-success', LONG)).toHaveTextContent('Запись добавлена');
    const creates = calls(fetchMock, '/RoomType/create');
    expect(await creates[creates.length - 1].clone().json()).toEqual({
      create: { name: 'Трёхместная', name_kk: 'Үш орындық', name_en: '', capacity: 3, price: 38000 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('edit sends only the changed fields; delete asks first and shows a 409 in the snackbar', async () => {
    const fetchMock = api({
      override: (url) => {
        if (url.endsWith('/RoomType/update')) return { body: { success: true, item: { ...ROOM_TYPES[0], price: 50000 } } };
        if (url.endsWith('/RoomType/delete'))
          return {
            status: 409,
            body: {
              success: false,
              message: 'Нельзя удалить: есть связанные записи (Комната: 2)',
              message_key: 'universal.delete_has_children',
              errors: { id: ['Нельзя удалить: есть связанные записи (Комната: 2)'] },
            },
          };
        return undefined;
      },
    });
    renderWithProviders(<ResourceList resource="RoomType" />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Изменить «Двухместная»' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Редактирование — Тип комнаты' }, LONG);
    expect(within(dialog).getByLabelText(RUSSIAN_NAME)).toHaveValue('Двухместная');
    expect(within(dialog).getByLabelText(/Вместимость/)).toHaveValue('2');
    const price = within(dialog).getByLabelText(/Цена/);
    await user.clear(price);
    await user.type(price, '50000');
    await user.click(within(dialog).getByTestId('resource-save'));
    expect(await screen.findByTestId('snackbar-success', LONG)).toHaveTextContent('Изменения сохранены');
    expect(await calls(fetchMock, '/RoomType/update')[0].clone().json()).toEqual({
      update: { price: 50000 },
      filters: { id: 1 },
    });

    await user.click(screen.getByRole('button', { name: 'Удалить «Четырёхместная»' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Удалить запись?' }, LONG);
    expect(confirm).toHaveTextContent('Четырёхместная');
    await user.click(within(confirm).getByTestId('delete-confirm'));
    expect(await screen.findByTestId('snackbar-error', LONG)).toHaveTextContent('Комната: 2');
    expect(await calls(fetchMock, '/RoomType/delete')[0].clone().json()).toEqual({ filters: { id: 2 } });
  });

  test('a child list is filtered by its parent; parent references search the parent model page by page', async () => {
    const fetchMock = api({
      override: (url, body) => {
        if (url.endsWith('/SectionRoom/create')) return { body: { success: true, item: { id: 5, ...body.create } } };
        return undefined;
      },
    });
    renderWithProviders(<ResourceList resource="SectionRoom" fixed={{ section_id: 4 }} />);
    expect(await screen.findByTestId('resource-empty-SectionRoom', {}, LONG)).toHaveTextContent('Записей нет');
    expect(await calls(fetchMock, '/SectionRoom/find-paginate')[0].clone().json()).toMatchObject({
      filters: { section_id: 4 },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('resource-create-SectionRoom'));
    const dialog = await screen.findByRole('dialog', { name: 'Новая запись — Комната' }, LONG);
    expect(within(dialog).queryByLabelText(/Секция/)).not.toBeInTheDocument(); // fixed by the screen
    const gender = within(dialog).getByRole('combobox', { name: /Закреплена за полом/ });
    await user.click(gender);
    expect(await screen.findByRole('option', { name: 'Мужской' }, LONG)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(dialog).getByLabelText(/Порядок/)).toHaveValue(0);
    await user.type(within(dialog).getByLabelText(RUSSIAN_NAME), '101');

    // The room type is searched (debounced, ilike on the display field), never loaded whole.
    const roomType = within(dialog).getByRole('combobox', { name: /Тип комнаты/ });
    await user.click(roomType);
    expect(await screen.findByRole('option', { name: 'Двухместная' }, LONG)).toBeInTheDocument();
    await user.type(roomType, 'Четыр');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Двухместная' })).not.toBeInTheDocument(), LONG);
    await user.click(screen.getByRole('option', { name: 'Четырёхместная' }));
    expect(roomType).toHaveValue('Четырёхместная');
    const searches = await Promise.all(calls(fetchMock, '/RoomType/find-paginate').map((r) => r.clone().json()));
    expect(searches).toEqual([
      { filters: {}, paginate: { page: 1, size: 20 } },
      { filters: { name: { ilike: 'Четыр' } }, paginate: { page: 1, size: 20 } },
    ]);
    expect(calls(fetchMock, '/RoomType/all')).toHaveLength(0);
    await user.click(within(dialog).getByTestId('resource-save'));
    await waitFor(() => expect(calls(fetchMock, '/SectionRoom/create')).toHaveLength(1));
    expect(await calls(fetchMock, '/SectionRoom/create')[0].clone().json()).toEqual({
      create: { name: '101', order: 0, room_type_id: 2, external_reserved_places: 0, section_id: 4 },
    });
  });

  test('reference cells: one find by the ids on the page per referenced model', async () => {
    const rooms = [
      { id: 11, name: '101', order: 1, room_type_id: 2, assigned_gender_id: null, external_reserved_places: 0 },
      { id: 12, name: '102', order: 2, room_type_id: 1, assigned_gender_id: null, external_reserved_places: 0 },
      { id: 13, name: '103', order: 3, room_type_id: 2, assigned_gender_id: null, external_reserved_places: 0 },
    ];
    const fetchMock = api({
      override: (url) => (url.endsWith('/SectionRoom/find-paginate') ? { body: { list: rooms, total: 3 } } : undefined),
    });
    renderWithProviders(<ResourceList resource="SectionRoom" fixed={{ section_id: 4 }} />);
    const row = await screen.findByTestId('resource-row-SectionRoom-11', LONG);
    expect(await within(row).findByText('Четырёхместная', {}, LONG)).toBeInTheDocument();
    expect(within(screen.getByTestId('resource-row-SectionRoom-12')).getByText('Двухместная')).toBeInTheDocument();
    const finds = calls(fetchMock, '/RoomType/find');
    expect(finds).toHaveLength(1);
    expect(await finds[0].clone().json()).toEqual({ filters: { id: { in: [1, 2] } } });
    expect(calls(fetchMock, '/RoomType/all')).toHaveLength(0);
  });

  test('a date field is the one date picker: typed DD.MM.YYYY, sent as an ISO date, refused while invalid', async () => {
    const opened = { ...META.Hall.fields[1], name: 'opened_on', label: 'Открыто', type: 'date', required: false, nullable: true, max_length: null };
    const fetchMock = api({
      override: (url, body) => {
        if (url.endsWith('/_meta/Hall')) return { body: { success: true, item: { ...META.Hall, fields: [...META.Hall.fields, opened] } } };
        if (url.endsWith('/Hall/find-paginate')) return { body: { list: [{ id: 1, name: 'Шаңырақ', opened_on: '2019-09-01' }], total: 1 } };
        if (url.endsWith('/Hall/create')) return { body: { success: true, item: { id: 2, ...body.create } } };
        return undefined;
      },
    });
    renderWithProviders(<ResourceList resource="Hall" />);
    const row = await screen.findByTestId('resource-row-Hall-1', {}, LONG);
    expect(row).toHaveTextContent('01.09.2019');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('resource-create-Hall'));
    const dialog = await screen.findByRole('dialog', undefined, LONG);
    await user.type(within(dialog).getByTestId('field-name'), 'Новое');
    const date = within(dialog).getByTestId('field-opened_on');
    await user.click(date);
    await user.keyboard('3102');
    await user.click(within(dialog).getByTestId('resource-save'));
    expect(await within(dialog).findByText('Дата введена неверно.', {}, LONG)).toBeInTheDocument();
    expect(calls(fetchMock, '/Hall/create')).toHaveLength(0);
    await user.click(date);
    await user.keyboard('01092024');
    expect(date).toHaveValue('01.09.2024');
    await user.click(within(dialog).getByTestId('resource-save'));
    await waitFor(() => expect(calls(fetchMock, '/Hall/create')).toHaveLength(1));
    expect(await calls(fetchMock, '/Hall/create')[0].clone().json()).toEqual({
      create: { name: 'Новое', name_kk: '', name_en: '', opened_on: '2024-09-01' },
    });
  });

  test('choices are translated selects (kk)', async () => {
    await i18n.changeLanguage('kk');
    api();
    const { unmount } = renderWithProviders(<ResourceFormDialog resource="StudyProgram" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', undefined, LONG);
    const degree = within(dialog).getByLabelText(/Деңгейі|degree/i);
    expect(within(degree).getByRole('option', { name: 'Магистратура' })).toHaveValue('master');
    const kind = within(dialog).getByLabelText(/Түрі|kind/i);
    expect(within(kind).getByRole('option', { name: 'PhD докторантурасы' })).toHaveValue('doctoral_phd');
    unmount();
    await i18n.changeLanguage('ru');
  });
});
