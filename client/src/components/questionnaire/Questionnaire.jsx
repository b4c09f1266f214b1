/* The questionnaire (req §2 Questionnaire, design §7): reused by /apply (foreign applicants) and the citizens'
 * stepper. State and behaviour live in useQuestionnaire; this component only draws them: progress, the current
 * step's fields (StepForm) and Back / Next / Submit.
 *
 * Props: applicationId, type ('fill'), onSubmitted(application), fromAdmin + adminSelectedUserId (staff),
 * readOnly (force), saveOnly (answers given after the submission: the last step saves, then onSubmitted),
 * submitLabel (the last button's text key), draftSave + draftSaveLabel (staff intake: the last step has Save
 * instead of Submit, a partial save; onSaved()).
 */
import { memo, useDeferredValue, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../apiError';
import QuestionnaireProgress from './QuestionnaireProgress';
import StepActions from './StepActions';
import StepForm from './StepForm';
import useQuestionnaire from './useQuestionnaire';
import useFocusOnChange from '../focus/useFocusOnChange';
import { fieldFocusTarget } from './focusField';

export { REFETCH_DELAY_MS } from './useStepNavigation';

// Drawn again when the step, the saved steps or the read-only state change, not on every key press (issue 27).
const Progress = memo(QuestionnaireProgress);

export default function Questionnaire(props) {
  const { t, i18n } = useTranslation();
  const q = useQuestionnaire(props);
  // Once the answers are there, the step's form is drawn in a background render, which React interrupts to let the
  // browser handle input: drawn at once it was one task of a few hundred ms on a phone (decision 0070).
  const drawn = useDeferredValue(q.status !== 'loading');
  // Decision 0077: after a step change (Next, Back, a step of the stepper) the focus goes to the new step's heading,
  // which says where the applicant is now; after a jump to a step the server found errors on, to its first error.
  const heading = useRef(null);
  useFocusOnChange(q.step && drawn ? q.step.key : null, () => fieldFocusTarget(q.takeArrivalField()) || heading.current);

  if (q.status === 'loading' || !drawn) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status" data-testid="questionnaire-loading">
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (q.status === 'error') {
    return (
      <Alert
        severity="error"
        data-testid="questionnaire-error"
        action={
          <Button color="inherit" size="small" onClick={q.retry}>
            {t('common.retry')}
          </Button>
        }
      >
        {apiErrorMessage(q.error, t, i18n)}
      </Alert>
    );
  }
  if (q.status === 'empty') return <Alert severity="info">{t('questionnaire.no_steps')}</Alert>;

  return (
    <QuestionnaireStep
      q={q}
      heading={heading}
      applicationId={props.applicationId}
      draftSave={props.draftSave}
      draftSaveLabel={props.draftSaveLabel}
      submitLabel={props.submitLabel}
    />
  );
}

/** The open step as the questionnaire draws it once its reads have answered: progress, notices, the step's fields
 * and its buttons, from `q` (useQuestionnaire's result). Its own component so the build's prerender of /apply/<id>
 * can draw it with a representative step and put the rules it needs in the page's <style>
 * (prerender/questionnaireStyles.jsx). */
export function QuestionnaireStep({ q, heading, applicationId, draftSave, draftSaveLabel, submitLabel }) {
  const { t } = useTranslation();
  const { step } = q;
  return (
    <Box data-testid="questionnaire" ref={q.topRef}>
      <Progress steps={q.steps} index={q.index} saved={q.saved} readOnly={q.readOnly} onOpen={q.goTo} />
      {q.submitted && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="questionnaire-submitted">
          {t('questionnaire.read_only')}
        </Alert>
      )}
      {q.savedNotice && (
        // Read to screen readers through the one polite live region (useSaveSubmit); shown here for the eyes.
        <Typography variant="body2" sx={{ color: 'success.dark', mb: 1 }} data-testid="step-saved">
          {q.savedNotice.text}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="questionnaire-step-title">
        <Typography
          component="h2"
          variant="h5"
          id="questionnaire-step-title"
          ref={heading}
          tabIndex={-1}
          sx={{ mb: 2 }}
          data-testid={`questionnaire-step-${step.key}`}
        >
          {t(step.title)}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            q.onNext(q.isLast);
          }}
        >
          <StepForm
            step={step}
            data={q.data}
            ctx={q.ctx}
            onChange={q.onChange}
            onGroupChange={q.onGroupChange}
            errors={q.errors}
            errorFocus={q.errorFocus}
            // the whole step at once when a field of it is about to take the focus (a failed Next or save)
            drawAll={q.awaitsArrivalField || Object.keys(q.errors).length > 0}
            readOnly={q.readOnly}
            fileStore={q.fileStore}
            uploads={q.uploads}
            onRetryUpload={q.retryUploads}
            applicationId={applicationId}
          />
          <StepActions
            isFirst={q.index === 0}
            isLast={q.isLast}
            readOnly={q.readOnly}
            saving={q.saving}
            busy={q.busy}
            onBack={q.onBack}
            onNext={q.onNext}
            draftSave={Boolean(draftSave)}
            draftSaveLabel={draftSaveLabel}
            onDraftSave={q.onSaveDraft}
            submitLabel={submitLabel}
          />
        </Box>
      </Paper>
    </Box>
  );
}
