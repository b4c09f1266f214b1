import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import PaymentPanel from './PaymentPanel';

const applicant = { id: 9, email: 'a@example.kz', token: 'tk', is_verified: true, citizenship_id: 1, roles: [] };
const RECEIPT = { payment_id: 5, amount: 10000, currency: 'KZT', paid_at: '2026-07-01T09:30:00+00:00', transaction_id: 'sbx-abc123' };
const PENDING = { id: 5, status: 'pending', amount: 10000, currency: 'KZT', failure_reason: null, receipt: null };

function step(payment, receipt = null, extra = {}) {
  return {
    body: { success: true, application_id: 77, paid: Boolean(receipt), fee_settled: Boolean(receipt), is_exempted_from_payment: false,
      current_step: receipt ? 3 : 2, amount: 10000, currency: 'KZT', payment, receipt, ...extra },
  };
}

function serve(handlers) {
  const calls = [];
  const fetchMock = mockFetch(async (url, request) => {
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const body = request.method === 'POST' ? await request.json() : null;
    calls.push({ path, method: request.method, body });
    const handler = handlers[path];
    return typeof handler === 'function' ? handler(body, calls) : handler || { body: {} };
  });
  return { calls, fetchMock };
}

let popup;
beforeEach(async () => {
  await i18n.changeLanguage('ru');
  setUser(applicant);
  popup = { location: { href: '' }, close: jest.fn() };
  window.open = jest.fn(() => popup);
});

afterEach(() => {
  jest.useRealTimers();
});

test('consent, proceed, the sandbox page opens, polling every 5 s shows the receipt and calls onPaid once', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  let stepAnswer = step(null);
  const { calls } = serve({
    '/api/v1/users/check-payment-step/77': () => stepAnswer,
    '/api/v1/users/payments/start': () => ({
      body: { success: true, provider: 'sandbox', payment: PENDING, sandbox_url: '/payments/sandbox/5?t=tok&lang=ru', widget: null },
    }),
  });
  const onPaid = jest.fn();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithProviders(<PaymentPanel applicationId={77} purpose="admission_fee" onPaid={onPaid} />);

  expect(await screen.findByText('Сумма к оплате: 10 000 ₸')).toBeInTheDocument();
  const proceed = screen.getByTestId('payment-proceed');
  expect(proceed).toBeDisabled(); // consent first
  await user.click(screen.getByTestId('payment-consent'));
  stepAnswer = step(PENDING);
  await user.click(proceed);

  await waitFor(() => expect(popup.location.href).toBe('/payments/sandbox/5?t=tok&lang=ru'));
  expect(calls.find((c) => c.path.endsWith('/start')).body).toEqual({ purpose: 'admission_fee', application_id: 77 });
  expect(await screen.findByTestId('payment-waiting')).toHaveTextContent('Ожидаем подтверждения оплаты');

  const polls = () => calls.filter((c) => c.path.endsWith('/check-payment-step/77')).length;
  const before = polls();
  await act(async () => { jest.advanceTimersByTime(5000); });
  await waitFor(() => expect(polls()).toBe(before + 1)); // req §9: every 5 seconds

  stepAnswer = step({ ...PENDING, status: 'failed', failure_reason: 'Insufficient funds' });
  await act(async () => { jest.advanceTimersByTime(5000); });
  expect(await screen.findByTestId('payment-declined')).toHaveTextContent('Оплата отклонена банком');
  expect(screen.getByTestId('payment-declined')).toHaveTextContent('Insufficient funds');

  stepAnswer = step({ ...PENDING, status: 'paid', receipt: RECEIPT }, RECEIPT);
  await act(async () => { jest.advanceTimersByTime(5000); });
  expect(await screen.findByTestId('payment-receipt')).toBeInTheDocument();
  expect(screen.getByTestId('receipt-amount')).toHaveTextContent('10 000 ₸');
  expect(screen.getByTestId('receipt-transaction')).toHaveTextContent('sbx-abc123');
  expect(screen.getByTestId('receipt-date')).toHaveTextContent(/^01\.07\.2026/);
  expect(onPaid).toHaveBeenCalledTimes(1);
  expect(onPaid).toHaveBeenCalledWith(RECEIPT);

  const after = polls();
  await act(async () => { jest.advanceTimersByTime(15000); });
  expect(polls()).toBe(after); // paid: no more polling
  expect(onPaid).toHaveBeenCalledTimes(1);
});

