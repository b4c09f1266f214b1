import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import StaffSecurityPage from './StaffSecurityPage';

// A staff member's own recovery codes (decision 0091): a current app code gets ten new ones, shown once.
const STAFF = { id: 9, email: 'staff@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }] };
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `kq7m${i}-x8p2${i}`);

function serve({ left = 3, refusals = [] } = {}) {
  const sent = [];
  const fetchMock = mockFetch(async (url, request) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path.endsWith('/auth/second-factor')) return { body: { success: true, enrolled: true, recovery_codes_left: left } };
    if (path.endsWith('/auth/second-factor/recovery-codes')) {
      sent.push(JSON.parse(await request.text()));
      const refusal = refusals.shift();
      if (refusal) return { status: refusal.status || 400, body: { success: false, errors: {}, ...refusal } };
      left = NEW_CODES.length;
      return {
        body: { success: true, recovery_codes: NEW_CODES, message_key: 'auth.recovery_codes_regenerated', message: 'ok' },
      };
    }
    return { body: {} };
  });
  return { sent, fetchMock };
}

describe('the staff account-security screen (decision 0091)', () => {
  beforeEach(async () => {
    setUser(STAFF);
    await i18n.changeLanguage('ru');
  });
  afterAll(() => i18n.changeLanguage('ru'));

  test('a wrong code is refused in the field; a right one shows ten new codes once, then the form again', async () => {
    const { sent } = serve({
      refusals: [{ message: 'Неверный код. Проверьте время на телефоне', message_key: 'auth.second_factor_wrong_code' }],
    });
    renderWithProviders(<StaffSecurityPage />);
    const user = userEvent.setup({ delay: null });

    expect(screen.getByRole('heading', { level: 1, name: 'Безопасность входа' })).toBeInTheDocument();
    expect(await screen.findByTestId('staff-security-codes-left')).toHaveTextContent('Неиспользованных кодов: 3 из 10');
    const submit = screen.getByTestId('staff-security-regenerate');
    expect(submit).toBeDisabled(); // nothing is sent without a code

    const field = screen.getByLabelText('Код из приложения');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '111111');
    await user.click(submit);
    expect(await screen.findByText('Неверный код. Проверьте время на телефоне')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Неверный код. Проверьте время на телефоне');
    expect(field).toHaveValue(''); // a code is good once: the next try types the app's next one
    expect(screen.queryByTestId('recovery-codes')).toBeNull();

    await user.type(field, '222333');
    await user.click(submit);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Новые коды восстановления' });
    await waitFor(() => expect(heading).toHaveFocus());
    const list = screen.getByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(NEW_CODES);
    expect(screen.getByTestId('staff-security-codes-warning')).toHaveTextContent('Прежние коды больше не действуют.');
    expect(sent).toEqual([{ code: '111111' }, { code: '222333' }]);

    const done = screen.getByTestId('staff-security-done');
    expect(done).toBeDisabled(); // not before "I have saved them"
    await user.click(screen.getByTestId('recovery-codes-saved'));
    await user.click(done);
    expect(screen.queryByTestId('recovery-codes')).toBeNull(); // shown once: gone from the page
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Коды восстановления' })).toHaveFocus());
    expect(await screen.findByTestId('staff-security-codes-left')).toHaveTextContent('Неиспользованных кодов: 10 из 10');
  });

  test.each([
    ['kk', 'Кіру қауіпсіздігі', 'Жаңа кодтар алу'],
    ['en', 'Sign-in security', 'Get new codes'],
  ])('speaks %s', async (lang, title, action) => {
    serve();
    await i18n.changeLanguage(lang);
    renderWithProviders(<StaffSecurityPage />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('staff-security-regenerate')).toHaveTextContent(action);
    await screen.findByTestId('staff-security-codes-left');
    expect(document.title).toContain(title);
  });
});
