import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import HomeMessages, { DISMISSED_STORAGE_KEY } from './HomeMessages';
import HomePage from './HomePage';

const applicant = { id: 9, email: 'a@example.kz', token: 'tk', is_verified: true, citizenship_id: 1, roles: [] };
const PAYMENT_MESSAGE = { id: 3, type: 'payment', is_permanent: true, title: 'Доплата', text: 'Пожалуйста, доплатите остаток',
  amount: 9990, currency: 'KZT', created_at: '2026-07-01T00:00:00Z' };
const INFO = { id: 4, type: 'info', is_permanent: false, title: 'Новости', text: 'Приём открыт', amount: null, currency: null };

function serve(messages, extra = {}) {
  const calls = [];
  mockFetch(async (url, request) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    calls.push({ path, body: request.method === 'POST' ? await request.json() : null });
    if (path === '/api/v1/users/home-page-messages') return { body: { success: true, list: messages(), total: messages().length } };
    const handler = extra[path];
    return typeof handler === 'function' ? handler() : handler || { body: {} };
  });
  return calls;
}

beforeEach(async () => {
  await i18n.changeLanguage('ru');
  setUser(applicant);
  window.sessionStorage.clear();
  window.open = jest.fn(() => ({ location: { href: '' }, close: jest.fn() }));
});

test('the first permanent message opens in a modal with the server amount and a Pay button', async () => {
  serve(() => [PAYMENT_MESSAGE, INFO]);
  renderWithProviders(<HomeMessages />);
  const modal = await screen.findByTestId('home-message-modal');
  expect(within(modal).getByText('Доплата')).toBeInTheDocument();
  expect(within(modal).getByTestId('home-message-amount')).toHaveTextContent('К оплате: 9 990 ₸');
  expect(within(modal).getByRole('button', { name: /^Оплатить 9\s990\s₸$/ })).toBeDisabled(); // consent first
  expect(screen.getByTestId('home-message-4')).toHaveTextContent('Приём открыт');
});

test('closing the modal keeps it closed for the session; the list still opens it', async () => {
  serve(() => [PAYMENT_MESSAGE]);
  const user = userEvent.setup({ delay: null });
  const { unmount } = renderWithProviders(<HomeMessages />);
  await user.click(await screen.findByTestId('home-message-close'));
  await waitFor(() => expect(screen.queryByTestId('home-message-modal')).not.toBeInTheDocument());
  expect(window.sessionStorage.getItem(DISMISSED_STORAGE_KEY)).toBe('3');
  unmount();
  renderWithProviders(<HomeMessages />);
  await screen.findByTestId('home-message-3');
  expect(screen.queryByTestId('home-message-modal')).not.toBeInTheDocument();
  await user.click(screen.getByTestId('home-message-open-3'));
  expect(await screen.findByTestId('home-message-modal')).toBeInTheDocument();
});

test('paying in the modal shows the receipt and the paid message leaves the list', async () => {
  let paid = false;
  const receipt = { payment_id: 8, amount: 9990, currency: 'KZT', paid_at: '2026-07-01T10:00:00Z', transaction_id: 'sbx-1' };
  const calls = serve(() => (paid ? [] : [PAYMENT_MESSAGE]), {
    '/api/v1/users/payments/start': () => {
      paid = true;
      return { body: { success: true, provider: 'sandbox', sandbox_url: '/payments/sandbox/8?t=x',
        payment: { id: 8, status: 'pending', amount: 9990, receipt: null } } };
    },
    '/api/v1/users/payments/8': () => ({ body: { success: true, payment: { id: 8, status: 'paid', amount: 9990, receipt } } }),
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<HomeMessages />);
  const modal = await screen.findByTestId('home-message-modal');
  await user.click(within(modal).getByTestId('payment-consent'));
  await user.click(within(modal).getByRole('button', { name: /^Оплатить 9\s990\s₸$/ }));
  expect(await within(modal).findByTestId('payment-receipt')).toHaveTextContent('sbx-1');
  expect(calls.find((c) => c.path.endsWith('/start')).body).toEqual({ purpose: 'home_message', purpose_ref_id: 3 });
  await waitFor(() => expect(screen.queryByTestId('home-message-3')).not.toBeInTheDocument());
  expect(screen.getByTestId('home-message-modal')).toBeInTheDocument(); // the receipt stays until closed
});

test('the home page mounts the messages for a signed-in user only, in English too', async () => {
  await i18n.changeLanguage('en');
  const calls = serve(() => [{ ...PAYMENT_MESSAGE, title: 'Additional payment' }]);
  renderWithProviders(<HomePage />);
  expect(await screen.findByText('Amount due: 9,990 ₸', { selector: '[data-testid="home-message-amount"]' })).toBeInTheDocument();
  expect(calls.some((c) => c.path === '/api/v1/users/home-page-messages')).toBe(true);
});

test('anonymous visitors do not ask for messages', async () => {
  setUser(null);
  const calls = serve(() => [PAYMENT_MESSAGE]);
  renderWithProviders(<HomePage />);
  await screen.findByTestId('card-scholarship');
  expect(calls.some((c) => c.path === '/api/v1/users/home-page-messages')).toBe(false);
});
