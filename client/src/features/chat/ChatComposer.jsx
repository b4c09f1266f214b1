/* Where the applicant types: a text area capped at 80 px (req §9) and 1000 characters, Enter sends and
 * Shift+Enter adds a line; focus comes back to it whenever a reply has arrived or its purpose changes. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';

export const MAX_MESSAGE_LENGTH = 1000; // the server's default CHAT_MAX_MESSAGE_LENGTH; it answers 400 beyond it
const TEXTAREA_MAX_PX = 80; // req §9

/** `onSend(message, giveBack)`: giveBack() puts a message whose reply failed back in the field. `label`/`hint`
 * name what is typed (a question for staff, a message to staff) when it is not a message to the assistant. */
export default function ChatComposer({ chatId, busy, onSend, label, hint }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputRef = useRef(null);

  // Also when what is typed changes (a question for staff after "Ask a person", a message to staff, back to the
  // assistant): the field the applicant is asked to fill has the focus.
  useEffect(() => {
    if (!busy && inputRef.current) inputRef.current.focus();
  }, [busy, chatId, label]);

  const tooLong = text.length > MAX_MESSAGE_LENGTH;

  const send = () => {
    const message = text.trim();
    if (!message || busy || !chatId || tooLong) return;
    setText('');
    onSend(message, () => setText(message)); // nothing typed is lost
  };

  const onKeyDown = (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Stack direction="row" spacing={1} alignItems="flex-end">
      <TextField
        inputRef={inputRef}
        label={label || t('chat.input_label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        minRows={1}
        fullWidth
        size="small"
        error={tooLong}
        helperText={tooLong ? t('chat.too_long', { max: MAX_MESSAGE_LENGTH }) : hint || t('chat.input_hint')}
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
  );
}