test('an already paid application shows its receipt without any action', async () => {
  serve({ '/api/v1/users/check-payment-step/77': step({ ...PENDING, status: 'paid', receipt: RECEIPT }, RECEIPT) });
  renderWithProviders(<PaymentPanel applicationId={77} />);
  expect(await screen.findByTestId('payment-receipt')).toBeInTheDocument();
  expect(screen.queryByTestId('payment-proceed')).not.toBeInTheDocument();
});

test('an exempted application has nothing to pay', async () => {
  serve({ '/api/v1/users/check-payment-step/77': step(null, null, { is_exempted_from_payment: true }) });
  renderWithProviders(<PaymentPanel applicationId={77} />);
  expect(await screen.findByTestId('payment-exempted')).toHaveTextContent('освобождена');
});

test('a provider that times out shows the §8 payment failure text in Kazakh and closes the blank tab', async () => {
  await i18n.changeLanguage('kk');
  serve({
    '/api/v1/users/check-payment-step/77': step(null),
    '/api/v1/users/payments/start': {
      status: 503,
      body: { success: false, message: 'x', message_key: 'payments.unavailable', errors: {} },
    },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<PaymentPanel applicationId={77} />);
  await user.click(await screen.findByTestId('payment-consent'));
  await user.click(screen.getByTestId('payment-proceed'));
  expect(await screen.findByTestId('payment-error')).toHaveTextContent('Төлем кезінде қате орын алды. Кейінірек қайталап көріңіз');
  expect(popup.close).toHaveBeenCalled();
});

test('other purposes poll the payment itself and English texts are used', async () => {
  await i18n.changeLanguage('en');
  let payment = { ...PENDING, id: 8, amount: 9990, purpose: 'home_message' };
  const { calls } = serve({
    '/api/v1/users/payments/start': () => ({ body: { success: true, provider: 'sandbox', payment, sandbox_url: '/payments/sandbox/8?t=x', widget: null } }),
    '/api/v1/users/payments/8': () => ({ body: { success: true, payment } }),
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<PaymentPanel purpose="home_message" purposeRefId={3} amount={9990} submitLabel="Pay 9,990 ₸" />);
  expect(screen.getByText('Amount to pay: 9,990 ₸')).toBeInTheDocument();
  await user.click(screen.getByTestId('payment-consent'));
  payment = { ...payment, status: 'paid', receipt: { ...RECEIPT, payment_id: 8, amount: 9990 } };
  await user.click(screen.getByRole('button', { name: 'Pay 9,990 ₸' }));
  expect(await screen.findByTestId('payment-receipt')).toHaveTextContent('9,990 ₸');
  expect(calls.find((c) => c.path.endsWith('/start')).body).toEqual({ purpose: 'home_message', purpose_ref_id: 3 });
  expect(calls.some((c) => c.path.includes('check-payment-step'))).toBe(false);
});

test('the CloudPayments widget is opened with the server-given charge options', async () => {
  const charge = jest.fn();
  window.cp = { CloudPayments: jest.fn(() => ({ charge })) };
  const options = { publicId: 'pk', amount: 10000, currency: 'KZT', invoiceId: '5', accountId: '9', autoClose: 3 };
  serve({
    '/api/v1/users/check-payment-step/77': step(null),
    '/api/v1/users/payments/start': { body: { success: true, provider: 'cloudpayments', payment: PENDING, sandbox_url: null,
      widget: { script_url: 'https://widget.cloudpayments.ru/bundles/cloudpayments.js', method: 'charge', options } } },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<PaymentPanel applicationId={77} />);
  await user.click(await screen.findByTestId('payment-consent'));
  await user.click(screen.getByTestId('payment-proceed'));
  await waitFor(() => expect(charge).toHaveBeenCalled());
  expect(charge.mock.calls[0][0]).toEqual(options);
  expect(popup.close).toHaveBeenCalled();
  delete window.cp;
});
