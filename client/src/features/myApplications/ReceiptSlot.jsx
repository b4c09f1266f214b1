/* RECEIPT SLOT (issue 11 items 4-5): the admission-fee receipt of an application (amount, date, transaction id)
 * is drawn by the payments module, which adds GET /users/payments. Register its component in RECEIPT_SLOT
 * (props: application); until then a card shows no receipt section. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';

export const RECEIPT_SLOT = { component: null };

export default function ReceiptSlot({ application }) {
  const { t } = useTranslation();
  const Receipt = RECEIPT_SLOT.component;
  if (!Receipt) return null;
  return (
    <Box component="section" sx={{ mt: 2 }} aria-label={t('application_state.receipt_title')} data-testid={`receipt-slot-${application.id}`}>
      <Receipt application={application} />
    </Box>
  );
}
