/* The open chat of a signed-in visitor: the title (and whether a person has taken over), the transcript, the
 * hand-off (ask a person with one's own question / back to the assistant) and new-chat buttons, and the composer. The conversation itself is useChatConversation's. */
import { useEffect, useState } from 'react';
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
  const { chatId, messages, handedOff, startFailed, replyError, busy, begin, send, askPerson, backToAssistant } =
    useChatConversation();
  // "Ask a person" first asks for the question itself: the composer then writes to the admissions office.
  const [asking, setAsking] = useState(false);

  const sendQuestion = async (question, giveBack) => {
    if (await askPerson(question, giveBack)) setAsking(false);
  };

  let composerLabel;
  let composerHint;
  if (asking && !handedOff) {
    composerLabel = t('chat.question_label');
    composerHint = t('chat.question_hint');
  } else if (handedOff) {
    composerLabel = t('chat.to_staff_label');
    composerHint = t('chat.to_staff_hint');
  }

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
          asking={asking}
          onAskPerson={() => setAsking(true)}
          onCancelAsk={() => setAsking(false)}
          onBack={backToAssistant}
          onNewChat={() => {
            setAsking(false);
            begin({ fresh: true });
          }}
        />
        <ChatComposer
          chatId={chatId}
          busy={busy}
          onSend={asking && !handedOff ? sendQuestion : send}
          label={composerLabel}
          hint={composerHint}
        />
      </Box>
    </>
  );
}
