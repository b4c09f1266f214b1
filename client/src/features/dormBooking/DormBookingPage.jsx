/* /dormitory (issue 13): the applicant's dormitory place. Halls with their buildings and the room types on offer
 * (photos in the §2 room-type modal, price, capacity, places free for the applicant's gender); book a place, see
 * the hold deadline, cancel; the waitlist position and a timed offer to accept; a transfer request for residents
 * and swap requests from other residents. */
import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid2';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useCheckBookingQuery,
  useCreateBookingMutation,
  useGetHallsQuery,
  useUpdateBookingMutation,
  useUpdateTransferRequestMutation,
} from '../../api/dormApi';
import { apiErrorMessage } from '../../components/apiError';
import { formatDateTime } from '../../components/dates/dates';
import { useSnackbar } from '../../components/SnackbarProvider';
import Receipt from '../../components/payment/Receipt';
import { useGetReceiptsQuery } from '../../api/paymentsApi';
import { useAfterFirstScreen } from '../../api/firstScreen';
import { localizedName } from '../../i18n';
import { selectUser } from '../../session/sessionSlice';
import { formatPrice, priceWithPeriod } from './format';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

// The dialogs and the payment panel open on a press: chunks of their own, so their Dialog (Modal, FocusTrap), inputs,
// radios and the payment widget are not part of the first screen on a phone (decision 0070, issue 27). The room
// type's dialog is fetched as soon as a "Details" button is pointed at or focused.
const loadRoomTypeModal = () => import(/* webpackChunkName: "dorm-room-type" */ './RoomTypeModal');
const RoomTypeModal = lazy(loadRoomTypeModal);
const TransferDialog = lazy(() => import(/* webpackChunkName: "dorm-transfer" */ './TransferDialog'));
const PaymentPanelChunk = lazy(() => import(/* webpackChunkName: "payment-panel" */ '../../components/payment/PaymentPanel'));

function PaymentPanel(props) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<CircularProgress size={24} aria-label={t('common.loading')} />}>
      <PaymentPanelChunk {...props} />
    </Suspense>
  );
}

const ACTIVE = ['offered', 'held', 'confirmed'];
const DORM_PURPOSES = ['dorm_booking', 'dorm_transfer_difference'];

