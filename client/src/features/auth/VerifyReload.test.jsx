import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { renderWithProviders, mockFetch } from '../../testUtils';
import AuthPage from './AuthPage';

const extraRoutes = [<Route key="cf" path="/choose-flow" element={<h1>choose-flow</h1>} />];
const TOO_SOON = {
  status: 429,
  body: { success: false, message: 'Код уже отправлен.', message_key: 'auth.resend_too_soon', errors: {}, retry_after: 42 },
};

beforeEach(async () => {
  window.sessionStorage.clear();
  await act(() => i18n.changeLanguage('ru'));
});

test('issue 10: the verify-code step survives a reload (address + e-mail kept for the tab)', async () => {
  mockFetch((url) => (url.endsWith('/auth/sign-up') ? { body: { success: true } } : { body: {} }));
  const first = renderWithProviders(<AuthPage />, { route: '/auth', path: '/auth', extraRoutes });
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('tab', { name: 'Регистрация' }));
  await user.type(screen.getByLabelText('E-mail'), 'new@b.kz');
  await user.type(screen.getByLabelText('Пароль', { exact: true }), 'secret1');
  await user.type(screen.getByLabelText('Повторите пароль'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
  await screen.findByLabelText('Код подтверждения');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth?verify-otp=true'));
  first.unmount();

  // "Reload": a fresh app at the same address.
  const fetchMock = mockFetch(() => ({ body: {} }));
  renderWithProviders(<AuthPage />, { route: '/auth?verify-otp=true', path: '/auth', extraRoutes });
  expect(await screen.findByLabelText('Код подтверждения')).toBeInTheDocument();
  expect(screen.getByText(/Мы отправили 6-значный код на new@b\.kz/)).toBeInTheDocument();
  expect(screen.queryByTestId('verify-email')).toBeNull();
  // The password of the sign-up is never stored (issue 22): after a reload the step asks for it.
  expect(screen.getByTestId('verify-password')).toHaveValue('');
  expect(JSON.stringify(window.sessionStorage)).not.toContain('secret1');
  expect(JSON.stringify(window.localStorage)).not.toContain('secret1');
  // A reload does not send another code.
  expect(fetchMock.mock.calls.map((c) => c[0].url || String(c[0])).filter((u) => u.includes('/auth/'))).toEqual([]);

  await user.click(screen.getByTestId('otp-back'));
  expect(window.sessionStorage.getItem('qabyldau.verify_email')).toBeNull();
});

test('issue 10: a 429 on "send again" counts down from the server hint and never says the code was sent', async () => {
  mockFetch((url) => (url.endsWith('/auth/generate-otp') ? TOO_SOON : { body: {} }));
  renderWithProviders(<AuthPage />, { route: '/auth?verify-otp=true', path: '/auth', extraRoutes });
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByTestId('verify-email'), 'x@b.kz');
  await user.click(screen.getByTestId('otp-resend'));

  const button = screen.getByTestId('otp-resend');
  await waitFor(() => expect(button).toHaveTextContent('Отправить код повторно через 42 с'));
  expect(button).toBeDisabled();
  expect(screen.getByTestId('snackbar-error')).toHaveTextContent('Новый код можно запросить через 42 с');
  expect(screen.queryByText('Код подтверждения отправлен на e-mail')).toBeNull();
  expect(screen.getByTestId('otp-cooldown')).toBeInTheDocument();
  await waitFor(() => expect(button).toHaveTextContent('через 41 с'), { timeout: 2500 });
});

test('issue 10: an unverified user sent to verify gets no "code sent" when the server sent nothing (429)', async () => {
  setUser({ id: 5, email: 'late@b.kz', token: 'tk', is_verified: false, roles: [] });
  mockFetch((url) => (url.endsWith('/auth/generate-otp') ? TOO_SOON : { body: {} }));
  renderWithProviders(<AuthPage />, { route: '/auth?verify-otp=true', path: '/auth', extraRoutes });
  await waitFor(() => expect(screen.getByTestId('otp-resend')).toHaveTextContent('через 42 с'));
  expect(screen.queryByText('Код подтверждения отправлен на e-mail')).toBeNull();
});
