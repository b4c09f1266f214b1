/* The open chat of a signed-in visitor: the title (and whether a person has taken over), the transcript, the
 * hand-off and new-chat buttons, and the composer. The conversation itself is useChatConversation's. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import useChatConversation from './useChatConversation';
import ChatTranscript from './ChatTranscript';
import ChatHandOff from './ChatHandOff';
import ChatComposer from './ChatComposer';

export default function ChatWindow({ onClose, titleId }) {
  const { t } = useTranslation();
  const { chatId, messages, handedOff, startFailed, replyError, busy, begin, send, askPerson } = useChatConversation();

  useEffect(() => {
    begin();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per opening

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
      <ChatTranscript
        messages={messages}
        busy={busy}
        startFailed={startFailed}
        replyError={replyError}
        onRetry={() => begin()}
      />
      <Box sx={{ px: 2, pt: 1, pb: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <ChatHandOff
          chatId={chatId}
          busy={busy}
          handedOff={handedOff}
          onAskPerson={askPerson}
          onNewChat={() => begin({ fresh: true })}
        />
        <ChatComposer chatId={chatId} busy={busy} onSend={send} />
      </Box>
    </>
  );
}
