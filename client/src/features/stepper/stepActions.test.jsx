/* The citizens' stepper actions (req §2 Stepper, §4, §5; decision 0068): each step's component, its Next through
 * POST /users/application-proceed and the refetch that follows, the payment slot, polling rules. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../testUtils';
import StepperPage from './StepperPage';
import { POLL_INTERVAL_MS, actionFor, pollsApplication } from './stepRules';
import { SLOTS, STEP_REGISTRY } from './stepRegistry';
import AdmissionFeeStep from './steps/AdmissionFeeStep';
import PaymentStepSlot from './steps/PaymentStepSlot';
import { withProgress } from './progressFixtures';

const PROGRAM = { id: 3, name_ru: 'Бакалавриат', name_en: "Bachelor's degree", name_kk: 'Бакалавриат' };
const CONFIG = { contact_phone: '+7 727 000 00 00', contact_email: 'info@u.kz' };

/** Serves the application (a function of the number of fetches so far) and records what the page sends. */
function serve({ application, proceed = () => ({ body: { success: true } }), scholarship, steps }) {
  const calls = { detail: 0, proceed: [], scholarship: 0, steps: [] };
  const fn = mockFetch(async (url, request) => {
    if (url.includes('/users/application-proceed')) {
      const body = await request.json();
      calls.proceed.push(body);
      return proceed(body);
    }
    if (url.includes('/users/application/')) {
      calls.detail += 1;
      const item = typeof application === 'function' ? application(calls.detail) : application;
      return { body: { success: true, item } };
    }
    if (url.includes('/users/check-gov-scholarship/')) {
      calls.scholarship += 1;
      return typeof scholarship === 'function' ? scholarship(calls.scholarship) : { body: scholarship };
    }
    if (url.includes('/users/steps')) {
      const body = await request.json();
      calls.steps.push(body);
      return { body: { success: true, steps: steps || [], variant: 'home' } };
    }
    if (url.includes('/users/fill-items/')) return { body: { success: true, fill_items: [] } };
    if (url.includes('/get-study-program-info/')) return { body: { success: true, studyProgramInfo: { isRegularBachelors: true } } };
    if (url.endsWith('/public-config')) return { body: CONFIG };
    if (url.includes('/users/check-payment-step/')) {
      return { body: { success: true, paid: false, fee_settled: false, is_exempted_from_payment: false, amount: 10000, currency: 'KZT', payment: null, receipt: null } };
    }
    return { status: 404, body: {} };
  });
  return { calls, fn };
}

const app = (extra) => withProgress({ id: 7, current_step: 1, financing: 'scholarship', study_program: PROGRAM, upload_code: '1234567', ...extra });
const open = () => renderWithProviders(<StepperPage />, { route: '/stepper/7', path: '/stepper/:applicationId' });

test('every current step of §4 has a registered component; the payment step is the slot with AdmissionFeeStep in it', () => {
  const actions = [1, 2, 3, 4, 5, 6, 7, 8, 10].map((step) => actionFor(app({ current_step: step })));
  expect(actions).toEqual([
    'instruction', 'payment', 'form', 'document_submission', 'physical_documents_awaiting',
    'scholarship_result_awaiting', 'choose_educational_program', 'enrolment', 'enrolment',
  ]);
  actions.forEach((action) => expect(STEP_REGISTRY[action]).toBeDefined());
  expect(STEP_REGISTRY.payment).toBe(PaymentStepSlot);
  expect(SLOTS.payment).toBe(AdmissionFeeStep);
  expect(actionFor(app({ current_step: 3, status: -1 }))).toBeNull();
});

test('awaiting pages poll the application; pages the applicant acts on do not', () => {
  expect(POLL_INTERVAL_MS).toBe(5000);
  expect(pollsApplication(app({ current_step: 2 }))).toBe(true);
  expect(pollsApplication(app({ current_step: 5 }))).toBe(true);
  expect(pollsApplication(app({ current_step: 8, financing: 'scholarship' }))).toBe(true);
  expect(pollsApplication(app({ current_step: 8, financing: 'paid' }))).toBe(false);
  [1, 3, 4, 6, 7, 10].forEach((step) => expect(pollsApplication(app({ current_step: step, financing: 'scholarship' }))).toBe(false));
});

