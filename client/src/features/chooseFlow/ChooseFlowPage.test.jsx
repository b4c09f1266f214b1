import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { DEFAULT_DOMAIN, sortCitizenships } from '../../domain';
import { mockFetch, renderWithProviders } from '../../testUtils';
import ChooseFlowPage from './ChooseFlowPage';

const row = (id, code, name_en, name_ru, name_kk = name_ru, extra = {}) => ({ id, code, name_en, name_ru, name_kk, order: 1000, ...extra });
// Server order is by id: the picker must not depend on it.
const ROWS = [
  row(1, 'AX', 'Åland Islands', 'Аландские о-ва', 'Аланд аралдары'),
  row(2, 'IM', 'Isle of Man', 'о-в Мэн', 'Мэн аралы'),
  row(3, 'DE', 'Germany', 'Германия'),
  row(4, 'CN', 'China', 'Китай', 'Қытай'),
  row(5, 'RU', 'Russia', 'Россия', 'Ресей'),
  row(6, 'XX', 'Stateless person', 'Лицо без гражданства', 'Азаматтығы жоқ адам', { order: 2000 }),
  row(7, 'KZ', DEFAULT_DOMAIN.kazakhstanCitizenshipNameEn, 'Гражданин Республики Казахстан', 'ҚР азаматы', { order: 0 }),
  row(8, 'AQ', 'Antarctica', 'Антарктида', 'Антарктида', { selectable: false }),
  row(9, 'UZ', 'Uzbekistan', 'Узбекистан', 'Өзбекстан'),
  row(10, 'AF', 'Afghanistan', 'Афганистан', 'Ауғанстан'),
  row(11, 'MN', 'Mongolia', 'Монголия', 'Моңғолия'),
];

const names = () => screen.getAllByRole('radio').map((r) => r.closest('label').textContent);

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser({ id: 9, email: 'a@example.com', token: 'tk', is_verified: true, citizenship_id: null, citizenship: null, roles: [] });
});

describe('sortCitizenships (issue 10)', () => {
  test('Kazakhstan, the neighbours, then the alphabet of the interface language; non-citizenships dropped', () => {
    const en = sortCitizenships(ROWS, DEFAULT_DOMAIN, 'en').map((c) => c.code);
    expect(en).toEqual(['KZ', 'RU', 'UZ', 'CN', 'AF', 'AX', 'DE', 'IM', 'MN', 'XX']); // Åland with A, stateless last
    const ru = sortCitizenships(ROWS, DEFAULT_DOMAIN, 'ru').map((c) => c.code);
    // 'о-в Мэн' sorts by Мэн (after Монголия), Аландские before Афганистан in Russian.
    expect(ru).toEqual(['KZ', 'RU', 'UZ', 'CN', 'AX', 'AF', 'DE', 'MN', 'IM', 'XX']);
  });
});

test('/choose-flow: a searchable list in any language, Kazakhstan first, choosing saves the citizenship', async () => {
  const saved = [];
  mockFetch(async (url, request) => {
    if (url.includes('/universal/Citizenship/all')) return { body: { list: ROWS } };
    if (url.includes('/users/update')) {
      saved.push(await request.json());
      return { body: { success: true, user: { id: 9, citizenship_id: 3, citizenship: ROWS[2] } } };
    }
    return { body: {} };
  });
  const user = userEvent.setup();
  renderWithProviders(<ChooseFlowPage />, { route: '/choose-flow', path: '/choose-flow' });

  await screen.findByTestId('citizenship-7');
  expect(names()).toEqual([
    'Гражданин Республики Казахстан', 'Россия', 'Узбекистан', 'Китай',
    'Аландские о-ва', 'Афганистан', 'Германия', 'Монголия', 'о-в Мэн', 'Лицо без гражданства',
  ]);
  expect(screen.queryByTestId('citizenship-8')).toBeNull(); // Antarctica is not a citizenship

  const search = screen.getByTestId('citizenship-search');
  await user.type(search, 'germ'); // English name while the interface is Russian
  expect(names()).toEqual(['Германия']);
  await user.clear(search);
  await user.type(search, 'қыт'); // Kazakh
  expect(names()).toEqual(['Китай']);
  await user.clear(search);
  await user.type(search, 'aland'); // accents ignored
  expect(names()).toEqual(['Аландские о-ва']);
  await user.clear(search);
  await user.type(search, 'zzzz');
  expect(screen.getByTestId('citizenship-no-match')).toHaveTextContent('Ничего не найдено');
  await user.clear(search);

  await user.type(search, 'Герм');
  await user.click(screen.getByTestId('citizenship-3'));
  await user.clear(search);
  expect(screen.getByTestId('citizenship-chosen')).toHaveTextContent('Выбрано: Германия');
  await user.click(screen.getByTestId('choose-flow-continue'));
  await waitFor(() => expect(saved).toEqual([{ citizenship_id: 3 }]));
});

test('the list follows the interface language', async () => {
  mockFetch(async (url) => (url.includes('/universal/Citizenship/all') ? { body: { list: ROWS } } : { body: {} }));
  renderWithProviders(<ChooseFlowPage />, { route: '/choose-flow', path: '/choose-flow' });
  await screen.findByTestId('citizenship-7');
  await act(() => i18n.changeLanguage('en'));
  const radios = within(screen.getByTestId('citizenship-radios')).getAllByRole('radio');
  expect(radios.map((r) => r.closest('label').textContent).slice(4)).toEqual([
    'Afghanistan', 'Åland Islands', 'Germany', 'Isle of Man', 'Mongolia', 'Stateless person',
  ]);
});
