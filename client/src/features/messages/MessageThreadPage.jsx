/* /my-applications/:applicationId/messages (issue 23; decision 0084): the thread of one application between the
 * admissions office and the applicant, newest first and paged on the server, with a reply box above it. Opening the
 * page marks the office's messages read (the header badge and the card refresh through their tags); the ones that
 * were new when the page opened keep a "New" mark until the applicant leaves. */
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { formatDateTime } from '../../components/dates/dates';
import { apiErrorMessage } from '../../components/apiError';
import { useSnackbar } from '../../components/SnackbarProvider';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
// TextInput, not MUI's TextField: the latter brings Select, Menu, Popover and Modal for its `select` mode (~15 KB
// brotli on this page's first screen, decision 0070 issue 27).
import TextInput from '../../components/TextInput';
import {
  MAX_MESSAGE_LENGTH,
  useGetMessageThreadQuery,
  useMarkMessagesReadMutation,
  useReplyToMessagesMutation,
} from '../../api/messagesApi';

/** One message: who wrote it, when, the text; the applicant's own ones say whether the office has read them. */
export function ThreadMessage({ message, isNew }) {
  const { t } = useTranslation();
  const mine = message.author_side === 'applicant';
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid={`thread-message-${message.id}`}
      data-side={message.author_side}
      sx={{
        p: 1.5,
        listStyle: 'none',
        bgcolor: mine ? 'action.hover' : 'background.paper',
        borderLeft: 4,
        borderLeftColor: mine ? 'divider' : 'primary.main',
        overflowWrap: 'anywhere',
      }}
    >
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 0.5 }}>
        <Typography component="span" variant="subtitle2">
          {mine ? t('app_messages.from_you') : t('app_messages.from_staff')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(message.createdAt)}
        </Typography>
        {isNew && <Chip size="small" color="primary" label={t('app_messages.new')} data-testid="thread-message-new" />}
        {mine && (
          <Typography variant="caption" color="text.secondary">
            {message.readAt ? t('app_messages.read') : t('app_messages.not_read')}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {message.content}
      </Typography>
    </Paper>
  );
}

/** One server page of the thread; `onLoaded` gets each answer (the page reads the unread ids from the first). */
function ThreadPage({ applicationId, page, newIds, onLoaded }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetMessageThreadQuery({ applicationId, page });
  useEffect(() => {
    if (data) onLoaded(page, data);
  }, [data, page, onLoaded]);
  if (isLoading) {
    return (
      <Box component="li" sx={{ listStyle: 'none' }}>
        <CircularProgress size={24} aria-label={t('app_messages.loading')} sx={{ m: 1 }} />
      </Box>
    );
  }
  if (isError || !data) return null;
  return data.list.map((message) => <ThreadMessage key={message.id} message={message} isNew={newIds.has(message.id)} />);
}

function ReplyBox({ applicationId, inputRef }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [content, setContent] = useState('');
  const [reply, { isLoading }] = useReplyToMessagesMutation();
  const submit = async (event) => {
    event.preventDefault();
    try {
      const answer = await reply({ applicationId, content: content.trim() }).unwrap();
      setContent('');
      showSuccess(answer.message);
      // The Send button is disabled once the box is empty: the focus stays where the next message is typed.
      if (inputRef.current) inputRef.current.focus();
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mb: 3 }}>
      <TextInput
        id="thread-reply"
        fullWidth
        multiline
        minRows={3}
        label={t('app_messages.reply_label')}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        inputRef={inputRef}
        helperText={t('app_messages.counter', { count: content.length, max: MAX_MESSAGE_LENGTH })}
        inputProps={{ maxLength: MAX_MESSAGE_LENGTH, 'data-testid': 'thread-reply-input' }}
      />
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 1 }}
        disabled={!content.trim() || isLoading}
        data-testid="thread-reply-send"
      >
        {t('app_messages.send')}
      </Button>
    </Box>
  );
}

export default function MessageThreadPage() {
  const { t, i18n } = useTranslation();
  const { applicationId: raw } = useParams();
  const applicationId = Number(raw);
  const valid = Number.isInteger(applicationId) && applicationId > 0;
  const [pages, setPages] = useState(1);
  const [first, setFirst] = useState(null);
  // The office's messages that were unread when the page opened: marked "New" while it stays open.
  const [newIds, setNewIds] = useState(() => new Set());
  const [markRead] = useMarkMessagesReadMutation();
  const marked = useRef(false);
  const inputRef = useRef(null);
  const { isError, error } = useGetMessageThreadQuery({ applicationId, page: 1 }, { skip: !valid });

  const onLoaded = useRef((page, data) => {
    if (page !== 1) return;
    setFirst(data);
    if (!marked.current) {
      marked.current = true;
      const unread = data.list.filter((m) => m.author_side === 'staff' && !m.readAt).map((m) => m.id);
      setNewIds(new Set(unread));
      if (data.unread > 0) markRead(data.application_id);
    }
  }).current;

  // The programme's name comes as {ru, kk, en} (Russian stands in for an empty one on the server).
  const lang = (i18n.resolvedLanguage || i18n.language || 'ru').slice(0, 2);
  const names = (first && first.study_program) || {};
  const program = names[lang] || names.ru || '';
  useDocumentTitle(t('app_messages.title'), program);
  const notFound = !valid || (isError && error && error.status === 404);
  const shown = first ? Math.min(first.total, pages * first.size) : 0;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Button component={RouterLink} to="/my-applications" startIcon={<ArrowBackIcon aria-hidden="true" />} sx={{ mb: 1 }} data-testid="thread-back">
        {t('app_messages.back')}
      </Button>
      <Typography component="h1" variant="h1" sx={{ mb: 0.5 }}>
        {t('app_messages.title')}
      </Typography>
      {program && (
        <Typography component="p" variant="subtitle1" color="text.secondary" sx={{ mb: 2 }} data-testid="thread-program">
          {program}
        </Typography>
      )}
      {notFound ? (
        <Alert severity="error" data-testid="thread-not-found">
          {t('app_messages.not_found')}
        </Alert>
      ) : isError ? (
        <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>
      ) : (
        <>
          <ReplyBox applicationId={applicationId} inputRef={inputRef} />
          {first && first.total === 0 && (
            <Alert severity="info" data-testid="thread-empty">
              {t('app_messages.empty')}
            </Alert>
          )}
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('app_messages.thread_heading')}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('app_messages.list_label')} data-testid="thread-list">
            {Array.from({ length: pages }, (_, index) => (
              <ThreadPage key={index} applicationId={applicationId} page={index + 1} newIds={newIds} onLoaded={onLoaded} />
            ))}
          </Stack>
          {first && shown < first.total && (
            <Button sx={{ mt: 2 }} onClick={() => setPages((n) => n + 1)} data-testid="thread-load-more">
              {t('app_messages.load_more')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
