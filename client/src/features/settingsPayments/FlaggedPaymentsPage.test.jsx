/* Settings → flagged payments (issue 23): the shell's population's list, open / resolved, and an answer with a
 * required comment. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { mockFetch, renderWithProviders } from '../../testUtils';
import FlaggedPaymentsPage from './FlaggedPaymentsPage';

const SHELL = { key: 'kz', base: '/admin/kz', segment: 'KZ' };
const OPEN = {
  id: 17,
  amount: 10000,
  currency: 'KZT',
  purpose: 'admission_fee',
  application_id: 41,
  payer_id: 9,
  payer_email: 'nurlan@example.kz',
  payer_name: 'Ахметов Нурлан',
  flag_reason: 'already_paid',
  paid_at: '2026-07-01T09:00:00Z',
  resolution: null,
  resolution_comment: null,
  resolved_at: null,
  resolved_by: null,
};
const RESOLVED = { ...OPEN, id: 18, resolution: 'refunded', resolution_comment: 'Возврат № 55', resolved_at: '2026-07-02T09:00:00Z', resolved_by: { id: 1, email: 'kz.admin@example.kz' } };

function server({ resolveAnswer = null } = {}) {
  const calls = [];
  const fetchMock = mockFetch(async (url, request) => {
    const params = new URL(url, 'http://localhost').searchParams;
    if (request.method === 'POST' && url.endsWith('/admin/payments/17/resolve')) {
      calls.push(await request.json());
      return resolveAnswer || { body: { success: true, item: { ...OPEN, resolution: 'resolved' } } };
    }
    if (/\/admin\/payments\/flagged\?/.test(url)) {
      calls.push(`list ${params.get('segment')} ${params.get('state')}`);
      const list = params.get('state') === 'resolved' ? [RESOLVED] : calls.some((c) => c.resolution) ? [] : [OPEN];
      return { body: { list, total: list.length } };
    }
    return { status: 404, body: { success: false, message: 'Не найдено', message_key: 'errors.not_found', errors: {} } };
  });
  return { calls, fetchMock };
}

const renderPage = () => renderWithProviders(<FlaggedPaymentsPage shell={SHELL} />, { route: '/admin/kz/settings/payments', path: '/admin/kz/settings/payments' });

beforeEach(() => {
  i18n.changeLanguage('ru');
  setUser({ id: 1, email: 'kz.admin@example.kz', token: 'tk', is_verified: true, roles: [{ name: 'Админ (граждане КЗ)' }] });
});

test('the open flagged payments of the shell population: applicant, amount, purpose, reason, date', async () => {
  const { calls } = server();
  renderPage();
  const row = await screen.findByTestId('flagged-row-17');
  expect(calls).toContain('list KZ open');
  expect(row).toHaveTextContent('Ахметов Нурлан');
  expect(row).toHaveTextContent('nurlan@example.kz');
  expect(row).toHaveTextContent(/10\s000\s₸/);
  expect(row).toHaveTextContent('Вступительный взнос');
  expect(row).toHaveTextContent('Уже оплачено: двойное списание');
  expect(row).toHaveTextContent(/01\.07\.2026/);
});

test('the resolved tab shows what was done, by whom', async () => {
  server();
  renderPage();
  fireEvent.click(await screen.findByRole('tab', { name: 'Закрытые' }));
  const row = await screen.findByTestId('flagged-row-18');
  expect(row).toHaveTextContent('Возвращён');
  expect(row).toHaveTextContent('Возврат № 55');
  expect(row).toHaveTextContent('kz.admin@example.kz');
});

test('marking resolved needs a comment; sent, the list refreshes to its empty state', async () => {
  const { calls } = server();
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Закрыть: Ахметов Нурлан' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
  expect(await within(dialog).findByText('Напишите комментарий')).toBeInTheDocument();
  expect(calls.some((c) => c.resolution)).toBe(false);

  fireEvent.change(screen.getByTestId('flagged-comment'), { target: { value: '  Оплата зачтена вручную  ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
  await waitFor(() => expect(calls).toContainEqual({ resolution: 'resolved', comment: 'Оплата зачтена вручную' }));
  expect(await screen.findByTestId('flagged-empty')).toHaveTextContent('Платежей на проверке нет.');
  expect(await screen.findByText('Платёж закрыт')).toBeInTheDocument();
});

test('a 409 (someone answered first) is shown in the dialog', async () => {
  server({
    resolveAnswer: { status: 409, body: { success: false, message: 'Этот платёж уже закрыт', message_key: 'flagged_payments.already_resolved', errors: {} } },
  });
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Деньги возвращены: Ахметов Нурлан' }));
  fireEvent.change(screen.getByTestId('flagged-comment'), { target: { value: 'Возврат № 56' } });
  fireEvent.click(screen.getByTestId('flagged-resolve-submit'));
  expect(await screen.findByTestId('flagged-resolve-error')).toHaveTextContent('Этот платёж уже закрыт');
});
