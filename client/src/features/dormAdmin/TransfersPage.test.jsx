import { fireEvent, screen, waitFor } from '@testing-library/react';
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
