import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { getUser } from '../../session/userStore';
import { renderWithProviders, mockFetch } from '../../testUtils';
import AuthPage from './AuthPage';
import { groupedSecret } from './SecondFactorStep';

// Staff sign-in (decision 0078): the password answers with a challenge, no session; the code step is lazy.
const extraRoutes = [<Route key="admin" path="/admin" element={<h1>admin</h1>} />];
const STAFF = { id: 9, email: 'staff@u.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ' }], citizenship_id: null };
const requests = (fetchMock, path) => fetchMock.mock.calls.map((call) => call[0]).filter((r) => r.url.endsWith(path));

async function signIn(user) {
  await user.type(screen.getByLabelText('E-mail'), 'staff@u.kz');
  await user.type(screen.getByLabelText('Пароль'), 'a-long-staff-pass');
  await user.click(screen.getByTestId('signin-submit'));
}

describe('/auth, staff second factor', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ru');
  });

  test('a code from the app signs in; a wrong one is refused with the server message', async () => {
    let tries = 0;
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/auth/sign-in'))
        return { body: { success: true, second_factor_required: true, enrolment_required: false, challenge: 'ch1' } };
      if (url.endsWith('/auth/sign-in/second-factor')) {
        tries += 1;
        if (tries === 1)
          return { status: 400, body: { success: false, message: 'Неверный код. Проверьте время', message_key: 'auth.second_factor_wrong_code', errors: {} } };
        return { body: { success: true, user: STAFF } };
      }
      return { body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await signIn(user);

    const heading = await screen.findByRole('heading', { name: 'Подтверждение входа' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(getUser()).toBeNull(); // no session before the code
    await user.type(screen.getByTestId('second-factor-code'), '111111');
    await user.click(screen.getByTestId('second-factor-submit'));
    expect(await screen.findByText('Неверный код. Проверьте время')).toBeInTheDocument();

    await user.click(screen.getByTestId('second-factor-toggle-recovery'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Вход с кодом восстановления' })).toHaveFocus());
    await user.type(screen.getByTestId('second-factor-code'), 'abcde-fghjk');
    await user.click(screen.getByTestId('second-factor-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    const sent = await Promise.all(requests(fetchMock, '/auth/sign-in/second-factor').map((r) => r.text()));
    expect(sent.map((text) => JSON.parse(text))).toEqual([
      { challenge: 'ch1', code: '111111' },
      { challenge: 'ch1', code: 'abcde-fghjk' },
    ]);
    expect(getUser()).toMatchObject({ email: 'staff@u.kz', token: 'tk' });
  });

  test('enrolment: QR code and secret, the first code, then the recovery codes once before the session', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
    mockFetch((url) => {
      if (url.endsWith('/auth/sign-in'))
        return { body: { success: true, second_factor_required: true, enrolment_required: true, challenge: 'ch2' } };
      if (url.endsWith('/auth/second-factor/enrolment'))
        return { body: { success: true, secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg></svg>' } };
      if (url.endsWith('/auth/second-factor/enrolment/confirm'))
        return { body: { success: true, user: STAFF, recovery_codes: codes } };
      return { body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await signIn(user);

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Подключите второй фактор' })).toHaveFocus());
    expect(await screen.findByAltText('QR-код для подключения приложения-аутентификатора')).toBeInTheDocument();
    expect(screen.getByTestId('enrolment-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByTestId('second-factor-code'), '123456');
    await user.click(screen.getByTestId('second-factor-submit'));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Сохраните коды восстановления' })).toHaveFocus());
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    expect(getUser()).toBeNull(); // not before "I saved them"
    const next = screen.getByTestId('recovery-codes-continue');
    expect(next).toBeDisabled();
    await user.click(screen.getByTestId('recovery-codes-saved'));
    await user.click(next);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(getUser()).toMatchObject({ token: 'tk' });
  });

  test('an ended challenge returns to the sign-in form', async () => {
    mockFetch((url) => {
      if (url.endsWith('/auth/sign-in'))
        return { body: { success: true, second_factor_required: true, enrolment_required: false, challenge: 'ch3' } };
      if (url.endsWith('/auth/sign-in/second-factor'))
        return { status: 400, body: { success: false, message: 'Войдите снова', message_key: 'auth.challenge_invalid', errors: {} } };
      return { body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await signIn(user);
    await user.type(await screen.findByTestId('second-factor-code'), '222222');
    await user.click(screen.getByTestId('second-factor-submit'));
    expect(await screen.findByText('Войдите снова')).toBeInTheDocument();
    expect(await screen.findByTestId('signin-submit')).toBeInTheDocument();
  });

  test('groupedSecret', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
