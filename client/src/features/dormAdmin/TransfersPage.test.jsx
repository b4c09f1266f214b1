import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import TransfersPage from './TransfersPage';

const ITEM = {
  id: 4,
  kind: 'move',
  status: 'pending',
  user_id: 2,
  user_name: 'Иванов Иван',
  user_email: 'i@example.com',
  booking_id: 9,
  booking: { id: 9, status: 'confirmed', hall: { id: 1, name: 'Общежитие №1' }, room_type: { id: 1, name: 'Двухместная' }, room: { id: 3, name: '101' } },
  target_hall: { id: 2, name: 'Общежитие №2' },
  target_room_type: { id: 5, name: 'Одноместная' },
  created_at: '2030-01-01T10:00:00Z',
};

test('pending requests can be approved, or rejected only with a reason', async () => {
  const posts = [];
  const gets = [];
  mockFetch(async (url, request) => {
    if (request.method === 'GET') {
      gets.push(url);
      return { body: { success: true, list: url.includes('type=pending') ? [ITEM] : [], total: 1 } };
    }
    posts.push(await request.json());
    return { body: { success: true, item: { ...ITEM, status: 'approved' } } };
  });
  renderWithProviders(<TransfersPage />);
  expect(await screen.findByTestId('admin-transfer-4')).toHaveTextContent('Хочет: Общежитие №2, Одноместная');
  fireEvent.click(screen.getByTestId('reject-4'));
  expect(screen.getByTestId('reject-confirm')).toBeDisabled();
  fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Нет мест' } });
  fireEvent.click(screen.getByTestId('reject-confirm'));
  await waitFor(() => expect(posts).toEqual([{ id: 4, action: 'reject', reason: 'Нет мест' }]));
  fireEvent.click(screen.getByTestId('approve-4'));
  await waitFor(() => expect(posts[1]).toEqual({ id: 4, action: 'approve' }));
  fireEvent.click(screen.getByTestId('transfers-tab-approved'));
  await waitFor(() => expect(gets.some((u) => u.includes('type=approved'))).toBe(true));
});

test('a swap request says whether the e-mail was a resident\'s (only staff are told)', async () => {
  const swap = { ...ITEM, kind: 'swap', target_hall: null, target_room_type: null, swap_accepted_at: null };
  const list = [
    { ...swap, id: 5, swap_user_id: 7, swap_user_email: 'resident@example.com' },
    { ...swap, id: 6, swap_user_id: null, swap_user_email: 'nobody@example.com' },
  ];
  mockFetch(async () => ({ body: { success: true, list, total: 2 } }));
  renderWithProviders(<TransfersPage />);
  expect(await screen.findByTestId('admin-transfer-5')).toHaveTextContent('Обмен с resident@example.com (ждём согласия)');
  expect(screen.getByTestId('admin-transfer-6')).toHaveTextContent('Обмен с nobody@example.com (жилец с таким e-mail не найден)');
});

test('a request decided leaves the list: the focus goes to the page heading, not to the page (decision 0077)', async () => {
  let decided = false;
  mockFetch(async (url, request) => {
    if (request.method === 'GET') return { body: { success: true, list: decided ? [] : [ITEM], total: decided ? 0 : 1 } };
    decided = true;
    return { body: { success: true, item: { ...ITEM, status: 'rejected' } } };
  });
  renderWithProviders(<TransfersPage />);
  const reject = await screen.findByTestId('reject-4');
  reject.focus();
  fireEvent.click(reject);
  fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Нет мест' } });
  fireEvent.click(screen.getByTestId('reject-confirm'));
  await waitFor(() => expect(screen.queryByTestId('admin-transfer-4')).toBeNull());
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
});

test('staff see people by name, names in their language, the difference awaited and the refund due (en)', async () => {
  await i18n.changeLanguage('en');
  const awaiting = {
    ...ITEM,
    status: 'awaiting_payment',
    price_difference: 30000,
    target_hall: { id: 2, name: 'Общежитие №2', name_en: 'Hall Two' },
    target_room_type: { id: 5, name: 'Одноместная', name_en: 'Single' },
  };
  const cheaper = { ...ITEM, id: 8, status: 'approved', price_difference: -20000, refund: { id: 1, amount: 20000, status: 'due' } };
  const gets = [];
  const posts = [];
  mockFetch(async (url, request) => {
    if (request.method === 'POST') {
      posts.push(await request.json());
      return { body: { success: true, item: { id: 1, amount: 20000, status: 'refunded' } } };
    }
    gets.push(url);
    if (url.includes('type=awaiting_payment')) return { body: { success: true, list: [awaiting], total: 1 } };
    if (url.includes('type=approved')) return { body: { success: true, list: [cheaper], total: 1 } };
    return { body: { success: true, list: [], total: 0 } };
  });
  renderWithProviders(<TransfersPage />);
  fireEvent.click(await screen.findByTestId('transfers-tab-awaiting_payment'));
  expect(await screen.findByTestId('admin-transfer-4')).toHaveTextContent('Wants: Hall Two, Single');
  expect(screen.getByTestId('admin-transfer-4')).toHaveTextContent('Иванов Иван');
  expect(screen.getByTestId('admin-transfer-4')).not.toHaveTextContent('i@example.com');
  expect(screen.getByTestId('admin-transfer-difference-4')).toHaveTextContent('waiting for 30,000 ₸');
  fireEvent.click(screen.getByTestId('transfers-tab-approved'));
  expect(await screen.findByTestId('admin-transfer-refund-8')).toHaveTextContent('To refund to the resident: 20,000 ₸');
  fireEvent.click(screen.getByTestId('settle-refund-8'));
  await waitFor(() => expect(posts).toEqual([{ id: 1 }]));
  await i18n.changeLanguage('ru');
});
