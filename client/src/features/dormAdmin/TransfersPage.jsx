/* Staff: room transfer requests (req §7 GET /admin/transfers?type=, POST /admin/update-room-transfer). Approve
 * (the server moves or swaps atomically, re-checking capacity and gender) or reject with a reason. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDecideTransferMutation, useGetTransfersQuery, useSettleRefundMutation } from '../../api/dormApi';
import { apiErrorMessage } from '../../components/apiError';
import { formatDateTime } from '../../components/dates/dates';
import { useSnackbar } from '../../components/SnackbarProvider';
import { localizedName } from '../../i18n';
import { formatMoney } from '../../i18n/format';
import useReturnFocus from '../../components/focus/useReturnFocus';
import { focusElement, focusIsLost } from '../../components/focus/focusElement';

const TYPES = ['pending', 'awaiting_payment', 'approved', 'rejected'];

function swapState(item, t) {
  if (item.swap_user_id == null) return t('dorm_admin.transfers.not_resident');
  return item.swap_accepted_at ? t('dorm_admin.transfers.accepted') : t('dorm_admin.transfers.not_accepted');
}

export default function TransfersPage() {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const [type, setType] = useState('pending');
  const [rejecting, setRejecting] = useState(null);
  const [reason, setReason] = useState('');
  const { data, isLoading, isError } = useGetTransfersQuery({ type }, { refetchOnMountOrArgChange: true });
  const [decide, { isLoading: deciding }] = useDecideTransferMutation();
  const [settleRefund, { isLoading: settling }] = useSettleRefundMutation();
  // A decided request leaves the pending list with its buttons: the focus goes to the page's heading rather than
  // falling to the page (decision 0077) — when the reject dialog has closed, and when the list without it arrives.
  const heading = useRef(null);
  const focusNext = useRef(null);
  const decided = useRef(false);
  const { onExited } = useReturnFocus(Boolean(rejecting), focusNext);
  useEffect(() => {
    if (!decided.current || !focusIsLost()) return;
    decided.current = false;
    focusElement(heading.current);
  }, [data]);

  async function run(body) {
    try {
      await decide(body).unwrap();
      showSuccess(t('dorm_admin.success'));
      decided.current = true;
      if (body.action === 'reject') focusNext.current = () => heading.current;
      setRejecting(null);
      setReason('');
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'dorm_admin.failed'));
    }
  }

  async function settle(refund) {
    try {
      await settleRefund({ id: refund.id }).unwrap();
      showSuccess(t('dorm_admin.success'));
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n, 'dorm_admin.failed'));
    }
  }

  return (
    <>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }} ref={heading} tabIndex={-1}>{t('dorm_admin.transfers.title')}</Typography>
      <Tabs value={type} onChange={(_e, value) => setType(value)} variant="scrollable" aria-label={t('dorm_admin.transfers.title')} sx={{ mb: 2 }}>
        {TYPES.map((value) => (
          <Tab key={value} value={value} label={t(`dorm_admin.transfers.${value}`)} data-testid={`transfers-tab-${value}`} />
        ))}
      </Tabs>
      {isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      {!isLoading && data && data.list.length === 0 && <Alert severity="info">{t('dorm_admin.transfers.empty')}</Alert>}
      <Stack spacing={2}>
        {data && data.list.map((item) => (
          <Card key={item.id} variant="outlined" data-testid={`admin-transfer-${item.id}`}>
            <CardContent>
              {/* The person by name (the e-mail only while no name is known: the server falls back to it). */}
              <Typography variant="h6" component="h2">{item.user_name}</Typography>
              <Typography>
                {t('dorm_admin.transfers.from', {
                  hall: localizedName(item.booking.hall, i18n.language),
                  room_type: localizedName(item.booking.room_type, i18n.language),
                  room: item.booking.room ? item.booking.room.name : '',
                })}
              </Typography>
              <Typography>
                {item.kind === 'move'
                  ? t('dorm_admin.transfers.to', {
                    hall: localizedName(item.target_hall, i18n.language),
                    room_type: localizedName(item.target_room_type, i18n.language),
                  })
                  : t('dorm_admin.transfers.swap_with', {
                    email: item.swap_user_name || item.swap_user_email,
                    // No resident had that e-mail when asked (the requester is not told: issue 22, finding 11).
                    state: swapState(item, t),
                  })}
              </Typography>
              {item.price_difference > 0 && (
                <Typography data-testid={`admin-transfer-difference-${item.id}`}>
                  {t(item.status === 'awaiting_payment' ? 'dorm_admin.transfers.difference_due' : 'dorm_admin.transfers.difference_paid', {
                    amount: formatMoney(item.price_difference, i18n.language),
                  })}
                </Typography>
              )}
              {item.refund && (
                <Typography data-testid={`admin-transfer-refund-${item.id}`}>
                  {t(`dorm_admin.transfers.refund_${item.refund.status}`, { amount: formatMoney(item.refund.amount, i18n.language) })}
                </Typography>
              )}
              {item.comment && <Typography color="text.secondary">{item.comment}</Typography>}
              <Typography variant="body2" color="text.secondary">{formatDateTime(item.created_at)}</Typography>
              {item.decision_reason && <Typography variant="body2">{t('dorm.transfer.reason', { reason: item.decision_reason })}</Typography>}
            </CardContent>
            {item.refund && item.refund.status === 'due' && (
              <CardActions>
                <Button variant="outlined" disabled={settling} onClick={() => settle(item.refund)} data-testid={`settle-refund-${item.id}`}>
                  {t('dorm_admin.transfers.mark_refunded')}
                </Button>
              </CardActions>
            )}
            {item.status === 'pending' && (
              <CardActions>
                <Button variant="contained" disabled={deciding} onClick={() => run({ id: item.id, action: 'approve' })} data-testid={`approve-${item.id}`}>
                  {t('dorm_admin.transfers.approve')}
                </Button>
                <Button color="error" disabled={deciding} onClick={() => setRejecting(item)} data-testid={`reject-${item.id}`}>
                  {t('dorm_admin.transfers.reject')}
                </Button>
              </CardActions>
            )}
          </Card>
        ))}
      </Stack>
      <Dialog open={Boolean(rejecting)} onClose={() => setRejecting(null)} disableRestoreFocus TransitionProps={{ onExited }} fullWidth maxWidth="sm" aria-labelledby="reject-title">
        <DialogTitle id="reject-title">{t('dorm_admin.transfers.reject')}</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth multiline minRows={2} sx={{ mt: 1 }} label={t('dorm_admin.reason')} value={reason}
            onChange={(event) => setReason(event.target.value)} inputProps={{ maxLength: 1000, 'data-testid': 'reject-reason' }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(null)}>{t('common.close')}</Button>
          <Button color="error" variant="contained" disabled={!reason.trim() || deciding}
            onClick={() => run({ id: rejecting.id, action: 'reject', reason: reason.trim() })} data-testid="reject-confirm">
            {t('dorm_admin.transfers.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
