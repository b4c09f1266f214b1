import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { getUser } from '../../session/userStore';
import { renderWithProviders, mockFetch } from '../../testUtils';
import AuthPage from './AuthPage';

const extraRoutes = [
  <Route key="cf" path="/choose-flow" element={<h1>choose-flow</h1>} />,
  <Route key="home" path="/" element={<h1>home</h1>} />,
];

describe('/auth', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ru');
  });

  test('sign-up → verify code (auto-submit at 6 digits) → user stored → /choose-flow', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/auth/sign-up')) return { body: { success: true } };
      if (url.endsWith('/auth/check-otp'))
        return { body: { success: true, user: { id: 5, email: 'new@b.kz', token: 'tk', is_verified: true, citizenship: null, citizenship_id: null } } };
      if (url.endsWith('/public-config')) return { body: { contact_phone: '+7 727 000 00 00', contact_email: 'info@u.kz' } };
      return { status: 404, body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Регистрация' }));
    await user.type(screen.getByLabelText('E-mail'), 'new@b.kz');
    await user.type(screen.getByLabelText('Пароль', { exact: true }), 'secret1');
    await user.type(screen.getByLabelText('Повторите пароль'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    const code = await screen.findByLabelText('Код подтверждения');
    await user.type(code, '12a34567');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/choose-flow'));
    const checkCall = fetchMock.mock.calls.map((c) => c[0]).find((r) => r.url.endsWith('/auth/check-otp'));
    // The code goes with the password of this sign-up (issue 22), kept in memory: no password field is shown.
    expect(JSON.parse(await checkCall.text())).toEqual({ email: 'new@b.kz', code: '123456', password: 'secret1' });
    expect(window.sessionStorage.getItem('qabyldau.verify_email')).toBeNull();
    expect(getUser()).toMatchObject({ email: 'new@b.kz', token: 'tk' });
  });

  test('wrong code shows "Неверный код"', async () => {
    mockFetch((url) => {
      if (url.endsWith('/auth/check-otp'))
        return { status: 400, body: { success: false, message: 'Неверный код', message_key: 'auth.wrong_code', errors: {} } };
      if (url.endsWith('/auth/generate-otp')) return { body: { success: true } };
      return { body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth?verify-otp=true', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'x@b.kz');
    await user.type(screen.getByTestId('verify-password'), 'secret1');
    await user.type(screen.getByLabelText('Код подтверждения'), '000000');
    expect(await screen.findByText('Неверный код')).toBeInTheDocument();
    expect(getUser()).toBeNull();
  });

  test('issue 22: without a known password the code step asks for it before sending the code', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/auth/check-otp'))
        return { body: { success: true, user: { id: 7, email: 'x@b.kz', token: 'tk', is_verified: true, citizenship_id: null } } };
      return { body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth?verify-otp=true', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'x@b.kz');
    await user.type(screen.getByLabelText('Код подтверждения'), '111111');
    expect(await screen.findByText('Введите пароль, указанный при регистрации, затем код')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => c[0].url.endsWith('/auth/check-otp'))).toBe(false);
    expect(screen.getByLabelText('Код подтверждения')).toHaveValue('');

    await user.type(screen.getByTestId('verify-password'), '  my pass ');
    await user.type(screen.getByLabelText('Код подтверждения'), '111111');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/choose-flow'));
    const checkCall = fetchMock.mock.calls.map((c) => c[0]).find((r) => r.url.endsWith('/auth/check-otp'));
    expect(JSON.parse(await checkCall.text())).toEqual({ email: 'x@b.kz', code: '111111', password: '  my pass ' });
  });

  test('issue 22: an unverified user who signs in goes to the code step with that password', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/auth/sign-in'))
        return { body: { success: true, user: { id: 3, email: 'late@b.kz', token: 't0', is_verified: false, roles: [] } } };
      if (url.endsWith('/auth/generate-otp')) return { body: { success: true } };
      if (url.endsWith('/auth/check-otp'))
        return { body: { success: true, user: { id: 3, email: 'late@b.kz', token: 't1', is_verified: true, citizenship_id: null } } };
      return { body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'late@b.kz');
    await user.type(screen.getByLabelText('Пароль'), 'late-pass1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const code = await screen.findByLabelText('Код подтверждения');
    expect(screen.queryByTestId('verify-password')).toBeNull();
    await user.type(code, '222222');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/choose-flow'));
    const checkCall = fetchMock.mock.calls.map((c) => c[0]).find((r) => r.url.endsWith('/auth/check-otp'));
    expect(JSON.parse(await checkCall.text())).toEqual({ email: 'late@b.kz', code: '222222', password: 'late-pass1' });
  });

  test('sign-in of a verified user without citizenship goes to /choose-flow', async () => {
    mockFetch((url) => {
      if (url.endsWith('/auth/sign-in'))
        return { body: { success: true, user: { id: 1, email: 'a@b.kz', token: 't', is_verified: true, citizenship_id: null, citizenship: null } } };
      return { body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-mail'), 'a@b.kz');
    await user.type(screen.getByLabelText('Пароль'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/choose-flow'));
  });

  test('forgot password: mismatch is caught on the client', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/forgot-password-generate-code')) return { body: { success: true } };
      if (url.endsWith('/forgot-password-check-code')) return { body: { success: true, otp_id: 42 } };
      if (url.endsWith('/forgot-password-update-password')) return { body: { success: true } };
      return { body: {} };
    });
    renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', extraRoutes });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await user.type(screen.getByLabelText('E-mail'), 'a@b.kz');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код подтверждения'), '654321');
    const pw = await screen.findByLabelText('Новый пароль');
    await user.type(pw, 'newpass1');
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => c[0].url.endsWith('/forgot-password-update-password'))).toBe(false);

    await user.clear(screen.getByLabelText('Повторите новый пароль'));
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByRole('tab', { name: 'Вход' })).toBeInTheDocument();
    const update = fetchMock.mock.calls.map((c) => c[0]).find((r) => r.url.endsWith('/forgot-password-update-password'));
    expect(JSON.parse(await update.text())).toEqual({ email: 'a@b.kz', password: 'newpass1', otp_id: 42 });
  });
});
