/* The card's view of the application's messages (issue 23; decision 0084): the newest message with its date and who
 * wrote it, and how many of the office's messages are new. The thread itself is its own page
 * (/my-applications/:id/messages, a lazy chunk); MessagesButton on the card leads there. */
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { formatDateTime } from '../../components/dates/dates';

export function threadPath(applicationId) {
  return `/my-applications/${applicationId}/messages`;
}

export default function MessagesSlot({ application }) {
  const { t } = useTranslation();
  const latest = application.latest_message;
  const unread = application.unread_messages || 0;
  if (!latest) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid={`application-messages-${application.id}`}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {t('app_messages.card_latest', { date: formatDateTime(latest.createdAt) })}
        {unread > 0 && (
          <Chip
            size="small"
            color="error"
            sx={{ ml: 1 }}
            label={t('app_messages.card_unread', { count: unread })}
            data-testid={`application-unread-${application.id}`}
          />
        )}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 0.5, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        data-testid={`application-latest-message-${application.id}`}
      >
        {latest.author_side === 'applicant' ? `${t('app_messages.from_you')}: ` : `${t('app_messages.from_staff')}: `}
        {latest.content}
      </Typography>
    </Box>
  );
}

/** "Messages" on the card: the thread, with the new messages' count said to screen readers too. */
export function MessagesButton({ application }) {
  const { t } = useTranslation();
  const unread = application.unread_messages || 0;
  return (
    <Button component={RouterLink} to={threadPath(application.id)} variant="outlined" data-testid={`open-messages-${application.id}`}>
      {t('app_messages.open')}
      {unread > 0 && (
        <>
          <Box component="span" aria-hidden="true" sx={{ ml: 1, px: 0.75, borderRadius: 10, bgcolor: 'error.main', color: 'error.contrastText', fontSize: 12, fontWeight: 700 }}>
            {unread}
          </Box>
          <Box component="span" sx={visuallyHidden}>{`, ${t('app_messages.unread_count', { count: unread })}`}</Box>
        </>
      )}
    </Button>
  );
}
