import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import KatoField from './fields/KatoField';
import { TYPEAHEAD_RESET_MS } from '../focus/useTreeNavigation';

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
  await user.click(screen.getByTestId('kato-expand-1')); // the arrow is the mouse's way (the keyboard: Right)
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

test('the tree is one Tab stop and follows the WAI-ARIA tree pattern: arrows, Right/Left, Home/End, type-ahead, Enter', async () => {
  serve();
  const onChange = jest.fn();
  const user = userEvent.setup();
  renderField(onChange);
  await user.click(screen.getByTestId('field-residence_address-open'));
  const tree = await screen.findByRole('tree', { name: 'Выберите населённый пункт' });
  await within(tree).findByText('г. Алматы');
  expect(screen.getByTestId('kato-search')).toHaveFocus(); // the dialog opens on its search box
  const item = (name) => within(tree).getByRole('treeitem', { name });
  // one Tab stop: the first item; the others are reached with the arrows
  expect(within(tree).getAllByRole('treeitem').filter((el) => el.tabIndex === 0)).toHaveLength(1);
  await user.tab();
  expect(item('г. Алматы')).toHaveFocus();
  expect(item('г. Алматы')).toHaveAttribute('aria-level', '1');
  expect(item('г. Алматы')).toHaveAttribute('aria-posinset', '1');
  expect(item('г. Алматы')).toHaveAttribute('aria-setsize', '5');
  await user.keyboard('{ArrowDown}');
  expect(item('г. Астана')).toHaveFocus();
  await user.keyboard('{End}');
  expect(item('Алматинская область')).toHaveFocus();
  await user.keyboard('{Home}');
  expect(item('г. Алматы')).toHaveFocus();
  await user.keyboard('{ArrowUp}'); // nothing above the first item
  expect(item('г. Алматы')).toHaveFocus();
  // type-ahead: "а" goes to the next name starting with it, "ал" typed quickly to the first one starting with that
  await user.keyboard('а');
  expect(item('Абайская область')).toHaveFocus();
  await user.keyboard('л');
  expect(item('Алматинская область')).toHaveFocus();
  // a space typed within a name is part of it ("г. Аст"), not a key of its own
  await new Promise((resolve) => setTimeout(resolve, TYPEAHEAD_RESET_MS + 50));
  await user.keyboard('г. Аст');
  expect(item('г. Астана')).toHaveFocus();
  // an arrow ends the typed name at once: "ал" after it is a new one
  await user.keyboard('{ArrowUp}ал');
  expect(item('Алматинская область')).toHaveFocus();
  // the Tab stop follows the focus
  expect(item('Алматинская область')).toHaveAttribute('tabindex', '0');
  expect(item('г. Алматы')).toHaveAttribute('tabindex', '-1');
  // Right opens, Right again goes to the first child, Left goes back to the parent, Left again closes it
  expect(item('Алматинская область')).toHaveAttribute('aria-expanded', 'false');
  await user.keyboard('{ArrowRight}');
  expect(item('Алматинская область')).toHaveAttribute('aria-expanded', 'true');
  const child = await within(tree).findByRole('treeitem', { name: 'Талгарский район' });
  expect(child).toHaveAttribute('aria-level', '2');
  expect(child).not.toHaveAttribute('aria-expanded'); // a leaf
  await user.keyboard('{ArrowRight}');
  expect(child).toHaveFocus();
  await user.keyboard('{ArrowUp}');
  expect(item('Алматинская область')).toHaveFocus();
  await user.keyboard('{ArrowDown}{ArrowLeft}');
  expect(item('Алматинская область')).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(item('Алматинская область')).toHaveAttribute('aria-expanded', 'false');
  expect(within(tree).queryByRole('treeitem', { name: 'Талгарский район' })).toBeNull();
  // Enter picks the focused place
  await user.keyboard('{ArrowRight}');
  await within(tree).findByRole('treeitem', { name: 'Талгарский район' });
  await user.keyboard('{ArrowRight}{Enter}');
  expect(onChange).toHaveBeenCalledWith('residence_address', 'Алматинская область, Талгарский район', { residence_address_id: 11 });
});

test('the search hits are a listbox: one Tab stop, arrows, Enter picks; the count is announced', async () => {
  serve();
  const onChange = jest.fn();
  const user = userEvent.setup();
  renderField(onChange);
  await user.click(screen.getByTestId('field-residence_address-open'));
  await screen.findByRole('tree');
  await user.type(screen.getByTestId('kato-search'), 'талгар');
  const list = await screen.findByRole('listbox', { name: 'Найденные населённые пункты' });
  await user.tab();
  const option = within(list).getByRole('option');
  expect(option).toHaveFocus();
  await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Найдено: 1'), { timeout: 2000 });
  await user.keyboard('{Enter}');
  expect(onChange).toHaveBeenCalledWith('residence_address', 'Алматинская область, Талгарский район', { residence_address_id: 11 });
});

test('an open region passes axe: its treeitem is named by its own row, the districts it owns are not in its text', async () => {
  serve();
  const user = userEvent.setup();
  renderField(jest.fn());
  await user.click(screen.getByTestId('field-residence_address-open'));
  const tree = await screen.findByRole('tree', { name: 'Выберите населённый пункт' });
  await user.click(await within(tree).findByTestId('kato-expand-1'));
  await within(tree).findByRole('treeitem', { name: 'Талгарский район' });
  const region = within(tree).getByRole('treeitem', { name: 'Алматинская область' });
  expect(region).toHaveAttribute('aria-expanded', 'true');
  // jsdom has no layout: colours are Chromium's part (the e2e audits the same state).
  const result = await axe.run(screen.getByRole('dialog'), { rules: { 'color-contrast': { enabled: false } } });
  const blocking = result.violations.filter((v) => ['serious', 'critical'].includes(v.impact));
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(region).toHaveTextContent(/^Алматинская область$/);
  // the districts are still the region's: in the group it owns
  const group = document.getElementById(region.getAttribute('aria-owns'));
  expect(group).toHaveAttribute('role', 'group');
  expect(within(group).getByRole('treeitem', { name: 'Талгарский район' })).toHaveAttribute('aria-level', '2');
});
