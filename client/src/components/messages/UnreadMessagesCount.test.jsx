import { act, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { firstScreenPageShown } from '../../api/firstScreen';
import { makeStore, mockFetch, renderWithProviders } from '../../testUtils';
import UnreadMessagesCount from './UnreadMessagesCount';

// As in the app: a page is on screen with its own reads answered, so the count is asked for (api/firstScreen.js).
function renderOnShownPage(ui) {
  const store = makeStore();
  firstScreenPageShown(store);
  return renderWithProviders(ui, { store });
}

const applicant = { id: 5, email: 'ainur@example.com', token: 'tk', is_verified: true, roles: [] };

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  setUser(applicant);
});

test('shows the unread count, said in words to screen readers', async () => {
  mockFetch((url) => (url.includes('/users/messages/unread') ? { body: { success: true, unread: 3 } } : { status: 404, body: {} }));
  renderOnShownPage(
    <button type="button">
      Мои заявки
      <UnreadMessagesCount testId="badge" />
    </button>,
  );
  expect(await screen.findByTestId('badge')).toHaveTextContent('3');
  expect(screen.getByRole('button')).toHaveAccessibleName('Мои заявки , непрочитанных сообщений: 3');
});

test('nothing at all without unread messages', async () => {
  const fetchMock = mockFetch(() => ({ body: { success: true, unread: 0 } }));
  renderOnShownPage(<UnreadMessagesCount testId="badge" />);
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(screen.queryByTestId('badge')).not.toBeInTheDocument();
});
