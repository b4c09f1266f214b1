/* Staff: the assistant conversations applicants handed to a person (issue 14 "ask a person"; decision 0071).
 * The list (unanswered first, as the server orders it) opens one conversation with a reply box; the answer is a
 * staff message in the chat and, when the applicant has an application, one of its messages. Mounted at `chats/*`
 * in both admin shells: the server scopes every call to the caller's population. */
import { useState } from 'react';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import { formatDateTime } from '../../components/dates/dates';
import { useSnackbar } from '../../components/SnackbarProvider';
import { useAdminChatQuery, useAdminChatsQuery, useReplyToChatMutation } from './adminChatsApi';

/** "Last First" of the applicant, or the fallback text when the profile has no name yet. */
export function applicantName(user, fallback) {
  const name = [user && user.last_name, user && user.first_name].filter(Boolean).join(' ').trim();
  return name || fallback;
}

function lastMessage(chat) {
  const messages = (chat && chat.messages) || [];
  return messages.length ? messages[messages.length - 1] : null;
}

function StatusChip({ chat }) {
  const { t } = useTranslation();
  return chat.staffAnsweredAt ? (
    <Chip size="small" variant="outlined" label={t('admin_chats.answered')} />
  ) : (
    // Dark text on the light warning tone: white on the main warning colour fails the contrast ratio (axe).
    <Chip size="small" label={t('admin_chats.unanswered')} sx={{ bgcolor: 'warning.light', color: 'common.black' }} />
  );
}

function ChatList() {
  const { t } = useTranslation();
  // New applicant messages make a conversation unanswered again: the list refreshes while it is open.
  const { data, isLoading, isError } = useAdminChatsQuery({}, { pollingInterval: 30000 });
  const chats = (data && data.list) || [];
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>{t('admin_chats.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{t('admin_chats.intro')}</Typography>
      {isLoading && <CircularProgress aria-label={t('admin_chats.title')} />}
      {isError && <Alert severity="error">{t('admin_chats.load_error')}</Alert>}
      {data && chats.length === 0 && <Alert severity="info">{t('admin_chats.empty')}</Alert>}
      {chats.length > 0 && (
        <Paper variant="outlined">
          <List aria-label={t('admin_chats.title')} disablePadding>
            {chats.map((chat) => {
              const last = lastMessage(chat);
              return (
                <ListItem key={chat.chatId} disablePadding divider>
                  <ListItemButton component={RouterLink} to={encodeURIComponent(chat.chatId)}>
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                          <span>{applicantName(chat.user, t('admin_chats.no_name'))}</span>
                          <Typography component="span" variant="body2" color="text.secondary">{chat.user.email}</Typography>
                          <StatusChip chat={chat} />
                        </Stack>
                      }
                      secondary={
                        <>
                          <Typography component="span" variant="body2" sx={{ display: 'block' }} noWrap>
                            {last ? `${t(`admin_chats.role.${last.role}`)}: ${last.content}` : t('admin_chats.no_messages')}
                          </Typography>
                          <Typography component="span" variant="caption" color="text.secondary">
                            {formatDateTime(last ? last.createdAt : chat.updatedAt)}
                          </Typography>
                        </>
                      }
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
    </>
  );
}

function ReplyBox({ chatId }) {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const [text, setText] = useState('');
  // The refusal is kept as a key (so it follows a language switch), a server failure as its localized text.
  const [error, setError] = useState(null);
  const [reply, { isLoading }] = useReplyToChatMutation();

  async function submit(event) {
    event.preventDefault();
    const content = text.trim();
    if (!content) {
      setError({ key: 'admin_chats.reply_required' });
      return;
    }
    setError(null);
    try {
      await reply({ chatId, content }).unwrap();
      setText('');
      showSuccess(t('admin_chats.sent'));
    } catch (failure) {
      const message = apiErrorMessage(failure, t, i18n, 'admin_chats.send_error');
      setError({ text: message });
      showError(message);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2 }}>
      <TextField
        label={t('admin_chats.reply_label')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        error={Boolean(error)}
        helperText={error ? error.text || t(error.key) : t('admin_chats.reply_hint')}
        multiline
        minRows={3}
        fullWidth
        required
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={isLoading}>{t('admin_chats.send')}</Button>
    </Box>
  );
}

function ChatDetail() {
  const { t } = useTranslation();
  const { chatId } = useParams();
  const { data: chat, isLoading, isError } = useAdminChatQuery(chatId, { pollingInterval: 30000 });
  return (
    <>
      <Button component={RouterLink} to=".." relative="path" sx={{ mb: 1 }}>{t('admin_chats.back')}</Button>
      {isLoading && <CircularProgress aria-label={t('admin_chats.conversation')} />}
      {isError && <Alert severity="error">{t('admin_chats.not_found')}</Alert>}
      {chat && (
        <>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
            <Typography component="h1" variant="h5">{applicantName(chat.user, t('admin_chats.no_name'))}</Typography>
            <StatusChip chat={chat} />
          </Stack>
          <Typography color="text.secondary">{chat.user.email}</Typography>
          {chat.handedOffAt && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: chat.handed_off ? 2 : 0 }}>
              {t('admin_chats.handed_off_at', { time: formatDateTime(chat.handedOffAt) })}
            </Typography>
          )}
          {!chat.handed_off && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="admin-chat-returned">
              {t('admin_chats.returned_to_assistant')}
            </Typography>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography component="h2" variant="h6" gutterBottom>{t('admin_chats.conversation')}</Typography>
            <List aria-label={t('admin_chats.conversation')} dense>
              {chat.messages.map((message) => (
                <ListItem key={message.id} alignItems="flex-start" sx={{ px: 0 }}>
                  <ListItemText
                    primary={`${t(`admin_chats.role.${message.role}`)} · ${formatDateTime(message.createdAt)}`}
                    primaryTypographyProps={{ variant: 'caption', color: 'text.secondary' }}
                    secondary={message.content}
                    secondaryTypographyProps={{ variant: 'body1', color: 'text.primary', sx: { whiteSpace: 'pre-wrap' } }}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
          <ReplyBox chatId={chat.chatId} />
        </>
      )}
    </>
  );
}

export default function ChatsPage() {
  return (
    <Routes>
      <Route index element={<ChatList />} />
      <Route path=":chatId" element={<ChatDetail />} />
    </Routes>
  );
}
