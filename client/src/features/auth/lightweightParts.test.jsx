/* The /auth screen's own form state and tabs (decision 0070: they replace react-hook-form and MUI's Tabs on the first
 * screen) keep the behaviour of what they replace. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import AuthPage from './AuthPage';
import SignInForm from './SignInForm';

beforeEach(async () => {
  await i18n.changeLanguage('ru');
});

test('submit checks every field, focuses the first wrong one, then each field is re-checked as it changes', async () => {
  const fetchMock = mockFetch(() => ({ body: {} }));
  renderWithProviders(<SignInForm onForgotPassword={jest.fn()} />);
  const signInCalls = () => fetchMock.mock.calls.filter(([request]) => request.url.endsWith('/auth/sign-in'));
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Войти' }));

  const email = screen.getByTestId('signin-email');
  const password = screen.getByTestId('signin-password');
  expect(await screen.findByText('Пожалуйста, введите e-mail в правильном формате')).toBeInTheDocument();
  expect(screen.getByText('Обязательное поле')).toBeInTheDocument();
  expect(email).toHaveFocus();
  expect(email).toHaveAttribute('aria-invalid', 'true');

  // After the first submit a fixed field loses its error at once; the other keeps its own.
  await user.type(email, 'a@b.kz');
  await waitFor(() => expect(screen.queryByText('Пожалуйста, введите e-mail в правильном формате')).toBeNull());
  expect(email).toHaveAttribute('aria-invalid', 'false');
  expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(signInCalls()).toHaveLength(0);
});

test('the values typed are what "forgot password" and the request receive', async () => {
  const onForgotPassword = jest.fn();
  const fetchMock = mockFetch((url) =>
    url.endsWith('/auth/sign-in')
      ? { status: 401, body: { success: false, message: 'Неверный e-mail или пароль', errors: {} } }
      : { body: {} },
  );
  renderWithProviders(<SignInForm onForgotPassword={onForgotPassword} />);
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByTestId('signin-email'), ' a@b.kz ');
  await user.click(screen.getByTestId('forgot-password-link'));
  expect(onForgotPassword).toHaveBeenCalledWith('a@b.kz') // an e-mail input's value has no outer spaces;

  await user.type(screen.getByTestId('signin-password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  await waitFor(() => expect(fetchMock.mock.calls.some(([request]) => request.url.endsWith('/auth/sign-in'))).toBe(true));
  const [request] = fetchMock.mock.calls.find(([call]) => call.url.endsWith('/auth/sign-in'));
  expect(JSON.parse(await request.text())).toEqual({ email: 'a@b.kz', password: 'secret1' });
  expect(await screen.findByText('Неверный e-mail или пароль')).toBeInTheDocument();
});

test('the sign-in / sign-up tabs follow the WAI-ARIA tabs pattern', async () => {
  mockFetch(() => ({ body: {} }));
  renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth' });
  const user = userEvent.setup({ delay: null });
  const tablist = screen.getByRole('tablist', { name: 'Вход или регистрация' });
  const signIn = screen.getByRole('tab', { name: 'Вход' });
  const signUp = screen.getByRole('tab', { name: 'Регистрация' });
  expect(tablist).toContainElement(signIn);
  expect(signIn).toHaveAttribute('aria-selected', 'true');
  expect(signIn).toHaveAttribute('tabindex', '0');
  expect(signUp).toHaveAttribute('aria-selected', 'false');
  expect(signUp).toHaveAttribute('tabindex', '-1');
  expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'auth-tab-sign-in');

  // Arrows move the focus (wrapping), Enter selects; the panel follows.
  act(() => signIn.focus());
  await user.keyboard('{ArrowRight}');
  expect(signUp).toHaveFocus();
  expect(signIn).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Enter}');
  expect(signUp).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'auth-tab-sign-up');
  expect(screen.getByTestId('signup-repeat-password')).toBeInTheDocument();
  await user.keyboard('{ArrowRight}');
  expect(signIn).toHaveFocus();
  await user.keyboard('{End}');
  expect(signUp).toHaveFocus();

  await user.click(signIn);
  expect(signIn).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('signin-email')).toBeInTheDocument();
});
