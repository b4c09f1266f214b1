/* A paid payment's receipt (amount, date, transaction), apart from the payment panel: /my-applications and /dormitory
 * show receipts on their first screen, and importing them from PaymentPanel.jsx brought the whole panel (Checkbox,
 * FormControlLabel, Link, the widget) along (decision 0070, issue 27). */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../dates/dates';
import { formatMoney } from '../../i18n/format';

export default function Receipt({ receipt, testId = 'payment-receipt' }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId} component="section" aria-label={t('payment.receipt.title')}>
      <Typography component="h3" variant="subtitle1" gutterBottom>
        {t('payment.receipt.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <dt>{t('payment.receipt.amount')}</dt>
        <dd style={{ margin: 0 }} data-testid="receipt-amount">{formatMoney(receipt.amount, i18n.language)}</dd>
        <dt>{t('payment.receipt.date')}</dt>
        <dd style={{ margin: 0 }} data-testid="receipt-date">{formatDateTime(receipt.paid_at)}</dd>
        <dt>{t('payment.receipt.transaction')}</dt>
        <dd style={{ margin: 0, wordBreak: 'break-all' }} data-testid="receipt-transaction">{receipt.transaction_id}</dd>
      </Box>
    </Paper>
  );
}
