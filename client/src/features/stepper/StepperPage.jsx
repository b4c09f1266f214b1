/* /stepper and /stepper/{applicationId} (req §2 Stepper): the citizens' numbered progress through admission.
 * With an application it shows what to do now — the component stepRegistry.js registers for the current step
 * (stepRules.js), whose Next calls POST /users/application-proceed and refetches — above every step of the path,
 * each completed, current or future as the server derived it from the state machine (decision 0083): exactly one
 * is current and the card above carries its title. Pages that wait for staff or the grant list poll (§4). Without an application it shows the physical-presence modal (§2) before the programme choice. */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { localizedName } from '../../i18n';
import { useGetApplicationDetailQuery } from '../../components/questionnaire/questionnaireApi';
import { useGetPublicConfigQuery, usePublicConfig } from '../../api/publicConfigApi';
import { useFirstScreenHold } from '../../api/firstScreen';
import { FINANCINGS } from '../../domain';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { STATE_LABELS, visibleSteps } from './steps';
import { POLL_INTERVAL_MS, actionFor, pollsApplication } from './stepRules';
import { SLOTS, STEP_REGISTRY } from './stepRegistry';
import { SubmittedForm } from './steps/FormStep';
import { useApplicationProceedMutation } from './stepperApi';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import StepperSkeleton from './StepperSkeleton';

// /stepper's physical-presence notice (a dialog) only on /stepper itself (issue 27).
const PhysicalPresenceModal = lazy(() => import(/* webpackChunkName: "presence-modal" */ './PhysicalPresenceModal'));
// The citizens' financing cards (home and /local-select-path); the listener card has its own page (decision 0068).
const FINANCING_TYPES = FINANCINGS;
const FORM_OPEN_AT = ['document_submission', 'physical_documents_awaiting'];

/** Next on the current step: application-proceed, then (through the Application tag) the application refetches. */
function useProceed(applicationId) {
  const { t, i18n } = useTranslation();
  const { showError } = useSnackbar();
  const [mutate, { isLoading }] = useApplicationProceedMutation();
  const proceed = useCallback(
    async (type) => {
      try {
        await mutate({ applicationId, type }).unwrap();
        return true;
      } catch (error) {
        showError(apiErrorMessage(error, t, i18n));
        return false;
      }
    },
    [mutate, applicationId, showError, t, i18n],
  );
  return [proceed, isLoading];
}

/** What to do now: the registered component of the current action (stepRegistry.js). */
function ActionPanel({ application, config }) {
  const { t } = useTranslation();
  const [proceed, proceeding] = useProceed(application.id);
  const action = actionFor(application);
  const Component = action && STEP_REGISTRY[action];
  if (!Component) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} component="section" aria-labelledby="stepper-action-title" data-testid={`stepper-action-${action}`}>
      <Typography component="h2" variant="h5" id="stepper-action-title" sx={{ mb: 2 }}>
        {t(`stepper.steps.${action}.title`)}
      </Typography>
      {/* Some steps are loaded when reached (stepRegistry.js): a short spinner meanwhile. */}
      <Suspense fallback={<CircularProgress size={24} aria-label={t('common.loading')} />}>
        <Component application={application} proceed={proceed} proceeding={proceeding} config={config} slot={SLOTS[action]} />
      </Suspense>
    </Paper>
  );
}

