import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n';
import { makeStore, mockFetch, renderWithProviders } from '../../testUtils';
import { userSet } from '../../session/sessionSlice';
import { firstScreenPageShown } from '../../api/firstScreen';
import DormBookingPage from './DormBookingPage';
import { formatPrice } from './format';

const HALLS = {
  success: true,
  eligible: true,
  reason_key: null,
  gender: { id: 1, code: 'male' },
  hold_hours: 48,
  total: 1,
  list: [
    {
      id: 3,
      name: 'Общежитие №1',
      buildings: [{ id: 9, name: 'Корпус А' }],
      room_types: [
        { id: 5, name: 'Двухместная', capacity: 2, price: 60000, free_places: 1, media: [] },
        { id: 6, name: 'Одноместная', capacity: 1, price: 90000, free_places: 0, media: [] },
      ],
    },
  ],
};
const EMPTY = { success: true, eligible: true, reason_key: null, booking: null, waitlist: null, transfers: [] };
const HELD = {
  id: 77,
  status: 'held',
  hall: { id: 3, name: 'Общежитие №1' },
  room_type: { id: 5, name: 'Двухместная' },
  room: { id: 11, name: '101', section: 'Секция 1', floor: 'Этаж 1', building: 'Корпус А' },
  price: 60000,
  hold_expires_at: '2030-01-02T10:00:00Z',
  created_at: '2030-01-01T10:00:00Z',
};

function server({ halls = HALLS, state = EMPTY, onPost, receipts = [] } = {}) {
  let current = state;
  return mockFetch(async (url, request) => {
    if (url.endsWith('/users/halls')) return { body: halls };
    if (/\/users\/payments(\?|$)/.test(url)) return { body: { success: true, list: receipts, total: receipts.length } };
    if (url.endsWith('/users/check-booking')) return { body: current };
    const body = await request.json();
    const answer = onPost(url, body);
    if (answer.state) current = answer.state;
    return answer;
  });
}

afterEach(() => i18n.changeLanguage('ru'));

test('formats integer tenge with no-break groups, by language', () => {
  expect(formatPrice(60000, 'ru')).toBe('60\u00a0000\u00a0₸');
  expect(formatPrice(60000, 'en')).toBe('60,000\u00a0₸');
});

function residentStore() {
  const store = makeStore();
  store.dispatch(userSet({ id: 7, email: 'r@example.com', token: 't', is_verified: true }));
  return store;
}

const RESIDENT = {
  ...HELD,
  status: 'confirmed',
  hold_expires_at: null,
  price_period: 'semester',
  room_type: { id: 5, name: 'Двухместная', name_kk: 'Екі орындық', name_en: 'Double', price: 60000, price_period: 'semester' },
};
const AWAITING = {
  id: 41,
  kind: 'move',
  status: 'awaiting_payment',
  user_id: 7,
  booking_id: 77,
  target_hall: { id: 3, name: 'Общежитие №1', name_kk: '', name_en: 'Hall One' },
  target_room_type: { id: 6, name: 'Одноместная', name_kk: 'Бір орындық', name_en: 'Single', price: 90000, price_period: 'semester' },
  price_difference: 30000,
  created_at: '2030-01-01T10:00:00Z',
};

test('prices state their period, names follow the language, a dearer move asks for the difference (en)', async () => {
  await i18n.changeLanguage('en');
  const halls = {
    ...HALLS,
    list: [{ ...HALLS.list[0], name_en: 'Hall One', room_types: [{ ...HALLS.list[0].room_types[0], name_en: 'Double', price_period: 'month' }] }],
  };
  const posts = [];
  server({
    halls,
    state: { ...EMPTY, booking: RESIDENT, transfers: [AWAITING] },
    receipts: [
      { payment_id: 5, purpose: 'dorm_booking', amount: 60000, paid_at: '2030-01-01T10:00:00Z', transaction_id: 'tx-5', flagged: false },
      { payment_id: 6, purpose: 'admission_fee', amount: 10000, paid_at: '2030-01-01T10:00:00Z', transaction_id: 'tx-6', flagged: false },
    ],
    onPost: (url, body) => {
      posts.push([url, body]);
      return { body: { success: true, item: { ...AWAITING, status: 'cancelled' } }, state: { ...EMPTY, booking: RESIDENT } };
    },
  });
  const fetchMock = global.fetch;
  const store = residentStore();
  renderWithProviders(<DormBookingPage />, { store });
  expect(await screen.findByTestId('price-3-5')).toHaveTextContent('60,000 ₸ per month');
  // The receipts are read once the first screen is drawn (api/firstScreen.js; app/lazyWithCatalogues tells it).
  const receiptReads = () => fetchMock.mock.calls.filter(([input]) => /\/users\/payments/.test(typeof input === 'string' ? input : input.url));
  expect(receiptReads()).toHaveLength(0);
  act(() => firstScreenPageShown(store));
  expect(screen.getByTestId('hall-3')).toHaveTextContent('Hall One');
  expect(screen.getByTestId('booking-price')).toHaveTextContent('60,000 ₸ per semester');
  expect(screen.getByTestId('booking-card')).toHaveTextContent('Double');
  expect(screen.getByTestId('transfer-41')).toHaveTextContent('Hall One, Single');
  expect(screen.getByTestId('transfer-difference-41')).toHaveTextContent('pay the difference of 30,000 ₸');
  expect(await screen.findByTestId('dorm-receipt-5')).toHaveTextContent('tx-5');
  expect(screen.queryByTestId('dorm-receipt-6')).toBeNull(); // the admission fee has its own place
  fireEvent.click(screen.getByTestId('pay-difference-41'));
  expect(await screen.findByTestId('transfer-payment')).toBeInTheDocument();
});

