/* The admission-fee receipt of an application on /my-applications (issue 11 items 4-5): amount, date and
 * transaction id, from GET /users/payments?application_id=, drawn by the payments module's Receipt. Nothing is
 * shown while there is no confirmed payment. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useGetReceiptsQuery } from '../../api/paymentsApi';
import { Receipt } from '../../components/payment/PaymentPanel';

export default function ReceiptSlot({ application }) {
  const { t } = useTranslation();
  const { data } = useGetReceiptsQuery(application.id);
  const receipts = (data && data.list) || [];
  if (receipts.length === 0) return null;
  return (
    <Box
      component="section"
      sx={{ mt: 2, display: 'grid', gap: 1 }}
      aria-label={t('application_state.receipt_title')}
      data-testid={`receipt-slot-${application.id}`}
    >
      {receipts.map((receipt) => (
        <Receipt key={receipt.payment_id} receipt={receipt} testId={`payment-receipt-${receipt.payment_id}`} />
      ))}
    </Box>
  );
}
