/* Paying something (req §2 Stepper payment step, §4, §7, §9; decision 0065): the stepper's admission fee and the
 * home page's payment message use the same panel.
 *
 *   <PaymentPanel applicationId={id} purpose="admission_fee" onPaid={(receipt) => refetchApplication()} />
 *   <PaymentPanel purpose="home_message" purposeRefId={message.id} amount={message.amount} />
 *
 * Consent checkbox → "proceed to payment" → POST /users/payments/start → the sandbox card page opens in a new tab
 * (or the provider's widget) → the panel polls every 5 s (check-payment-step for the admission fee, else the
 * payment itself) until the provider has confirmed the payment, then shows the receipt (amount, date, transaction id)
 * and calls onPaid(receipt) once. The browser's word never marks anything paid: only the poll does. */
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../apiError';
import {
  PAID_TAGS,
  PAYMENT_POLL_MS,
  paymentsApi,
  useCheckPaymentStepQuery,
  useGetPaymentQuery,
  useStartPaymentMutation,
} from '../../api/paymentsApi';
import { formatMoney } from '../../i18n/format';
import { openWidget } from './widget';
import Receipt from './Receipt';
import { ADMISSION_FEE_KZT } from './fees';

export const ADMISSION_FEE = 'admission_fee';
export { ADMISSION_FEE_KZT };
export { Receipt };

/** Polls the right endpoint: the application's admission fee, or one payment. */
function usePaymentStatus({ applicationId, purpose, paymentId, polling }) {
  const byApplication = purpose === ADMISSION_FEE && Boolean(applicationId);
  const pollingInterval = polling ? PAYMENT_POLL_MS : 0;
  const step = useCheckPaymentStepQuery(applicationId, {
    skip: !byApplication,
    pollingInterval,
    skipPollingIfUnfocused: false,
  });
  const single = useGetPaymentQuery(paymentId, {
    skip: byApplication || !paymentId,
    pollingInterval,
    skipPollingIfUnfocused: false,
  });
  if (byApplication) {
    const data = step.data;
    return {
      payment: data ? data.payment : null,
      receipt: data ? data.receipt : null,
      amount: data ? data.amount : null,
      exempted: Boolean(data && data.is_exempted_from_payment),
      error: step.error,
      refetch: step.refetch,
    };
  }
  const payment = single.data ? single.data.payment : null;
  return {
    payment,
    receipt: payment ? payment.receipt : null,
    amount: payment ? payment.amount : null,
    exempted: false,
    error: single.error,
    refetch: single.refetch,
  };
}

export default function PaymentPanel({ applicationId, purpose = ADMISSION_FEE, purposeRefId, amount, onPaid, submitLabel }) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const [consent, setConsent] = useState(false);
  const [paymentId, setPaymentId] = useState(null);
  const [started, setStarted] = useState(false);
  const [sandboxUrl, setSandboxUrl] = useState(null);
  const [startError, setStartError] = useState(null);
  const [startPayment, { isLoading: starting }] = useStartPaymentMutation();
  const paidReported = useRef(false);

  const status = usePaymentStatus({ applicationId, purpose, paymentId, polling: started });
  const paymentStatus = status.payment ? status.payment.status : null;
  const receipt = status.receipt;
  const shownAmount = status.amount || amount || (purpose === ADMISSION_FEE ? ADMISSION_FEE_KZT : null);
  const paid = Boolean(receipt);

  // A payment left pending (the page was reloaded while the applicant paid in the other tab) is polled too.
  useEffect(() => {
    if (paymentStatus === 'pending' && !started && !paid) setStarted(true);
  }, [paymentStatus, started, paid]);

  useEffect(() => {
    if (!paid || paidReported.current) return;
    paidReported.current = true;
    setStarted(false);
    dispatch(paymentsApi.util.invalidateTags(PAID_TAGS));
    if (onPaid) onPaid(receipt);
  }, [paid, receipt, onPaid, dispatch]);

  const proceed = async () => {
    setStartError(null);
    // Opened now, while the click still counts as the user's gesture (popup blockers); filled once the server answers.
    const tab = typeof window.open === 'function' ? window.open('', '_blank') : null;
    try {
      const body = { purpose };
      if (applicationId) body.application_id = Number(applicationId);
      if (purposeRefId) body.purpose_ref_id = Number(purposeRefId);
      const answer = await startPayment(body).unwrap();
      setPaymentId(answer.payment.id);
      setStarted(true);
      if (answer.sandbox_url) {
        setSandboxUrl(answer.sandbox_url);
        if (tab) tab.location.href = answer.sandbox_url;
      } else if (answer.widget) {
        if (tab) tab.close();
        openWidget(answer.widget, i18n.language, {
          onSuccess: () => status.refetch && status.refetch(),
          onFail: () => status.refetch && status.refetch(),
        }).catch(() => setStartError(t('messages.payments.unavailable')));
      }
    } catch (error) {
      if (tab) tab.close();
      setStartError(apiErrorMessage(error, t, i18n, 'messages.payments.unavailable'));
    }
  };

  if (paid) {
    return (
      <Stack spacing={2} data-testid="payment-panel" data-state="paid">
        <Alert severity="success" data-testid="payment-paid">
          {t('payment.paid')}
        </Alert>
        <Receipt receipt={receipt} />
      </Stack>
    );
  }

  if (status.exempted) {
    return (
      <Alert severity="info" data-testid="payment-exempted">
        {t('payment.exempted')}
      </Alert>
    );
  }

  const pollError = status.error && started ? apiErrorMessage(status.error, t, i18n, 'messages.payments.unavailable') : null;
  const consentId = `payment-consent-${purpose}-${purposeRefId || applicationId || 'x'}`;

  return (
    <Stack spacing={2} data-testid="payment-panel" data-state={paymentStatus || 'new'}>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        <li>
          <Typography>{t('payment.point_amount', { amount: formatMoney(shownAmount, i18n.language) })}</Typography>
        </li>
        <li>
          <Typography>{t('payment.point_card')}</Typography>
        </li>
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            id={consentId}
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            inputProps={{ 'data-testid': 'payment-consent' }}
          />
        }
        label={t('payment.consent')}
      />
      {paymentStatus === 'failed' && (
        <Alert severity="error" data-testid="payment-declined">
          {t('payment.declined')}
          {status.payment.failure_reason ? ` (${status.payment.failure_reason})` : ''}
        </Alert>
      )}
      {(startError || pollError) && (
        <Alert severity="error" data-testid="payment-error">
          {startError || pollError}
        </Alert>
      )}
      {started && paymentStatus !== 'failed' && (
        <Stack direction="row" spacing={1} alignItems="center" role="status" data-testid="payment-waiting">
          <CircularProgress size={20} aria-hidden />
          <Typography>{t('payment.waiting')}</Typography>
        </Stack>
      )}
      {started && sandboxUrl && (
        <Typography variant="body2">
          <Link href={sandboxUrl} target="_blank" rel="noopener" data-testid="payment-open-page">
            {t('payment.open_page')}
          </Link>
        </Typography>
      )}
      <Box>
        <Button
          variant="contained"
          onClick={proceed}
          disabled={!consent || starting}
          data-testid="payment-proceed"
        >
          {submitLabel || t('payment.proceed')}
        </Button>
      </Box>
    </Stack>
  );
}
