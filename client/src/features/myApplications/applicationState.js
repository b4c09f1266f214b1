/* The state an application is in, as a catalogue key (issue 11 item 5): a citizen's application by its
 * current_step (req §4; at 8 paid means enrolled, scholarship means waiting for the enrolment order), a foreign
 * one by its admin status (§4: -1 archived, 0 applied, 1 accepted, 2 awaiting visa, 3 enrolled). */
const CITIZEN_STEPS = [0, 1, 2, 3, 4, 5, 6, 7, 10];

export function stateKey(application, isCitizen) {
  if (application.status === -1) return 'application_state.status.archived';
  if (isCitizen) {
    const step = application.current_step;
    if (step === 8) return `application_state.step.8_${application.financing === 'scholarship' ? 'scholarship' : 'paid'}`;
    return `application_state.step.${CITIZEN_STEPS.includes(step) ? step : 0}`;
  }
  if (!application.submittedAt || application.status == null) return 'application_state.status.draft';
  return `application_state.status.${application.status}`;
}

/** The label key of one status-history entry (a transition of the state machine). */
export function transitionKey(entry) {
  return `application_state.transition.${entry.transition}`;
}
