/* The institution picker's search (issue 10): 1 s debounce, every word against name, region, city/district and
 * address on the server (GET /institutions/search), pages of 20; foreign applicants start on the abroad path. */
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import i18n from '../../i18n';
import { makeStore, mockFetch, renderWithProviders } from '../../testUtils';
import { SEARCH_DEBOUNCE_MS } from '../pagedSearch';
import InstitutionField from './fields/InstitutionField';
import { useInstitutionSearch } from './fields/InstitutionDialog';

const paramsOf = (url) => Object.fromEntries(new URL(url, 'http://x').searchParams.entries());

describe('useInstitutionSearch', () => {
  afterEach(() => jest.useRealTimers());

  test('debounces the search by 1 s, sends the words to the server search and loads the next page on demand', async () => {
    jest.useFakeTimers();
    const asked = [];
    mockFetch(async (url) => {
      const params = paramsOf(url);
      asked.push(params);
      const page = Number(params.page);
      const list = Array.from({ length: 20 }, (_, i) => ({ id: page * 100 + i, name: `n${i}` }));
      return { body: { success: true, list, total: 45 } };
    });
    const store = makeStore();
    const wrapper = ({ children }) => <Provider store={store}>{children}</Provider>;
    const { result, rerender } = renderHook(({ search }) => useInstitutionSearch(search), { wrapper, initialProps: { search: '' } });

    await waitFor(() => expect(result.current.state.items).toHaveLength(20));
    expect(asked[0]).toEqual({ q: '', page: '1', size: '20' });

    rerender({ search: 'школа 25' });
    rerender({ search: 'школа 25 Алматы' });
    act(() => { jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1); });
    expect(asked).toHaveLength(1); // nothing before the second is over
    act(() => { jest.advanceTimersByTime(1); });
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual({ q: 'школа 25 Алматы', page: '1', size: '20' });
    await waitFor(() => expect(result.current.state.items).toHaveLength(20));

    act(() => result.current.load());
    act(() => result.current.load()); // a second call while the page is in flight is ignored
    await waitFor(() => expect(result.current.state.items).toHaveLength(40));
    expect(asked.filter((p) => p.page === '2')).toHaveLength(1);
  });
});

test.each([
  [false, true],
  [true, false],
])('citizen of Kazakhstan %s: the abroad path first is %s', async (isKazakhstanCitizen, abroadFirst) => {
  await act(() => i18n.changeLanguage('ru'));
  mockFetch(async () => ({ body: { success: true, list: [], total: 0 } }));
  const user = userEvent.setup();
  renderWithProviders(
    <InstitutionField path="education_institution" value={null} onChange={() => {}} label="Учебное заведение" ctx={{ isKazakhstanCitizen }} />,
  );
  await user.click(screen.getByTestId('education_institution'.replace(/^/, 'field-') + '-open'));
  // The dialog is a chunk of its own (issue 27): it is drawn once it has arrived.
  if (abroadFirst) {
    expect(await screen.findByTestId('institution-abroad-hint')).toBeInTheDocument();
    expect(screen.getByTestId('institution-other-input')).toBeInTheDocument();
    expect(screen.getByTestId('institution-not-listed')).toHaveTextContent('Найти в списке учебных заведений Казахстана');
    await user.click(screen.getByTestId('institution-not-listed'));
    expect(screen.getByTestId('institution-search')).toBeInTheDocument();
    expect(screen.getByTestId('institution-not-listed')).toHaveTextContent('Моя школа за рубежом');
  } else {
    expect(await screen.findByTestId('institution-search')).toBeInTheDocument();
    expect(screen.queryByTestId('institution-abroad-hint')).toBeNull();
  }
});

test('the list is a listbox (decision 0077): named by all it shows (name first), one Tab stop, Down from the search, arrows, Enter picks', async () => {
  await act(() => i18n.changeLanguage('ru'));
  const list = [
    { id: 1, name: 'Школа № 1', region: 'Жамбылская область', district: 'Тараз', address: 'ул. Абая, 1' },
    { id: 2, name: 'Гимназия № 2', region: 'Жамбылская область', district: 'Тараз', address: 'ул. Толе би, 2' },
    { id: 3, name: 'Лицей № 3', region: 'г. Алматы', district: 'Бостандыкский район', address: 'пр. Аль-Фараби, 3' },
  ];
  mockFetch(async () => ({ body: { success: true, list, total: 3 } }));
  const onChange = jest.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <InstitutionField path="education_institution" value={null} onChange={onChange} label="Учебное заведение" ctx={{ isKazakhstanCitizen: true }} />,
  );
  await user.click(screen.getByTestId('field-education_institution-open'));
  const listbox = await screen.findByRole('listbox', { name: 'Учебные заведения' });
  const options = await within(listbox).findAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([
    'Школа № 1, Жамбылская область, Тараз, ул. Абая, 1',
    'Гимназия № 2, Жамбылская область, Тараз, ул. Толе би, 2',
    'Лицей № 3, г. Алматы, Бостандыкский район, пр. Аль-Фараби, 3',
  ]);
  expect(options.filter((o) => o.tabIndex === 0)).toEqual([options[0]]);
  expect(screen.getByTestId('institution-search')).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(options[0]).toHaveFocus();
  await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}'); // stops at the last one
  expect(options[2]).toHaveFocus();
  await user.keyboard('{Home}');
  expect(options[0]).toHaveFocus();
  await user.keyboard('{End}{ArrowUp}');
  expect(options[1]).toHaveFocus();
  expect(options[1]).toHaveAttribute('tabindex', '0');
  await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Показано 3 из 3'), { timeout: 2000 });
  await user.keyboard('{Enter}');
  expect(onChange).toHaveBeenCalledWith('education_institution', { type: 'list', selected: 2 });
  // closed, the dialog gives the focus back to the button that opened it
  await waitFor(() => expect(screen.getByTestId('field-education_institution-open')).toHaveFocus());
});
