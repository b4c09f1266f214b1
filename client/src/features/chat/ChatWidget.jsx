/* The home-page assistant (spec §1, §7 Chat, §8, §9; issue 14): a floating button on / opening a 400×600 window
 * (full screen on a phone) with the conversation, a typing indicator, sources under each answer, recommended programs
 * with an apply button, "Ask a person", and a text area capped at 80 px. Keyboard: the button and every control are
 * reachable with Tab, Enter sends (Shift+Enter adds a line), Escape closes and gives focus back to the button. */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/Chat';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { selectToken } from '../../session/sessionSlice';
import {
  useHandOffChatMutation,
  useLazyGetChatQuery,
  useLazyListChatsQuery,
  useSendChatMessageMutation,
  useStartChatMutation,
} from './chatApi';

export const MAX_MESSAGE_LENGTH = 1000; // the server's default CHAT_MAX_MESSAGE_LENGTH; it answers 400 beyond it
const WINDOW = { width: 400, height: 600 }; // spec §9
const TEXTAREA_MAX_PX = 80; // spec §9

/** A 400 or 429 carries the server's localized reason; anything else shows the §8 text. */
function replyErrorText(error, t) {
  const data = error && error.data;
  if (error && (error.status === 400 || error.status === 429) && data && typeof data.message === 'string') {
    return data.message;
  }
  return t('chat.reply_error');
}

function fromServer(message) {
  return {
    id: `s${message.id}`,
    role: message.role,
    content: message.content,
    sources: message.sources || [],
    recommendations: message.recommendations || [],
  };
}