test('instruction: Next waits for all five ticks, then proceeds and refetches the application', async () => {
  const { calls } = serve({ application: (n) => app({ current_step: n === 1 ? 1 : 2 }) });
  open();
  const panel = await screen.findByTestId('stepper-action-instruction');
  const next = within(panel).getByTestId('step-next');
  expect(within(panel).getAllByRole('checkbox')).toHaveLength(5);
  ['rules', 'presence', 'fee', 'tracking'].forEach((key) => fireEvent.click(screen.getByTestId(`instruction-${key}`)));
  expect(next).toBeDisabled();
  fireEvent.click(screen.getByTestId('instruction-accept'));
  expect(next).toBeEnabled();
  fireEvent.click(next);
  await waitFor(() => expect(calls.proceed).toEqual([{ application_id: 7 }]));
  expect(await screen.findByTestId('stepper-action-payment')).toBeInTheDocument();
  expect(calls.detail).toBeGreaterThanOrEqual(2);
});

test('payment: the fee of 10 000 tenge and no Next unless exempted; an exempted application skips', async () => {
  serve({ application: app({ current_step: 2, is_exempted_from_payment: false }) });
  const { unmount } = open();
  const slot = await screen.findByTestId('payment-step-slot');
  expect(slot).toHaveAttribute('aria-label', 'Оплата вступительного взноса');
  expect(within(slot).getByTestId('payment-amount')).toHaveTextContent(/10\s000 тенге/);
  expect(within(slot).queryByTestId('step-next')).toBeNull();
  expect(within(slot).getByTestId('payment-hint')).toHaveTextContent('+7 727 000 00 00');
  // the payments module's panel: consent before anything is charged (its own tests cover the rest)
  expect(await within(slot).findByTestId('payment-consent')).toBeInTheDocument();
  unmount();

  const { calls } = serve({ application: app({ current_step: 2, is_exempted_from_payment: true }) });
  open();
  const exempted = await screen.findByTestId('payment-exempted');
  expect(exempted).toHaveTextContent('освобождены');
  fireEvent.click(screen.getByTestId('step-next'));
  await waitFor(() => expect(calls.proceed).toEqual([{ application_id: 7 }]));
});

test('a refused Next shows the server message (409 payment required) and stays', async () => {
  serve({
    application: app({ current_step: 2, is_exempted_from_payment: true }),
    proceed: () => ({
      status: 409,
      body: { success: false, message: 'x', message_key: 'stepper.payment_required', errors: {} },
    }),
  });
  open();
  fireEvent.click(await screen.findByTestId('step-next'));
  expect(await screen.findByText('Сначала оплатите вступительный взнос 10 000 тенге')).toBeInTheDocument();
  expect(screen.getByTestId('stepper-action-payment')).toBeInTheDocument();
});

test('documents: the upload code for the staff hand-over (recommended) or the self-upload page', async () => {
  const { calls } = serve({ application: app({ current_step: 4 }) });
  open();
  const handover = await screen.findByTestId('handover-option');
  expect(within(handover).getByText('Рекомендуется')).toBeInTheDocument();
  expect(within(handover).getByTestId('upload-code')).toHaveTextContent('1234567');
  expect(screen.getByTestId('go-self-upload')).toHaveAttribute('href', '/documents-upload/7');
  fireEvent.click(within(handover).getByTestId('choose-handover'));
  await waitFor(() => expect(calls.proceed).toEqual([{ application_id: 7, type: 'handover' }]));
  // the form step stays open at 4 and 5 (§4): the submitted questionnaire can be opened read-only
  expect(within(screen.getByTestId('stepper-step-form')).getByTestId('toggle-form')).toBeInTheDocument();
});

