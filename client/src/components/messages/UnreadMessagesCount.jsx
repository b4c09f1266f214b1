/* The unread staff messages next to "My applications" in the header and the phone menu (issue 23; decision 0084):
 * a red count that screen readers hear as "N unread messages". Nothing at all without unread messages. One small
 * request, repeated every minute while the window has the focus; opening or answering a thread refreshes it. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { UNREAD_MESSAGES_POLL_MS, useGetUnreadMessagesQuery } from '../../api/messagesApi';
import { useAfterFirstScreen } from '../../api/firstScreen';

const PILL = {
  ml: 1,
  minWidth: 20,
  height: 20,
  px: 0.75,
  borderRadius: 10,
  bgcolor: 'error.main',
  color: 'error.contrastText',
  fontSize: 12,
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
  display: 'inline-block',
};

export default function UnreadMessagesCount({ testId = 'unread-messages' }) {
  const { t } = useTranslation();
  // Nothing on the page's first screen is drawn from the count: it is asked for once that screen is (issue 27).
  const { data: unread = 0 } = useGetUnreadMessagesQuery(undefined, {
    skip: !useAfterFirstScreen(),
    pollingInterval: UNREAD_MESSAGES_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  if (!unread) return null;
  return (
    <>
      <Box component="span" aria-hidden="true" sx={PILL} data-testid={testId}>
        {unread > 99 ? '99+' : unread}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {`, ${t('app_messages.unread_count', { count: unread })}`}
      </Box>
    </>
  );
}
