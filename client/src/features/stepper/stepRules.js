/* What the citizens' stepper asks at each current_step (req §4; decision 0068), without any markup.
 * The step keys and their completed/current/future states are in steps.js (decision 0033). */

/** Pages that wait for someone else (staff, the grant list) refresh on their own (§4): every 5 s. */
export const POLL_INTERVAL_MS = 5000;

/** current_step → the action the applicant sees now (a key of stepRegistry.js STEP_REGISTRY). */
const ACTION_BY_STEP = {
  1: 'instruction',
  2: 'payment',
  3: 'form',
  4: 'document_submission',
  5: 'physical_documents_awaiting',
  6: 'scholarship_result_awaiting',
  7: 'scholarship_result',
  8: 'enrolment',
  10: 'enrolment',
};

export function actionFor(application) {
  if (!application || application.status === -1) return null;
  return ACTION_BY_STEP[application.current_step] || null;
}

/** Whether the stepper polls the application: someone else moves it next (staff confirm the documents, staff
 * enrol a scholarship holder at 8, staff exempt from the fee or the payment provider confirms at 2). */
export function pollsApplication(application) {
  const action = actionFor(application);
  if (action === 'payment' || action === 'physical_documents_awaiting') return true;
  return action === 'enrolment' && application.current_step === 8 && application.financing === 'scholarship';
}
