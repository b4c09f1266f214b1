/* The citizens' stepper (req §2 Stepper, §4 Application progress; decision 0083). The server derives every step's
 * state from the state machine (GET /users/application/{id} → progress: {current, archived, completed, steps:
 * [{key, label_key, state}]}); the client only draws it. A step the application's path skips (the grant steps of a
 * fee-paying application) comes as `hidden` and is left out. */

/** Server state → the stepper.state.* label key. */
export const STATE_LABELS = { done: 'completed', current: 'current', upcoming: 'future' };

/** The steps to draw, in order: every step that is not hidden. */
export function visibleSteps(progress) {
  return ((progress && progress.steps) || []).filter((step) => step.state !== 'hidden');
}

/** The key of the one current step (null without progress). */
export function currentKey(progress) {
  return (progress && progress.current) || null;
}
