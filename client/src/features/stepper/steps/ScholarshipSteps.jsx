/* Steps 6 and 7 (req §4: "at step 7 the government scholarship check runs"; the awaiting-grant page advances
 * automatically). GET /users/check-gov-scholarship/{id} runs when the step opens; while the year's list is not
 * published the awaiting page repeats it (the server records the result, 6 → 7, once it is). At 7: awarded →
 * the grant supporting documents and the program choice; not awarded → a clear message and "continue on a paid
 * basis" (continue_paid, a recorded transition); a paid application chooses its program. */
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import Questionnaire from '../../../components/questionnaire/LazyQuestionnaire';
import { apiErrorMessage } from '../../../components/apiError';
import { stepperApi, useCheckGovScholarshipQuery } from '../stepperApi';
import { POLL_INTERVAL_MS } from '../stepRules';

function Checking() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} role="status">
      <CircularProgress size={24} aria-label={t('common.loading')} />
      <Typography>{t('stepper_actions.awaiting_result.checking')}</Typography>
    </Box>
  );
}

/** §3 ChooseEducationalProgram (and, for a scholarship holder, the grant supporting documents before it):
 * the stepper steps of the questionnaire; the last button saves, then Next (choose_program, 7 → 8). */
export function ChooseEducationalProgramStep({ application, proceed }) {
  return (
    <Box data-testid="step-choose-program">
      <Questionnaire
        applicationId={application.id}
        type="stepper"
        saveOnly
        submitLabel="stepper_actions.program.confirm"
        onSubmitted={() => proceed()}
      />
    </Box>
  );
}

export function ScholarshipAwaitingStep({ application }) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const { data, error, isLoading } = useCheckGovScholarshipQuery(application.id, { pollingInterval: POLL_INTERVAL_MS });
  const published = Boolean(data && data.published);
  useEffect(() => {
    if (published) dispatch(stepperApi.util.invalidateTags(['Application'])); // the server moved it to step 7
  }, [published, dispatch]);

  if (isLoading) return <Checking />;
  if (error) return <Alert severity="error" data-testid="scholarship-error">{apiErrorMessage(error, t, i18n)}</Alert>;
  return (
    <Alert severity="info" data-testid="scholarship-pending" role="status">
      {t('stepper_actions.awaiting_result.pending', { year: data ? data.year : '' })}
    </Alert>
  );
}

export function ScholarshipResultStep({ application, proceed, proceeding }) {
  const { t, i18n } = useTranslation();
  const paid = application.financing !== 'scholarship';
  const { data, error, isLoading } = useCheckGovScholarshipQuery(application.id, { skip: paid });

  if (paid) {
    return (
      <Box data-testid="step-scholarship-result">
        <Typography sx={{ mb: 2 }}>{t('stepper_actions.result.paid')}</Typography>
        <ChooseEducationalProgramStep application={application} proceed={proceed} />
      </Box>
    );
  }
  if (isLoading) return <Checking />;
  if (error) return <Alert severity="error" data-testid="scholarship-error">{apiErrorMessage(error, t, i18n)}</Alert>;
  if (data && data.awarded) {
    const grant = data.grant || {};
    return (
      <Box data-testid="step-scholarship-result">
        <Alert severity="success" sx={{ mb: 2 }} data-testid="scholarship-awarded">
          {t('stepper_actions.result.awarded', { kind: grant.grant_kind || '', group: grant.programme_group || '' })}
        </Alert>
        <Typography sx={{ mb: 2 }}>{t('stepper_actions.result.awarded_next')}</Typography>
        <ChooseEducationalProgramStep application={application} proceed={proceed} />
      </Box>
    );
  }
  return (
    <Box data-testid="step-scholarship-result">
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="scholarship-not-awarded">
        {t('stepper_actions.result.not_awarded', { year: data ? data.year : '' })}
      </Alert>
      <Typography sx={{ mb: 2 }}>{t('stepper_actions.result.continue_paid_hint')}</Typography>
      <Button variant="contained" disabled={proceeding} onClick={() => proceed('paid')} data-testid="continue-paid">
        {t('stepper_actions.result.continue_paid')}
      </Button>
    </Box>
  );
}
