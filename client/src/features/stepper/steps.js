/* The citizens' stepper (req §2 Stepper, §4 Application progress): step keys in order, and each step's state
 * for an application's current_step. Step index equals current_step: earlier steps are completed, the equal one
 * is current; the form step stays open while current_step is 4 or 5. */
export const STEP_KEYS = [
  'choose_study_program',
  'instruction',
  'payment',
  'form',
  'physical_documents_awaiting',
  'document_submission',
  'scholarship_result_awaiting',
  'choose_educational_program',
];

const FORM_INDEX = STEP_KEYS.indexOf('form');
export const FORM_OPEN_STEPS = [4, 5];

/** 'completed' | 'current' | 'future' for the step at `index`, given the application's current_step. */
export function stepState(index, currentStep) {
  const step = Number.isInteger(currentStep) ? currentStep : 0;
  if (index === FORM_INDEX && FORM_OPEN_STEPS.includes(step)) return 'current';
  if (index < step) return 'completed';
  if (index === step) return 'current';
  return 'future';
}

/** The index of the step the applicant is on (the last step once everything is done). */
export function activeIndex(currentStep) {
  const step = Number.isInteger(currentStep) ? currentStep : 0;
  return Math.min(Math.max(step, 0), STEP_KEYS.length);
}
