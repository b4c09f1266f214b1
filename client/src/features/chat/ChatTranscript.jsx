/* The conversation as a live log: the messages, the typing indicator while a reply is awaited, a failed start with
 * its retry and a failed reply. Kept scrolled to the newest line; reachable by keyboard to scroll it. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatMessage from './ChatMessage';

export default function ChatTranscript({ messages, busy, startFailed, replyError, onRetry }) {
  const { t } = useTranslation();
  const endRef = useRef(null);

  useEffect(() => {
    if (endRef.current && endRef.current.scrollIntoView) endRef.current.scrollIntoView({ block: 'end' });
  }, [messages, busy]);

  return (
    // Focusable (tabIndex 0): a long thread with no link or button in it scrolls, and the keyboard must reach it (axe
    // scrollable-region-focusable; e.g. a hand-off, where the staff answers are plain text).
    <Box
      sx={{ flexGrow: 1, overflowY: 'auto', px: 2, py: 1.5 }}
      role="log"
      aria-live="polite"
      aria-label={t('chat.title')}
      tabIndex={0}
      data-testid="chat-transcript"
    >
      <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {messages.map((message) => (
          <ChatMessage key={message.id} message={message} />
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
            <Button color="inherit" size="small" onClick={onRetry}>
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
  );
}
