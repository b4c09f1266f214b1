/* Home-page messages (req §1, §2 '/', §7 GET /users/home-page-messages, §9; decision 0065).
 * The first permanent message opens in a modal when the home page opens (once per browser session after it is
 * closed); a payment message shows the amount the server computed (the remainder, e.g. 9 990 ₸) and pays it with
 * the shared PaymentPanel (purpose home_message). Every message is also listed on the page with an Open button. */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatMoney } from '../../i18n/format';
import { useGetHomePageMessagesQuery } from '../../api/paymentsApi';

// The opened message (dialog, payment panel) is a chunk of its own (issue 27).
const MessageDialog = lazy(() => import(/* webpackChunkName: "home-message" */ './HomeMessageDialog'));

export const DISMISSED_STORAGE_KEY = 'qabyldau_home_message_dismissed';

function dismissedId() {
  try {
    return window.sessionStorage.getItem(DISMISSED_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberDismissed(id) {
  try {
    window.sessionStorage.setItem(DISMISSED_STORAGE_KEY, String(id));
  } catch {
    // storage unavailable: the modal opens again next time
  }
}

export default function HomeMessages({ enabled = true }) {
  const { t, i18n } = useTranslation();
  const { data } = useGetHomePageMessagesQuery(undefined, { skip: !enabled });
  const messages = useMemo(() => (data && data.list) || [], [data]);
  // The message itself, not its id: one paid in the modal leaves the list, and the modal keeps its receipt shown.
  const [open, setOpen] = useState(null);
  const [autoOpened, setAutoOpened] = useState(false);

  useEffect(() => {
    if (autoOpened || !messages.length) return;
    const first = messages.find((message) => message.is_permanent);
    setAutoOpened(true);
    if (first && dismissedId() !== String(first.id)) setOpen(first);
  }, [messages, autoOpened]);

  if (!enabled || (!messages.length && !open)) return null;

  const close = () => {
    if (open) rememberDismissed(open.id);
    setOpen(null);
  };

  return (
    <Stack spacing={1} component="section" aria-label={t('home_messages.title')} sx={{ mb: 3 }} data-testid="home-messages">
      {messages.map((message) => (
        <Alert
          key={message.id}
          severity={message.type === 'payment' ? 'warning' : 'info'}
          data-testid={`home-message-${message.id}`}
          action={
            <Button color="inherit" size="small" onClick={() => setOpen(message)} data-testid={`home-message-open-${message.id}`}>
              {message.type === 'payment' ? t('home_messages.pay_short') : t('home_messages.open')}
            </Button>
          }
        >
          <AlertTitle>{message.title}</AlertTitle>
          {message.type === 'payment' && message.amount
            ? t('home_messages.amount_due', { amount: formatMoney(message.amount, i18n.language) })
            : message.text}
        </Alert>
      ))}
      {open && (
        <Suspense fallback={null}>
          <MessageDialog message={open} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