function ApplicationStepper({ applicationId }) {
  const { t, i18n } = useTranslation();
  const [polling, setPolling] = useState(false);
  // Awaiting pages move on by themselves (§4): the application is polled while someone else acts next.
  const { data: application, isLoading, isError } = useGetApplicationDetailQuery(applicationId, {
    pollingInterval: polling ? POLL_INTERVAL_MS : 0,
  });
  const config = usePublicConfig();
  const shouldPoll = Boolean(application && pollsApplication(application));
  useEffect(() => setPolling(shouldPoll), [shouldPoll]);

  if (isLoading) return <StepperSkeleton />;
  // §8: a failed application fetch goes back to the home page.
  if (isError || !application) return <Navigate to="/" replace />;

  const { progress } = application;
  const steps = visibleSteps(progress);
  const active = steps.findIndex((step) => step.state === 'current');
  const program = application.study_program ? localizedName(application.study_program, i18n.language) : '';
  const done = Boolean(progress && progress.completed);
  // §4: the submitted form stays open (read-only) while the documents are being handed over
  const formOpen = Boolean(progress) && FORM_OPEN_AT.includes(progress.current);

  return (
    <>
      <Typography variant="body1" sx={{ mb: 1 }} data-testid="stepper-program">
        {t('stepper.program', { program })}
      </Typography>
      {application.financing && FINANCINGS.includes(application.financing) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="stepper-financing">
          {t(`stepper.financing.${application.financing}`)}
        </Typography>
      )}
      {done && <Alert severity="success" sx={{ mb: 2 }} data-testid="stepper-done">{t('stepper.done')}</Alert>}
      {progress && progress.archived && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="stepper-archived">{t('stepper.archived')}</Alert>
      )}
      <ActionPanel application={application} config={config} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stepper activeStep={active} orientation="vertical" aria-label={t('stepper.title')}>
          {steps.map((step) => {
            const state = STATE_LABELS[step.state];
            const current = step.state === 'current';
            return (
              <Step
                key={step.key}
                completed={step.state === 'done'}
                active={current}
                data-testid={`stepper-step-${step.key}`}
                data-state={state}
                aria-current={current ? 'step' : undefined}
                expanded={step.key === 'form' && formOpen ? true : undefined}
              >
                <StepLabel optional={<Typography variant="caption">{t(`stepper.state.${state}`)}</Typography>}>
                  {t(step.label_key)}
                </StepLabel>
                <StepContent>
                  <Typography sx={{ mb: 1 }}>{t(`stepper.steps.${step.key}.description`)}</Typography>
                  {step.key === 'form' && formOpen && <SubmittedForm application={application} />}
                  {step.key !== 'form' && current && (
                    <Typography variant="body2" color="text.secondary" data-testid="stepper-contact">
                      {t('stepper.contact', { phone: (config && config.contact_phone) || '', email: (config && config.contact_email) || '' })}
                    </Typography>
                  )}
                </StepContent>
              </Step>
            );
          })}
        </Stepper>
      </Paper>
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/my-applications" variant="outlined">{t('stepper.my_applications')}</Button>
      </Box>
    </>
  );
}

/** waiting: /stepper/<id> while its guard (app/RequireOwnApplication) reads the application: the heading and the
 * stepper's skeleton, the same for every applicant, so this first screen is prerendered (decision 0070). */
export default function StepperPage({ waiting = false }) {
  const { t } = useTranslation();
  const { applicationId } = useParams();
  const [search] = useSearchParams();
  const type = FINANCING_TYPES.includes(search.get('type')) ? search.get('type') : null;
  const id = applicationId && /^\d+$/.test(applicationId) ? Number(applicationId) : null;
  // The application's arrival turns the skeleton into the whole stepper (card, step, list of steps): rendered as a
  // deferred update, which React renders in slices the browser can paint and handle input between, instead of
  // one long task on a phone (total blocking time).
  const skeleton = useDeferredValue(waiting);
  // The reads nothing here is drawn from wait until that deferred render has committed (api/firstScreen.js).
  useFirstScreenHold(skeleton && id !== null);
  // The office's phone and e-mail (the current step's contact line) are read alongside the application, not after
  // it: the card is drawn once, without its contact line changing length (and the page below it moving) later.
  useGetPublicConfigQuery(undefined, { skip: id === null });

  useDocumentTitle(t('stepper.title'));

  if (applicationId && id === null) return <Navigate to="/" replace />;

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>{t('stepper.title')}</Typography>
      {id === null ? (
        <Suspense fallback={null}>
          <PhysicalPresenceModal type={type} />
        </Suspense>
      ) : skeleton ? (
        <StepperSkeleton />
      ) : (
        <ApplicationStepper applicationId={id} />
      )}
    </>
  );
}