test('a move waiting for its difference can be given up', async () => {
  const posts = [];
  server({
    state: { ...EMPTY, booking: RESIDENT, transfers: [AWAITING] },
    onPost: (url, body) => {
      posts.push([url, body]);
      return { body: { success: true, item: { ...AWAITING, status: 'cancelled' } }, state: { ...EMPTY, booking: RESIDENT } };
    },
  });
  renderWithProviders(<DormBookingPage />, { store: residentStore() });
  fireEvent.click(await screen.findByTestId('cancel-transfer-41'));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0][0]).toMatch(/\/users\/update-room-transfer-request$/);
  expect(posts[0][1]).toEqual({ request_id: 41, action: 'cancel' });
});

test('lists halls with room types, price, capacity and free places; booking shows the hold deadline', async () => {
  const posts = [];
  server({
    onPost: (url, body) => {
      posts.push([url, body]);
      return { body: { success: true, created: true, booking: HELD, waitlist: null }, state: { ...EMPTY, booking: HELD } };
    },
  });
  renderWithProviders(<DormBookingPage />);
  expect(await screen.findByTestId('room-type-3-5')).toHaveTextContent('Двухместная');
  expect(screen.getByTestId('room-type-3-5')).toHaveTextContent('60 000 ₸');
  expect(screen.getByTestId('free-3-5')).toHaveTextContent('Свободно для вас: 1');
  expect(screen.getByTestId('book-3-6')).toHaveTextContent('Встать в лист ожидания');
  fireEvent.click(screen.getByTestId('book-3-5'));
  expect(await screen.findByTestId('hold-deadline')).toHaveTextContent('Место удерживается до');
  expect(posts[0][1]).toEqual({ hall_id: 3, room_type_id: 5, join_waitlist: false });
  expect(screen.getByTestId('booking-room')).toHaveTextContent('Корпус А, Этаж 1, Секция 1, комната 101');
  expect(screen.queryByTestId('book-3-5')).toBeNull(); // one active booking
});

test('the room-type modal shows details; "no places" offers the waitlist', async () => {
  const posts = [];
  server({
    onPost: (url, body) => {
      posts.push(body);
      if (!body.join_waitlist) {
        return { status: 409, body: { success: false, message: 'Свободных мест не осталось', message_key: 'dorm.no_places', errors: {} } };
      }
      return {
        body: { success: true, created: false, booking: null, waitlist: { id: 1, status: 'waiting' } },
        state: {
          ...EMPTY,
          waitlist: { entry: { id: 1, status: 'waiting', hall: HALLS.list[0], room_type: HALLS.list[0].room_types[0] }, position: 2, total: 3 },
        },
      };
    },
  });
  renderWithProviders(<DormBookingPage />);
  fireEvent.click(await screen.findByTestId('details-3-5'));
  expect(await screen.findByTestId('modal-capacity')).toHaveTextContent('Мест в комнате: 2');
  expect(screen.getByTestId('modal-price')).toHaveTextContent('60 000 ₸');
  fireEvent.click(screen.getByTestId('modal-book'));
  fireEvent.click(await screen.findByTestId('join-waitlist'));
  expect(await screen.findByTestId('waitlist-position')).toHaveTextContent('вы 2-й из 3');
  expect(posts.map((b) => b.join_waitlist)).toEqual([false, true]);
});

test('an offer can be accepted; not eligible applicants see why, in English too', async () => {
  const offered = { ...HELD, status: 'offered' };
  const posts = [];
  server({
    state: { ...EMPTY, booking: offered },
    onPost: (url, body) => {
      posts.push([url, body]);
      return { body: { success: true, booking: HELD }, state: { ...EMPTY, booking: HELD } };
    },
  });
  renderWithProviders(<DormBookingPage />);
  expect(await screen.findByTestId('offer-deadline')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('accept-offer'));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0][0]).toMatch(/\/users\/update-booking$/);
  expect(posts[0][1]).toEqual({ action: 'accept_offer', booking_id: 77 });
  expect(await screen.findByTestId('hold-deadline')).toBeInTheDocument();
});

test('not eligible: the reason, and no book buttons', async () => {
  await i18n.changeLanguage('en');
  server({ halls: { ...HALLS, eligible: false, reason_key: 'dorm.no_need' }, state: { ...EMPTY, eligible: false } });
  renderWithProviders(<DormBookingPage />);
  expect(await screen.findByTestId('not-eligible')).toHaveTextContent('does not say that you need a dormitory place');
  expect(screen.queryByTestId('book-3-5')).toBeNull();
});

test('the page is drawn once both reads are in: the halls answering first do not put the notice under the spinner', async () => {
  let answerBooking;
  mockFetch(async (url) => {
    if (url.endsWith('/users/halls')) return { body: { ...HALLS, eligible: false, reason_key: 'dorm.no_need' } };
    if (url.endsWith('/users/check-booking')) {
      await new Promise((resolve) => {
        answerBooking = resolve;
      });
      return { body: { ...EMPTY, eligible: false } };
    }
    return { body: { success: true, list: [], total: 0 } };
  });
  renderWithProviders(<DormBookingPage />);
  // The halls are in, the booking is not: still only the loading state (the notice drawn now would move up when the
  // spinner above it goes: a layout shift on a phone).
  await waitFor(() => expect(answerBooking).toBeDefined());
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(screen.getByRole('status')).toBeInTheDocument();
  expect(screen.queryByTestId('not-eligible')).toBeNull();
  expect(screen.queryByTestId('hall-3')).toBeNull();
  answerBooking();
  expect(await screen.findByTestId('not-eligible')).toBeInTheDocument();
  expect(screen.getByTestId('hall-3')).toBeInTheDocument();
  expect(screen.queryByRole('status')).toBeNull();
});
