/* The admission-fee receipt of an application on /my-applications (issue 11 items 4-5): amount, date and
 * transaction id, drawn by the payments module's Receipt. The page reads the applicant's receipts once
 * (GET /users/payments, useReceiptsByApplication) and hands each card its own; nothing is shown while there is no
 * confirmed payment. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useGetReceiptsQuery } from '../../api/paymentsApi';
import Receipt from '../../components/payment/Receipt';

/** application id → its receipts, from one call for all the applicant's applications. */
export function useReceiptsByApplication() {
  const { data } = useGetReceiptsQuery(undefined);
  const byApplication = {};
  ((data && data.list) || []).forEach((receipt) => {
    (byApplication[receipt.application_id] = byApplication[receipt.application_id] || []).push(receipt);
  });
  return byApplication;
}

export default function ReceiptSlot({ application, receipts = [] }) {
  const { t } = useTranslation();
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
