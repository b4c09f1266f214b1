import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n';
import { mockFetch, renderWithProviders } from '../../testUtils';
import RoomTypeMedia from './RoomTypeMedia';

const PHOTO = { id: 3, file_name: 'room.jpg', url: '/api/v1/admin/room-type-media/3' };

beforeAll(() => {
  global.URL.createObjectURL = jest.fn(() => 'blob:photo');
  global.URL.revokeObjectURL = jest.fn();
});
afterEach(() => i18n.changeLanguage('ru'));

function server(posts) {
  return mockFetch(async (url, request) => {
    if (request.method === 'POST') {
      posts.push([url, await request.json()]);
      return { body: { success: true } };
    }
    if (url.includes('/admin/room-type-media?')) return { body: { success: true, list: [PHOTO], total: 1 } };
    return { body: {} };
  });
}

test('deleting a photo asks first; cancel keeps it, confirm deletes it (en)', async () => {
  await i18n.changeLanguage('en');
  const posts = [];
  server(posts);
  renderWithProviders(<RoomTypeMedia row={{ id: 5, name: 'Double' }} />);
  fireEvent.click(await screen.findByTestId('room-type-media-delete-3'));
  expect(await screen.findByTestId('room-type-media-confirm')).toHaveTextContent('The photo “room.jpg” will be removed');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByTestId('room-type-media-confirm')).toBeNull());
  expect(posts).toEqual([]);
  fireEvent.click(screen.getByTestId('room-type-media-delete-3'));
  fireEvent.click(await screen.findByTestId('room-type-media-confirm-confirm'));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0][0]).toMatch(/\/admin\/delete-room-type-media$/);
  expect(posts[0][1]).toEqual({ id: 3 });
});
