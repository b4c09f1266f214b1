/* Above the composer (issue 23): "Ask a person" switches the composer to a question for the admissions office (the
 * applicant writes it; "Cancel" switches back); while a person has the conversation, "Back to the assistant" ends
 * the hand-off for new questions. "New chat" starts over instead of reopening the latest conversation. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

export default function ChatHandOff({ chatId, busy, handedOff, asking, onAskPerson, onCancelAsk, onBack, onNewChat }) {
  const { t } = useTranslation();
  let action;
  if (handedOff) {
    action = (
      <Button size="small" variant="outlined" onClick={onBack} disabled={busy || !chatId} data-testid="chat-back-to-assistant">
        {t('chat.back_to_assistant')}
      </Button>
    );
  } else if (asking) {
    action = (
      <Button size="small" variant="outlined" onClick={onCancelAsk} disabled={busy} data-testid="chat-ask-cancel">
        {t('chat.ask_cancel')}
      </Button>
    );
  } else {
    action = (
      <Button size="small" variant="outlined" onClick={onAskPerson} disabled={busy || !chatId} data-testid="chat-ask-person">
        {t('chat.ask_person')}
      </Button>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
      {action}
      <Button size="small" onClick={onNewChat} disabled={busy} data-testid="chat-new">
        {t('chat.new_chat')}
      </Button>
    </Stack>
  );
}