function Message({ message }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  const who = { user: t('chat.you'), assistant: t('chat.assistant'), staff: t('chat.staff') }[message.role];
  return (
    <Box
      component="li"
      data-testid={`chat-message-${message.role}`}
      sx={{ listStyle: 'none', alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '88%' }}
    >
      <Typography variant="caption" color="text.secondary" component="div">
        {who}
      </Typography>
      <Paper
        variant="outlined"
        sx={{
          p: 1.25,
          bgcolor: mine ? 'primary.main' : message.role === 'staff' ? 'success.light' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography variant="body2">{message.content}</Typography>
        {message.recommendations.length > 0 && (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, mt: 1 }} data-testid="chat-recommendations">
            {message.recommendations.map((item) => (
              <Box component="li" key={item.code} sx={{ listStyle: 'none' }}>
                <Typography variant="subtitle2" component="div">
                  {item.name}
                </Typography>
                <Typography variant="body2">{item.reason}</Typography>
                {item.unt_subjects.length > 0 && (
                  <Typography variant="body2">{`${t('chat.unt_subjects')}: ${item.unt_subjects.join(', ')}`}</Typography>
                )}
                <Button
                  component={RouterLink}
                  to={item.apply_url}
                  size="small"
                  variant="contained"
                  sx={{ mt: 0.5 }}
                  data-testid={`chat-apply-${item.code}`}
                  aria-label={`${t('chat.apply')}: ${item.name}`}
                >
                  {t('chat.apply')}
                </Button>
              </Box>
            ))}
          </Stack>
        )}
        {message.sources.length > 0 && (
          <Typography variant="caption" component="div" sx={{ mt: 1 }} data-testid="chat-sources">
            {`${t('chat.sources')}: ${message.sources.map((s) => s.title).join('; ')}`}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}

function ChatWindow({ onClose, titleId }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage || i18n.language || 'ru';
  const [startChat] = useStartChatMutation();
  const [sendMessage] = useSendChatMessageMutation();
  const [handOff] = useHandOffChatMutation();
  const [listChats] = useLazyListChatsQuery();
  const [getChat] = useLazyGetChatQuery();
  const [chatId, setChatId] = useState(null);
  const [messages, setMessages] = useState([]);
  const [handedOff, setHandedOff] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  const [replyError, setReplyError] = useState('');
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const inputRef = useRef(null);
  const endRef = useRef(null);

  const begin = useCallback(
    async ({ fresh = false } = {}) => {
      setStartFailed(false);
      setReplyError('');
      setBusy(true);
      try {
        const own = fresh ? null : await listChats().unwrap();
        if (own && own.list && own.list.length > 0) {
          const chat = await getChat(own.list[0].chatId).unwrap();
          setChatId(chat.chatId);
          setHandedOff(Boolean(chat.handed_off));
          setMessages(chat.messages.map(fromServer));
        } else {
          const started = await startChat({ language }).unwrap();
          setChatId(started.chatId);
          setHandedOff(false);
          setMessages([{ id: 'welcome', role: 'assistant', content: started.welcome, sources: [], recommendations: [] }]);
        }
      } catch {
        setStartFailed(true);
      } finally {
        setBusy(false);
      }
    },
    [getChat, language, listChats, startChat],
  );

  useEffect(() => {
    begin();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per opening

  useEffect(() => {
    if (endRef.current && endRef.current.scrollIntoView) endRef.current.scrollIntoView({ block: 'end' });
  }, [messages, busy]);

  useEffect(() => {
    if (!busy && inputRef.current) inputRef.current.focus();
  }, [busy, chatId]);

  const tooLong = text.length > MAX_MESSAGE_LENGTH;

  const send = async () => {
    const message = text.trim();
    if (!message || busy || !chatId || tooLong) return;
    setReplyError('');
    setText('');
    setMessages((list) => [...list, { id: `u${Date.now()}`, role: 'user', content: message, sources: [], recommendations: [] }]);
    setBusy(true);
    try {
      const answer = await sendMessage({ chatId, message, language }).unwrap();
      setHandedOff(Boolean(answer.handed_off));
      setMessages((list) => [
        ...list,
        {
          id: `a${Date.now()}`,
          role: 'assistant',
          content: answer.reply,
          sources: answer.sources || [],
          recommendations: answer.recommendations || [],
        },
      ]);
    } catch (error) {
      setReplyError(replyErrorText(error, t));
      setText(message); // nothing typed is lost
    } finally {
      setBusy(false);
    }
  };

  const askPerson = async () => {
    if (busy || !chatId) return;
    setReplyError('');
    setBusy(true);
    try {
      const answer = await handOff({ chatId, language }).unwrap();
      setHandedOff(true);
      setMessages((list) => [
        ...list,
        { id: `h${Date.now()}`, role: 'assistant', content: answer.reply, sources: [], recommendations: [] },
      ]);
    } catch (error) {
      setReplyError(replyErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('chat.title')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {handedOff ? t('chat.handed_off') : t('chat.subtitle')}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={t('chat.close')} data-testid="chat-close">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', px: 2, py: 1.5 }} role="log" aria-live="polite" aria-label={t('chat.title')}>
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </Stack>
        {busy && !startFailed && (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="chat-typing">
            {t('chat.typing')}
          </Typography>
        )}
        {startFailed && (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            data-testid="chat-start-error"
            action={
              <Button color="inherit" size="small" onClick={() => begin()}>
                {t('chat.retry')}
              </Button>
            }
          >
            {t('chat.start_error')}
          </Alert>
        )}
        {replyError && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="chat-reply-error">
            {replyError}
          </Alert>
        )}
        <div ref={endRef} />
      </Box>
      <Box sx={{ px: 2, pt: 1, pb: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Button
            size="small"
            variant="outlined"
            onClick={askPerson}
            disabled={busy || !chatId || handedOff}
            data-testid="chat-ask-person"
          >
            {t('chat.ask_person')}
          </Button>
          <Button size="small" onClick={() => begin({ fresh: true })} disabled={busy} data-testid="chat-new">
            {t('chat.new_chat')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} alignItems="flex-end">
          <TextField
            inputRef={inputRef}
            label={t('chat.input_label')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            multiline
            minRows={1}
            fullWidth
            size="small"
            error={tooLong}
            helperText={tooLong ? t('chat.too_long', { max: MAX_MESSAGE_LENGTH }) : t('chat.input_hint')}
            disabled={!chatId}
            slotProps={{ htmlInput: { 'data-testid': 'chat-input', maxLength: MAX_MESSAGE_LENGTH + 1 } }}
            sx={{ '& textarea': { maxHeight: TEXTAREA_MAX_PX, overflowY: 'auto !important' } }}
          />
          <IconButton
            color="primary"
            onClick={send}
            disabled={busy || !chatId || !text.trim() || tooLong}
            aria-label={t('chat.send')}
            data-testid="chat-send"
            sx={{ mb: 3 }}
          >
            <SendIcon />
          </IconButton>
        </Stack>
      </Box>
    </>
  );
}

export default function ChatWidget() {
  const { t } = useTranslation();
  const token = useSelector(selectToken);
  const [open, setOpen] = useState(false);
  const fabRef = useRef(null);
  const titleId = useId();

  const close = () => {
    setOpen(false);
    setTimeout(() => fabRef.current && fabRef.current.focus(), 0);
  };

  return (
    <>
      {!open && (
        <Fab
          ref={fabRef}
          color="primary"
          aria-label={t('chat.open')}
          onClick={() => setOpen(true)}
          data-testid="chat-open"
          sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (theme) => theme.zIndex.speedDial }}
        >
          <ChatIcon />
        </Fab>
      )}
      {open && (
        <Paper
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          elevation={8}
          data-testid="chat-window"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
          sx={{
            position: 'fixed',
            zIndex: (theme) => theme.zIndex.modal,
            display: 'flex',
            flexDirection: 'column',
            overflow: 'hidden',
            inset: { xs: 0, sm: 'auto' },
            right: { sm: 24 },
            bottom: { sm: 24 },
            width: { xs: '100%', sm: WINDOW.width },
            height: { xs: '100%', sm: WINDOW.height },
            maxHeight: { sm: 'calc(100vh - 48px)' },
            borderRadius: { xs: 0, sm: 2 },
          }}
        >
          {token ? (
            <ChatWindow onClose={close} titleId={titleId} />
          ) : (
            <Stack spacing={2} sx={{ p: 2 }}>
              <Stack direction="row" alignItems="center">
                <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                  {t('chat.title')}
                </Typography>
                <IconButton onClick={close} aria-label={t('chat.close')} data-testid="chat-close">
                  <CloseIcon />
                </IconButton>
              </Stack>
              <Typography>{t('chat.sign_in')}</Typography>
              <Link component={RouterLink} to="/auth" data-testid="chat-sign-in">
                {t('chat.sign_in_link')}
              </Link>
            </Stack>
          )}
        </Paper>
      )}
    </>
  );
}
