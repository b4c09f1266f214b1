/* The message thread between staff and the applicant (POST /admin/send-application-message): earlier messages with their
 * author and time, and a new message (5000 characters at most). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { formatDateTime } from '../../components/dates/dates';
import { useSendApplicationMessageMutation } from './adminApi';
import { studentName } from './applicationLabels';

/** `afterSend()`: the panel moves the focus to the messages' heading (the Send button is disabled once the box is
 * empty, so the focus would fall to the page; decision 0077). */
export default function PanelMessages({ item, afterSend = () => {} }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [content, setContent] = useState('');
  const [send, { isLoading }] = useSendApplicationMessageMutation();
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
      <List dense data-testid="panel-messages">
        {(item.application_messages || []).map((m) => (
          <ListItem key={m.id} alignItems="flex-start">
            <ListItemText
              primary={m.content}
              secondary={`${formatDateTime(m.createdAt)}${m.author && m.author.email ? ` · ${m.author.email}` : ''}`}
              primaryTypographyProps={{ sx: { whiteSpace: 'pre-wrap' } }}
            />
          </ListItem>
        ))}
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
