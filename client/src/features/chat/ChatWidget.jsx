/* The home-page assistant (req §1, §7 Chat, §8, §9; issue 14): a floating button on / opening a 400×600 window
 * (full screen on a phone) with the conversation, a typing indicator, sources under each answer, recommended programs
 * with an apply button, "Ask a person", and a text area capped at 80 px. Keyboard: the button and every control are
 * reachable with Tab, Enter sends (Shift+Enter adds a line), Escape closes and gives focus back to the button.
 * A visitor who is not signed in is asked to sign in. The window's parts: ChatWindow (useChatConversation,
 * ChatTranscript, ChatHandOff, ChatComposer). */
import { useId, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/Chat';
import CloseIcon from '@mui/icons-material/Close';
import { selectToken } from '../../session/sessionSlice';
import ChatWindow from './ChatWindow';

const WINDOW = { width: 400, height: 600 }; // req §9

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
