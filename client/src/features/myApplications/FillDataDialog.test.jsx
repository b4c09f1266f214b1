import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import FillDataDialog, { FILL_DATA_LATER_KEY, needsFillData } from './FillDataDialog';

const NAMELESS = { id: 3, email: 'new@example.com', token: 'tk', is_verified: true, citizenship_id: 5, roles: [] };

beforeEach(async () => {
  window.sessionStorage.clear();
  await act(() => i18n.changeLanguage('ru'));
});

test('who is asked: a signed-in applicant without a last or first name, never staff', () => {
  expect(needsFillData(NAMELESS)).toBe(true);
  expect(needsFillData({ ...NAMELESS, first_name: 'Айгерим', last_name: 'Ахметова' })).toBe(false);
  expect(needsFillData({ ...NAMELESS, first_name: 'Айгерим' })).toBe(true);
  expect(needsFillData({ ...NAMELESS, roles: [{ name: 'Админ' }] })).toBe(false);
  expect(needsFillData(null)).toBe(false);
});

test('saves the name with POST /users/fill-data and closes', async () => {
  const sent = [];
  mockFetch(async (url, request) => {
    if (url.includes('/users/fill-data')) {
      const body = await request.json();
      sent.push(body);
      return { body: { success: true, item: { ...NAMELESS, ...body } } };
    }
    return { body: {} };
  });
  setUser(NAMELESS);
  renderWithProviders(<FillDataDialog />);
  // a notice, not a modal in the way: the form opens from it
  expect(await screen.findByTestId('fill-data-notice')).toHaveTextContent('Укажите фамилию и имя');
  expect(screen.queryByRole('dialog')).toBeNull();
  await userEvent.click(screen.getByTestId('fill-data-open'));
  const dialog = await screen.findByRole('dialog', { name: 'Заполните данные' });
  expect(screen.getByTestId('fill-data-last_name')).toHaveFocus();
  // empty fields are said before anything is sent
  await userEvent.click(screen.getByTestId('fill-data-save'));
  expect(dialog).toHaveTextContent('Заполните поле');
  expect(sent).toHaveLength(0);
  await userEvent.type(screen.getByTestId('fill-data-last_name'), 'Ахметова');
  await userEvent.type(screen.getByTestId('fill-data-first_name'), 'Айгерим');
  await userEvent.click(screen.getByTestId('fill-data-save'));
  await waitFor(() => expect(sent).toEqual([{ last_name: 'Ахметова', first_name: 'Айгерим' }]));
  await waitFor(() => expect(screen.queryByTestId('fill-data-dialog')).toBeNull());
  expect(await screen.findByTestId('snackbar-success')).toHaveTextContent('Данные сохранены');
  expect(screen.queryByTestId('fill-data-notice')).toBeNull(); // the stored user has a name now
});

test.each([
  ['ru', 'Должно начинаться с заглавной буквы', 'Заполните данные'],
  ['kk', 'Бас әріптен басталуы керек', 'Деректерді толтырыңыз'],
  ['en', 'It must start with a capital letter', 'Fill in your details'],
])("the server's field errors show under the field in the applicant's language (%s)", async (lng, text, title) => {
  await act(() => i18n.changeLanguage(lng));
  let language = null;
  mockFetch(async (url, request) => {
    if (url.includes('/users/fill-data')) {
      language = request.headers.get('Accept-Language');
      return { status: 400, body: { success: false, message: text, message_key: 'users.fill_data.capital', errors: { last_name: [text] } } };
    }
    return { body: {} };
  });
  setUser(NAMELESS);
  renderWithProviders(<FillDataDialog />);
  await userEvent.click(await screen.findByTestId('fill-data-open'));
  await screen.findByRole('dialog', { name: title });
  await userEvent.type(screen.getByTestId('fill-data-last_name'), 'ахметова');
  await userEvent.type(screen.getByTestId('fill-data-first_name'), 'Айгерим');
  await userEvent.click(screen.getByTestId('fill-data-save'));
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(language).toBe(lng);
  expect(screen.getByTestId('fill-data-last_name')).toHaveAttribute('aria-invalid', 'true');
});

test('"Later" hides the notice for the rest of the browser session', async () => {
  mockFetch(async () => ({ body: {} }));
  setUser(NAMELESS);
  const { unmount } = renderWithProviders(<FillDataDialog />);
  await userEvent.click(await screen.findByTestId('fill-data-later'));
  await waitFor(() => expect(screen.queryByTestId('fill-data-notice')).toBeNull());
  expect(window.sessionStorage.getItem(FILL_DATA_LATER_KEY)).toBe('1');
  unmount();
  renderWithProviders(<FillDataDialog />);
  expect(screen.queryByTestId('fill-data-notice')).toBeNull();
});
