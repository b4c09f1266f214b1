/* The citizens' stepper registry (decisions 0068, 0083): each step the applicant may be on (the server's progress,
 * stepRules.js actionFor) and the component that shows it. Every component receives the same props:
 *   application  the application (GET /users/application/{id}: current_step, financing, upload_code, ...)
 *   proceed(type?)  Next: POST /users/application-proceed, then the application is refetched; resolves true/false
 *   proceeding   a Next is under way
 *   config       /public-config (admissions office phone and e-mail)
 *   slot         the component registered in SLOTS under the same key, if any
 *
 * SLOTS: content supplied by another module. `payment` is drawn inside PaymentStepSlot; register the payments
 * module's panel by replacing AdmissionFeeStep below, e.g.
 *   import PaymentPanel from '../../components/payment/PaymentPanel';
 *   export const SLOTS = { payment: PaymentPanel };
 */
import { lazy } from 'react';
import AdmissionFeeStep from './steps/AdmissionFeeStep';
import EnrolmentStep from './steps/EnrolmentStep';
import FormStep from './steps/FormStep';
import InstructionStep from './steps/InstructionStep';
import PaymentStepSlot from './steps/PaymentStepSlot';
import PhysicalDocumentsAwaitingStep from './steps/PhysicalDocumentsAwaitingStep';
import { ScholarshipAwaitingStep, ScholarshipResultStep } from './steps/ScholarshipSteps';

// The documents step (its guidance, the grid of slots) is loaded when an application reaches it, not with every
// stepper page (issue 27); StepperPage's action panel renders the step inside Suspense.
const DocumentSubmissionStep = lazy(() => import(/* webpackChunkName: "document-submission" */ './steps/DocumentSubmissionStep'));

export const SLOTS = {
  payment: AdmissionFeeStep,
};

export const STEP_REGISTRY = {
  instruction: InstructionStep,
  payment: PaymentStepSlot,
  form: FormStep,
  document_submission: DocumentSubmissionStep,
  physical_documents_awaiting: PhysicalDocumentsAwaitingStep,
  scholarship_result_awaiting: ScholarshipAwaitingStep,
  // step 7: a grant holder reads the result first; a fee-paying applicant chooses the programme at once
  choose_educational_program: ScholarshipResultStep,
  enrolment: EnrolmentStep,
};
