import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { renderWithProviders } from '../../testUtils';
import MessagesSlot, { MessagesButton } from './MessagesSlot';

const application = {
  id: 9,
  unread_messages: 2,
  latest_message: { id: 3, content: 'Загрузите скан паспорта', author_side: 'staff', createdAt: '2026-11-27T04:00:00+00:00', readAt: null },
};

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
});

test('the card shows the newest message, who wrote it and the new ones; the button opens the thread', async () => {
  renderWithProviders(
    <>
      <MessagesSlot application={application} />
      <MessagesButton application={application} />
    </>,
  );
  expect(screen.getByTestId('application-latest-message-9')).toHaveTextContent('Приёмная комиссия: Загрузите скан паспорта');
  expect(screen.getByTestId('application-unread-9')).toHaveTextContent('Новых сообщений: 2');
  const button = screen.getByTestId('open-messages-9');
  // The count is heard as words, not as a bare number.
  expect(button).toHaveAccessibleName('Сообщения , непрочитанных сообщений: 2');
  await userEvent.click(button);
  expect(screen.getByTestId('location')).toHaveTextContent('/my-applications/9/messages');
});

test('an own reply is shown as "You"; no thread, no summary; nothing new, no count', async () => {
  await act(() => i18n.changeLanguage('en'));
  const mine = { id: 4, unread_messages: 0, latest_message: { id: 5, content: 'Thanks', author_side: 'applicant', createdAt: '2026-11-27T04:00:00+00:00' } };
  renderWithProviders(
    <>
      <MessagesSlot application={mine} />
      <MessagesSlot application={{ id: 6, unread_messages: 0, latest_message: null }} />
      <MessagesButton application={mine} />
    </>,
  );
  expect(screen.getByTestId('application-latest-message-4')).toHaveTextContent('You: Thanks');
  expect(screen.queryByTestId('application-unread-4')).not.toBeInTheDocument();
  expect(screen.queryByTestId('application-messages-6')).not.toBeInTheDocument();
  expect(screen.getByTestId('open-messages-4')).toHaveAccessibleName('Messages');
});
