/* A home-page message opened (features/home/HomeMessages.jsx): its text and, for a payment message, the amount and
 * the shared PaymentPanel. A chunk of its own, loaded when a message is opened: the dialog, the payment panel and
 * the date formatting it brings (dayjs) are not on the home page's first screen (issue 27). */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PaymentPanel from '../../components/payment/PaymentPanel';
import { formatMoney } from '../../i18n/format';

export default function MessageDialog({ message, onClose }) {
  const { t, i18n } = useTranslation();
  const isPayment = message.type === 'payment' && message.amount;
  const titleId = `home-message-title-${message.id}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="home-message-modal">
      <DialogTitle id={titleId}>{message.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{message.text}</Typography>
          {isPayment && (
            <>
              <Typography variant="h6" component="p" data-testid="home-message-amount">
                {t('home_messages.amount_due', { amount: formatMoney(message.amount, i18n.language) })}
              </Typography>
              <PaymentPanel
                purpose="home_message"
                purposeRefId={message.id}
                amount={message.amount}
                submitLabel={t('home_messages.pay', { amount: formatMoney(message.amount, i18n.language) })}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="home-message-close">
          {t('home_messages.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
