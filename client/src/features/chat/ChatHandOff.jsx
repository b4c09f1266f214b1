/* Above the composer: "Ask a person" hands the conversation to staff (once; the assistant stops answering), and
 * "New chat" starts over instead of reopening the latest conversation. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

export default function ChatHandOff({ chatId, busy, handedOff, onAskPerson, onNewChat }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
      <Button size="small" variant="outlined" onClick={onAskPerson} disabled={busy || !chatId || handedOff} data-testid="chat-ask-person">
        {t('chat.ask_person')}
      </Button>
      <Button size="small" onClick={onNewChat} disabled={busy} data-testid="chat-new">
        {t('chat.new_chat')}
      </Button>
    </Stack>
  );
}