function BookingCard({ booking, onAction, busy, onTransfer, onPaid }) {
  const { t, i18n } = useTranslation();
  const [paying, setPaying] = useState(false);
  const room = booking.room || {};
  const active = ACTIVE.includes(booking.status);
  return (
    <Card variant="outlined" data-testid="booking-card" sx={{ mb: 3 }}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="h6">{t('dorm.your_booking')}</Typography>
          <Chip size="small" color={booking.status === 'confirmed' ? 'success' : 'default'} label={t(`dorm.status.${booking.status}`)} data-testid="booking-status" />
        </Stack>
        <Typography>{localizedName(booking.hall, i18n.language)} — {localizedName(booking.room_type, i18n.language)}</Typography>
        {active && (
          <Typography data-testid="booking-room">
            {t('dorm.room_line', { building: room.building, floor: room.floor, section: room.section, room: room.name })}
          </Typography>
        )}
        <Typography data-testid="booking-price">
          {t('dorm.price', { price: priceWithPeriod(t, booking.price, booking.price_period, i18n.language) })}
        </Typography>
        {booking.status === 'held' && (
          <Alert severity="warning" sx={{ mt: 1 }} data-testid="hold-deadline">
            {t('dorm.hold_until', { date: formatDateTime(booking.hold_expires_at) })}
          </Alert>
        )}
        {booking.status === 'held' && paying && (
          <Box sx={{ mt: 2 }} data-testid="dorm-payment">
            <PaymentPanel purpose="dorm_booking" purposeRefId={booking.id} amount={booking.price} onPaid={onPaid} />
          </Box>
        )}
        {booking.status === 'offered' && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="offer-deadline">
            {t('dorm.offer_until', { date: formatDateTime(booking.hold_expires_at) })}
          </Alert>
        )}
      </CardContent>
      {active && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {booking.status === 'offered' && (
            <>
              <Button variant="contained" disabled={busy} onClick={() => onAction('accept_offer')} data-testid="accept-offer">
                {t('dorm.accept_offer')}
              </Button>
              <Button disabled={busy} onClick={() => onAction('decline_offer')} data-testid="decline-offer">
                {t('dorm.decline_offer')}
              </Button>
            </>
          )}
          {booking.status === 'held' && !paying && (
            <Button variant="contained" onClick={() => setPaying(true)} data-testid="pay-booking">
              {t('dorm.pay')}
            </Button>
          )}
          {booking.status === 'held' && (
            <Button color="error" disabled={busy} onClick={() => onAction('cancel')} data-testid="cancel-booking">
              {t('dorm.cancel')}
            </Button>
          )}
          {booking.status === 'confirmed' && (
            <Button variant="outlined" onClick={onTransfer} data-testid="open-transfer">
              {t('dorm.transfer.open')}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

/** A move approved into a dearer room: what to pay and the payment panel; the move happens once it is paid. */
function TransferDifference({ item, onAnswer, onPaid, busy }) {
  const { t, i18n } = useTranslation();
  const [paying, setPaying] = useState(false);
  const amount = formatPrice(item.price_difference, i18n.language);
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid={`transfer-difference-${item.id}`}>
      <Typography>{t('dorm.transfer.pay_difference', { amount })}</Typography>
      {paying ? (
        <Box sx={{ mt: 2 }} data-testid="transfer-payment">
          <PaymentPanel purpose="dorm_transfer_difference" purposeRefId={item.id} amount={item.price_difference} onPaid={onPaid} />
        </Box>
      ) : (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" onClick={() => setPaying(true)} data-testid={`pay-difference-${item.id}`}>
            {t('dorm.transfer.pay_button', { amount })}
          </Button>
          <Button size="small" disabled={busy} onClick={() => onAnswer(item.id, 'cancel')} data-testid={`cancel-transfer-${item.id}`}>
            {t('dorm.transfer.cancel_move')}
          </Button>
        </Stack>
      )}
    </Alert>
  );
}

function TransfersList({ transfers, userId, onAnswer, onPaid, busy }) {
  const { t, i18n } = useTranslation();
  if (!transfers.length) return null;
  return (
    <Card variant="outlined" sx={{ mb: 3 }} data-testid="transfers">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>{t('dorm.transfer.title')}</Typography>
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {transfers.map((item) => {
            const incoming = item.user_id !== userId;
            const awaitingMe = incoming && item.status === 'pending' && !item.swap_accepted_at;
            return (
              <Box component="li" key={item.id} data-testid={`transfer-${item.id}`}>
                <Typography>
                  {incoming ? t('dorm.transfer.incoming_swap') : t(`dorm.transfer.kind_${item.kind}`)}
                  {item.target_hall
                    ? ` — ${localizedName(item.target_hall, i18n.language)}, ${localizedName(item.target_room_type, i18n.language)}`
                    : ''}
                  {': '}
                  <strong data-testid={`transfer-status-${item.id}`}>{t(`dorm.transfer.status_${item.status}`)}</strong>
                </Typography>
                {item.decision_reason && item.decision_reason !== 'swap_declined' && (
                  <Typography variant="body2" color="text.secondary">{t('dorm.transfer.reason', { reason: item.decision_reason })}</Typography>
                )}
                {!incoming && item.status === 'awaiting_payment' && (
                  <TransferDifference item={item} onAnswer={onAnswer} onPaid={onPaid} busy={busy} />
                )}
                {!incoming && item.status === 'approved' && item.price_difference < 0 && (
                  <Typography variant="body2" data-testid={`transfer-refund-${item.id}`}>
                    {t('dorm.transfer.refund_due', { amount: formatPrice(-item.price_difference, i18n.language) })}
                  </Typography>
                )}
                {awaitingMe && (
                  <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                    <Button size="small" variant="contained" disabled={busy} onClick={() => onAnswer(item.id, 'accept_swap')}>
                      {t('dorm.transfer.accept_swap')}
                    </Button>
                    <Button size="small" disabled={busy} onClick={() => onAnswer(item.id, 'decline_swap')}>
                      {t('dorm.transfer.decline_swap')}
                    </Button>
                  </Stack>
                )}
              </Box>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The receipts of the applicant's dormitory payments (a booking, a move's difference), like the admission fee's.
 * Read once the page's first screen is drawn (api/firstScreen.js): they sit below the booking's state, which is what
 * an applicant opens the page for, and their read and re-render came before that state's paint on a phone. */
function DormReceipts() {
  const { t } = useTranslation();
  const afterFirstScreen = useAfterFirstScreen();
  const { data } = useGetReceiptsQuery(undefined, { skip: !afterFirstScreen, refetchOnMountOrArgChange: true });
  const receipts = ((data && data.list) || []).filter((r) => DORM_PURPOSES.includes(r.purpose) && !r.flagged);
  if (receipts.length === 0) return null;
  return (
    <Box component="section" sx={{ mb: 3, display: 'grid', gap: 1 }} aria-labelledby="dorm-receipts-title" data-testid="dorm-receipts">
      <Typography component="h2" variant="h6" id="dorm-receipts-title">{t('dorm.receipts_title')}</Typography>
      {receipts.map((receipt) => (
        <Box key={receipt.payment_id}>
          <Typography variant="body2" color="text.secondary">{t(`dorm.receipt_purpose.${receipt.purpose}`)}</Typography>
          <Receipt receipt={receipt} testId={`dorm-receipt-${receipt.payment_id}`} />
        </Box>
      ))}
    </Box>
  );
}

export default function DormBookingPage() {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const user = useSelector(selectUser);
  const halls = useGetHallsQuery(undefined, { refetchOnMountOrArgChange: true });
  const state = useCheckBookingQuery(undefined, { refetchOnMountOrArgChange: true });
  const [createBooking, creating] = useCreateBookingMutation();
  const [updateBooking, updating] = useUpdateBookingMutation();
  const [answerTransfer, answering] = useUpdateTransferRequestMutation();
  const [selected, setSelected] = useState(null);
  // the room type's dialog stays mounted once opened, so it can animate its closing
  const [roomModalUsed, setRoomModalUsed] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [fullChoice, setFullChoice] = useState(null);

  useDocumentTitle(t('dorm.title'));

  // The page is drawn once both reads are in: the halls' answer alone drew the eligibility notice under the
  // loading spinner, which then went away and moved it up (a layout shift) when the booking's answer came.
  const loading = halls.isLoading || state.isLoading;
  const data = loading ? undefined : halls.data;
  const current = loading ? undefined : state.data;
  const booking = current && current.booking;
  const activeBooking = booking && ACTIVE.includes(booking.status) ? booking : null;
  const waitlist = current && current.waitlist;
  const busy = creating.isLoading || updating.isLoading || answering.isLoading;

  async function book(hall, roomType, joinWaitlist = false) {
    try {
      const result = await createBooking({ hall_id: hall.id, room_type_id: roomType.id, join_waitlist: joinWaitlist }).unwrap();
      setSelected(null);
      setFullChoice(null);
      showSuccess(result.waitlist ? t('dorm.joined_waitlist') : t('dorm.booked'));
    } catch (error) {
      if (error && error.status === 409 && error.data && error.data.message_key === 'dorm.no_places') {
        setSelected(null);
        setFullChoice({ hall, roomType });
        return;
      }
      showError(apiErrorMessage(error, t, i18n));
    }
  }

  async function act(action) {
    const body = action === 'leave_waitlist' ? { action } : { action, booking_id: activeBooking.id };
    try {
      await updateBooking(body).unwrap();
      showSuccess(t('dorm.done'));
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
  }

  async function answer(requestId, action) {
    try {
      await answerTransfer({ request_id: requestId, action }).unwrap();
      showSuccess(t('dorm.done'));
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
  }

  const eligible = data && data.eligible;
  return (
    <>
      <Typography component="h1" variant="h1" sx={{ mb: 3 }}>{t('dorm.title')}</Typography>
      {loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {(halls.isError || state.isError) && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => { halls.refetch(); state.refetch(); }}>{t('common.retry')}</Button>}>
          {t('errors.generic')}
        </Alert>
      )}
      {data && !eligible && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="not-eligible">
          {t(`dorm.reason.${(data.reason_key || 'dorm.no_application').replace('dorm.', '')}`)}
        </Alert>
      )}
      {booking && (
        <BookingCard key={`${booking.id}-${booking.status}`} booking={booking} onAction={act} busy={busy}
          onTransfer={() => setTransferOpen(true)} onPaid={() => { state.refetch(); halls.refetch(); }} />
      )}
      {waitlist && waitlist.entry.status === 'waiting' && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="waitlist-position"
          action={<Button color="inherit" size="small" disabled={busy} onClick={() => act('leave_waitlist')}>{t('dorm.leave_waitlist')}</Button>}>
          {t('dorm.waitlist_position', {
            position: waitlist.position,
            total: waitlist.total,
            hall: localizedName(waitlist.entry.hall, i18n.language),
            room_type: localizedName(waitlist.entry.room_type, i18n.language),
          })}
        </Alert>
      )}
      {current && (
        <TransfersList transfers={current.transfers || []} userId={user && user.id} onAnswer={answer} busy={busy}
          onPaid={() => { state.refetch(); halls.refetch(); }} />
      )}
      {current && <DormReceipts />}
      {fullChoice && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="no-places"
          action={<Button color="inherit" size="small" disabled={busy} onClick={() => book(fullChoice.hall, fullChoice.roomType, true)} data-testid="join-waitlist">{t('dorm.join_waitlist')}</Button>}>
          {t('dorm.no_places')}
        </Alert>
      )}
      {data && data.list.length === 0 && <Alert severity="info">{t('dorm.no_halls')}</Alert>}
      <Stack spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('dorm.halls')}>
        {data && data.list.map((hall) => (
          <Box component="li" key={hall.id} data-testid={`hall-${hall.id}`}>
            <Typography component="h2" variant="h5">{localizedName(hall, i18n.language)}</Typography>
            {hall.buildings.length > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('dorm.buildings', { names: hall.buildings.map((b) => localizedName(b, i18n.language)).join(', ') })}
              </Typography>
            )}
            <Grid container spacing={2}>
              {hall.room_types.map((roomType) => (
                <Grid key={roomType.id} size={{ xs: 12, sm: 6, md: 4 }}>
                  <Card variant="outlined" data-testid={`room-type-${hall.id}-${roomType.id}`} sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography component="h3" variant="h6">{localizedName(roomType, i18n.language)}</Typography>
                      <Typography variant="body2">{t('dorm.capacity', { count: roomType.capacity })}</Typography>
                      <Typography variant="body2" data-testid={`price-${hall.id}-${roomType.id}`}>
                        {t('dorm.price', { price: priceWithPeriod(t, roomType.price, roomType.price_period, i18n.language) })}
                      </Typography>
                      <Typography variant="body2" data-testid={`free-${hall.id}-${roomType.id}`}>
                        {t('dorm.free_places', { count: roomType.free_places })}
                      </Typography>
                    </CardContent>
                    <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                      <Button onClick={() => { setRoomModalUsed(true); setSelected({ hall, roomType }); }} onPointerEnter={loadRoomTypeModal} onFocus={loadRoomTypeModal} data-testid={`details-${hall.id}-${roomType.id}`}>
                        {t('dorm.details')}
                      </Button>
                      {eligible && !activeBooking && (
                        <Button variant="contained" disabled={busy} onClick={() => book(hall, roomType, roomType.free_places === 0)} data-testid={`book-${hall.id}-${roomType.id}`}>
                          {roomType.free_places === 0 ? t('dorm.join_waitlist') : t('dorm.book')}
                        </Button>
                      )}
                    </CardActions>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </Box>
        ))}
      </Stack>
      {roomModalUsed && (
        <Suspense fallback={null}>
          <RoomTypeModal
            open={Boolean(selected)}
            hall={selected && selected.hall}
            roomType={selected && selected.roomType}
            onClose={() => setSelected(null)}
            onBook={(full) => book(selected.hall, selected.roomType, full)}
            canBook={Boolean(eligible && !activeBooking)}
            busy={busy}
          />
        </Suspense>
      )}
      {transferOpen && data && (
        <Suspense fallback={null}>
          <TransferDialog halls={data.list} onClose={() => setTransferOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
