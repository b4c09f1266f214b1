/* The payment step (stepRegistry.js SLOTS.payment): the admission fee (§1, §9: 10,000 tenge). An exempted
 * application gets Next (skip_payment); otherwise the payments module's panel takes the applicant to the provider
 * and polls check-payment-step; the server moves the application on (`pay`) only on a verified notification, and
 * the stepper's own poll of the application then shows the next step. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ADMISSION_FEE_KZT } from '../../../components/payment/fees';
import { formatNumber } from '../../../i18n/format';

// The payment panel (its checkbox, links, the date formatting it brings) only on this step, not with the stepper's
// first screen (issue 27).
const PaymentPanel = lazy(() => import(/* webpackChunkName: "payment-panel" */ '../../../components/payment/PaymentPanel'));

export default function AdmissionFeeStep({ application, proceed, proceeding, config }) {
  const { t, i18n } = useTranslation();
  const amount = formatNumber(ADMISSION_FEE_KZT, i18n.language);
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
        <>
          <Alert severity="info" sx={{ mb: 2 }} data-testid="payment-hint">
            {t('stepper_actions.payment.pay_hint', {
              phone: (config && config.contact_phone) || '',
              email: (config && config.contact_email) || '',
            })}
          </Alert>
          <Suspense fallback={<CircularProgress size={24} aria-label={t('common.loading')} />}>
            <PaymentPanel applicationId={application.id} purpose="admission_fee" />
          </Suspense>
        </>
      )}
    </Box>
  );
}
