/* The message thread between staff and the applicant (decision 0084): both sides in order, each with who wrote it
 * and when; the applicant's replies that were unread when the panel opened are marked "New reply" (opening the panel
 * marks them read: the queue row and the menu badge lose them), staff messages say whether the applicant has read
 * them. A new message (POST /admin/send-application-message, 5000 characters at most) answers the thread. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { formatDateTime } from '../../components/dates/dates';
import { useMarkApplicationMessagesReadMutation, useSendApplicationMessageMutation } from './adminApi';
import { studentName } from './applicationLabels';

const unreadReplies = (item) =>
  (item.application_messages || []).filter((m) => m.author_side === 'applicant' && !m.readAt).map((m) => m.id);

function who(t, m) {
  if (m.author_side === 'applicant') return t('app_messages.staff_from_applicant');
  const email = m.author && m.author.email;
  return email ? `${t('app_messages.staff_from_staff')} · ${email}` : t('app_messages.staff_from_staff');
}

/** `afterSend()`: the panel moves the focus to the messages' heading (the Send button is disabled once the box is
 * empty, so the focus would fall to the page; decision 0077). */
export default function PanelMessages({ item, afterSend = () => {} }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [content, setContent] = useState('');
  const [send, { isLoading }] = useSendApplicationMessageMutation();
  const [markRead] = useMarkApplicationMessagesReadMutation();
  // The replies that were new when this application's panel opened (kept while it stays open).
  const [newIds, setNewIds] = useState(() => new Set(unreadReplies(item)));
  const markedFor = useRef(null);
  useEffect(() => {
    if (markedFor.current === item.id) return;
    markedFor.current = item.id;
    const unread = unreadReplies(item);
    setNewIds(new Set(unread));
    if (unread.length) markRead(item.id);
  }, [item, markRead]);

  const submit = async (e) => {
    e.preventDefault();
    try {
      await send({ user_id: item.user.id, application_id: item.id, content: content.trim() }).unwrap();
      showSuccess(t('admin.announce.message_sent', { id: item.id, name: studentName(item.user) }));
      setContent('');
      afterSend();
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
    }
  };
  return (
    <Box>
      {newIds.size > 0 && (
        <Chip color="error" size="small" sx={{ mb: 1 }} label={t('app_messages.staff_new_count', { count: newIds.size })} data-testid="panel-messages-unread" />
      )}
      <List dense data-testid="panel-messages">
        {(item.application_messages || []).map((m) => {
          const fromApplicant = m.author_side === 'applicant';
          let state = null;
          if (fromApplicant && newIds.has(m.id)) state = t('app_messages.staff_new');
          else if (!fromApplicant) state = m.readAt ? t('app_messages.staff_read_by_applicant') : t('app_messages.staff_not_read_by_applicant');
          return (
            <ListItem
              key={m.id}
              alignItems="flex-start"
              data-testid={`panel-message-${m.id}`}
              data-side={m.author_side || 'staff'}
              sx={{ borderLeft: 4, borderColor: fromApplicant ? 'primary.main' : 'divider', mb: 1, bgcolor: fromApplicant ? 'action.hover' : 'transparent' }}
            >
              <ListItemText
                primary={m.content}
                secondary={[who(t, m), formatDateTime(m.createdAt), state].filter(Boolean).join(' · ')}
                primaryTypographyProps={{ sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }}
              />
            </ListItem>
          );
        })}
      </List>
      <Box component="form" onSubmit={submit} noValidate>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('admin.panel.new_message')}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          inputProps={{ maxLength: 5000, 'data-testid': 'message-input' }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={!content.trim() || isLoading} data-testid="message-send">
          {t('admin.panel.send')}
        </Button>
      </Box>
    </Box>
  );
}