test('step 5: the orange banner until staff confirm; the polled application moves the page on', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    const { calls } = serve({ application: (n) => app({ current_step: n < 2 ? 5 : 6 }), scholarship: { success: true, awarded: false, published: false, year: 2026, grant: null } });
    open();
    const banner = await screen.findByTestId('awaiting-documents-banner');
    expect(banner).toHaveTextContent('Ожидается подтверждение получения ваших оригиналов документов');
    expect(banner).toHaveTextContent('1234567');
    expect(banner.className).toMatch(/Warning/);
    await act(async () => {
      jest.advanceTimersByTime(POLL_INTERVAL_MS + 100);
    });
    expect(await screen.findByTestId('scholarship-pending')).toHaveTextContent('2026');
    expect(calls.detail).toBeGreaterThanOrEqual(2);
    expect(calls.scholarship).toBeGreaterThanOrEqual(1);
  } finally {
    jest.useRealTimers();
  }
});

test('step 7, not awarded: a clear message and "continue on a paid basis" (type paid)', async () => {
  const { calls } = serve({
    application: app({ current_step: 7 }),
    scholarship: { success: true, awarded: false, published: true, year: 2026, grant: null },
  });
  open();
  expect(await screen.findByTestId('scholarship-not-awarded')).toHaveTextContent('нет в списке обладателей грантов на 2026 год');
  expect(calls.scholarship).toBe(1);
  fireEvent.click(screen.getByTestId('continue-paid'));
  await waitFor(() => expect(calls.proceed).toEqual([{ application_id: 7, type: 'paid' }]));
});

test('step 7, awarded: the grant and the stepper questionnaire (grant documents, program choice)', async () => {
  const { calls } = serve({
    application: app({ current_step: 7 }),
    scholarship: { success: true, awarded: true, published: true, year: 2026, grant: { grant_kind: 'Государственный грант', programme_group: 'B057' } },
    steps: [{ key: 'chooseEducationalProgram', title: 'form.chooseEducationalProgram.title', fields: [] }],
  });
  open();
  expect(await screen.findByTestId('scholarship-awarded')).toHaveTextContent('Государственный грант (группа образовательных программ B057)');
  await waitFor(() => expect(calls.steps).toEqual([{ application_id: 7, type: 'stepper' }]));
  expect(await screen.findByTestId('questionnaire-step-chooseEducationalProgram')).toBeInTheDocument();
  expect(screen.getByTestId('questionnaire-submit')).toHaveTextContent('Подтвердить выбор');
});

test('step 7, paid: the program choice without a scholarship check', async () => {
  const { calls } = serve({ application: app({ current_step: 7, financing: 'paid' }), steps: [] });
  open();
  expect(await screen.findByTestId('step-choose-program')).toBeInTheDocument();
  expect(calls.scholarship).toBe(0);
});

test.each([
  [8, 'paid', 'enrolment-paid', 'Вы зачислены на платной основе на программу «Бакалавриат»'],
  [8, 'scholarship', 'enrolment-waiting', 'Ожидайте приказа о зачислении'],
  [10, 'scholarship', 'enrolment-scholarship', 'по государственному гранту'],
])('enrolment page at step %s (%s)', async (step, financing, testId, text) => {
  serve({ application: app({ current_step: step, financing }) });
  open();
  expect(await screen.findByTestId(testId)).toHaveTextContent(text);
});

test('the stepper speaks Kazakh and English', async () => {
  const i18n = (await import('../../i18n')).default;
  serve({ application: app({ current_step: 5 }) });
  await act(async () => {
    await i18n.changeLanguage('kk');
  });
  try {
    const { unmount } = open();
    expect(await screen.findByTestId('awaiting-documents-banner')).toHaveTextContent('Құжаттарыңыздың түпнұсқаларын алғаны туралы растау күтілуде');
    unmount();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    open();
    expect(await screen.findByTestId('awaiting-documents-banner')).toHaveTextContent('Awaiting confirmation of your physical documents');
  } finally {
    await act(async () => {
      await i18n.changeLanguage('ru');
    });
  }
});
