/* The payment step's own content until the payments module's panel is registered in the payment slot
 * (stepRegistry.js SLOTS.payment): the admission fee (§1, §9: 10,000 tenge) and, for an exempted application,
 * Next (skip_payment). A fee to pay is settled by the payments module (`pay` on a verified notification); the
 * stepper polls the application meanwhile, so an exemption granted by staff shows without a reload. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ADMISSION_FEE_KZT } from '../stepRules';

export default function AdmissionFeeStep({ application, proceed, proceeding, config }) {
  const { t, i18n } = useTranslation();
  const amount = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'ru-RU').format(ADMISSION_FEE_KZT);
  return (
    <Box data-testid="step-payment">
      <Typography variant="h6" component="p" sx={{ mb: 1 }} data-testid="payment-amount">
        {t('stepper_actions.payment.amount', { amount })}
      </Typography>
      {application.is_exempted_from_payment ? (
        <>
          <Alert severity="success" sx={{ mb: 2 }} data-testid="payment-exempted">
            {t('stepper_actions.payment.exempted')}
          </Alert>
          <Button variant="contained" disabled={proceeding} onClick={() => proceed()} data-testid="step-next">
            {t('stepper_actions.next')}
          </Button>
        </>
      ) : (
        <Alert severity="info" data-testid="payment-hint">
          {t('stepper_actions.payment.pay_hint', {
            phone: (config && config.contact_phone) || '',
            email: (config && config.contact_email) || '',
          })}
        </Alert>
      )}
    </Box>
  );
}
