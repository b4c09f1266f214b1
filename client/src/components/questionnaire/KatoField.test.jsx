import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import KatoField from './fields/KatoField';

const node = (id, name_ru, extra = {}) => ({ id, name_ru, name_kk: '', name_en: '', level: 1, parent_id: null, has_children: false, featured: null, path: [], ...extra });
const ROOTS = [
  node(1, 'Алматинская область', { has_children: true }),
  node(2, 'Абайская область', { has_children: true }),
  node(71, 'г. Астана', { featured: 1, has_children: true }),
  node(75, 'г. Алматы', { featured: 0, has_children: true }),
  node(79, 'г. Шымкент', { featured: 2 }),
];

function serve() {
  const asked = [];
  mockFetch(async (url) => {
    const params = Object.fromEntries(new URL(url, 'http://x').searchParams.entries());
    asked.push(params);
    if (params.q) {
      return { body: { success: true, list: [node(11, 'Талгарский район', { level: 2, parent_id: 1, path: [{ id: 1, name_ru: 'Алматинская область', name_kk: '', name_en: '' }] })], total: 1 } };
    }
    if (!params.parent_id) return { body: { success: true, list: ROOTS, total: ROOTS.length } };
    if (params.parent_id === '1') return { body: { success: true, list: [node(11, 'Талгарский район', { level: 2, parent_id: 1 })], total: 1 } };
    return { body: { success: true, list: [], total: 0 } };
  });
  return asked;
}

function renderField(onChange) {
  renderWithProviders(
    <KatoField field={{ key: 'residence_address', type: 'kato', id_field: 'residence_address_id' }} path="residence_address" value="" onChange={onChange} label="Адрес" />,
  );
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
});

test('the KATO tree: Almaty, Astana, Shymkent first, then by name; leaves have no arrow; answers the name path + id', async () => {
  const asked = serve();
  const onChange = jest.fn();
  const user = userEvent.setup();
  renderField(onChange);
  await user.click(screen.getByTestId('field-residence_address-open'));
  const tree = await screen.findByRole('tree', { name: 'Выберите населённый пункт' });
  const names = within(tree).getAllByRole('treeitem').map((item) => item.textContent);
  expect(names).toEqual(['г. Алматы', 'г. Астана', 'г. Шымкент', 'Абайская область', 'Алматинская область']);
  expect(screen.queryByTestId('kato-expand-79')).toBeNull(); // Shymkent has no children here: no arrow
  expect(asked[0]).toEqual({});
  await user.click(screen.getByRole('button', { name: 'Развернуть: Алматинская область' }));
  await user.click(await screen.findByTestId('kato-node-11'));
  expect(asked[1]).toEqual({ parent_id: '1' });
  expect(screen.queryByTestId('kato-expand-11')).toBeNull();
  expect(onChange).toHaveBeenCalledWith('residence_address', 'Алматинская область, Талгарский район', { residence_address_id: 11 });
});

test('the search box finds a place at any level and shows its path', async () => {
  const asked = serve();
  const onChange = jest.fn();
  const user = userEvent.setup();
  renderField(onChange);
  await user.click(screen.getByTestId('field-residence_address-open'));
  await screen.findByRole('tree');
  await user.type(screen.getByTestId('kato-search'), 'талгар');
  const hit = await screen.findByTestId('kato-hit-11');
  expect(hit).toHaveTextContent('Талгарский район');
  expect(hit).toHaveTextContent('Алматинская область');
  expect(asked.some((p) => p.q === 'талгар')).toBe(true);
  await user.click(hit);
  expect(onChange).toHaveBeenCalledWith('residence_address', 'Алматинская область, Талгарский район', { residence_address_id: 11 });
});
