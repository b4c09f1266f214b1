/* PAYMENT SLOT (issue 11 item 4 belongs to the payments module): the payment step renders whatever component is
 * registered under `payment` in stepRegistry.js SLOTS — AdmissionFeeStep until the payments panel is
 * registered there. It gets the same props as every step (application, proceed, proceeding, config) and no
 * children. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';

export default function PaymentStepSlot({ slot: SlotContent, ...stepProps }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('stepper_actions.payment.slot_label')} data-testid="payment-step-slot">
      {SlotContent ? <SlotContent {...stepProps} /> : null}
    </Box>
  );
}
