/* What the citizens' stepper asks now (req §4; decisions 0068, 0083), without any markup. The card shown is the
 * current step of the server's progress (steps.js), so its title and the stepper's current label are the same. */
import { currentKey } from './steps';

/** Pages that wait for someone else (staff, the grant list) refresh on their own (§4): every 5 s. */
export const POLL_INTERVAL_MS = 5000;

/** The current step's key (a key of stepRegistry.js STEP_REGISTRY), or null when nothing is asked (withdrawn). */
export function actionFor(application) {
  if (!application || !application.progress || application.progress.archived) return null;
  return currentKey(application.progress);
}

/** Whether the stepper polls the application: someone else moves it next (staff confirm the documents, staff
 * enrol a grant holder, staff exempt from the fee or the payment provider confirms). */
export function pollsApplication(application) {
  const action = actionFor(application);
  if (action === 'payment' || action === 'physical_documents_awaiting') return true;
  return action === 'enrolment' && !application.progress.completed;
}
