import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../testUtils';
import BoardPage from './BoardPage';

const ROOM = {
  id: 11,
  name: '101',
  room_type: { id: 5, name: 'Двухместная' },
  capacity: 3,
  gender: 'male',
  occupied: 1,
  held: 1,
  reserved: 1,
  free: 0,
  residents: [{ booking_id: 70, name: 'Иванов Иван', status: 'confirmed', suborganization_id: null, hold_expires_at: null }],
};
const BOARD = {
  success: true,
  totals: { rooms: 1, occupied: 1, held: 1, reserved: 1, free: 0 },
  list: [{ id: 1, name: 'Общежитие №1', buildings: [{ id: 2, name: 'А', floors: [{ id: 3, name: '1', sections: [{ id: 4, name: 'С1', rooms: [ROOM] }] }] }] }],
};

test('the board shows beds per room and cancels a booking with a reason', async () => {
  const posts = [];
  mockFetch(async (url, request) => {
    if (request.method === 'GET') return { body: BOARD };
    posts.push(await request.json());
    return { body: { success: true, item: {} } };
  });
  renderWithProviders(<BoardPage />);
  expect(await screen.findByTestId('board-counts-11')).toHaveTextContent('Занято 1 · бронь 1 · резерв 1 · свободно 0');
  expect(screen.getByTestId('board-room-11')).toHaveTextContent('Иванов Иван — Оплачено');
  fireEvent.click(screen.getByText('Иванов Иван — Оплачено'));
  const cancel = await screen.findByRole('button', { name: 'Отменить бронь' });
  expect(cancel).toBeDisabled();
  fireEvent.change(screen.getByLabelText('Причина'), { target: { value: 'выселен' } });
  fireEvent.click(cancel);
  await waitFor(() => expect(posts).toEqual([{ booking_id: 70, action: 'cancel', reason: 'выселен' }]));
});
