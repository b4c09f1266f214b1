/* /stepper and /stepper/{applicationId} (spec §2 Stepper): the citizens' numbered progress through admission.
 * With an application it shows every step as completed, current or future from the application's current_step
 * (§4) and what the current step asks; without one it shows the physical-presence modal (§2) before the
 * applicant chooses a programme. The actions of the individual steps (instruction, payment, documents) are
 * wired into this page by the stepper issue; until then the current step says how to reach the admissions
 * office instead of offering a button that does nothing. */
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { localizedName } from '../../i18n';
import { useGetApplicationDetailQuery } from '../../components/questionnaire/questionnaireApi';
import { useGetPublicConfigQuery } from '../../api/publicConfigApi';
import { FINANCINGS } from '../../domain';
import { STEP_KEYS, activeIndex, stepState } from './steps';

// The citizens' path cards (/local-select-path): a financing, or attending as a listener.
const FINANCING_TYPES = [...FINANCINGS, 'listen'];

function PhysicalPresenceModal({ type }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const close = () => {
    setOpen(false);
    navigate('/local-select-path');
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="presence-title" data-testid="physical-presence-modal">
      <DialogTitle id="presence-title">{t('stepper.presence.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('stepper.presence.text')}</DialogContentText>
        {type && (
          <DialogContentText sx={{ mt: 1 }} data-testid="presence-type">
            {t(`stepper.financing.${type}`)}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('stepper.presence.back')}</Button>
        <Button variant="contained" component={RouterLink} to={type ? `/apply?type=${type}` : '/apply'} data-testid="presence-continue">
          {t('stepper.presence.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ApplicationStepper({ applicationId }) {
  const { t, i18n } = useTranslation();
  const { data: application, isLoading, isError } = useGetApplicationDetailQuery(applicationId);
  const { data: config } = useGetPublicConfigQuery();

  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  // §8: a failed application fetch goes back to the home page.
  if (isError || !application) return <Navigate to="/" replace />;

  const currentStep = application.current_step;
  const active = activeIndex(currentStep);
  const program = application.study_program ? localizedName(application.study_program, i18n.language) : '';
  const done = active >= STEP_KEYS.length;

  return (
    <>
      <Typography variant="body1" sx={{ mb: 1 }} data-testid="stepper-program">
        {t('stepper.program', { program })}
      </Typography>
      {application.financing && FINANCING_TYPES.includes(application.financing) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="stepper-financing">
          {t(`stepper.financing.${application.financing}`)}
        </Typography>
      )}
      {done && <Alert severity="success" sx={{ mb: 2 }} data-testid="stepper-done">{t('stepper.done')}</Alert>}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stepper activeStep={active} orientation="vertical" aria-label={t('stepper.title')}>
          {STEP_KEYS.map((key, index) => {
            const state = stepState(index, currentStep);
            return (
              <Step key={key} completed={state === 'completed'} active={state === 'current'} data-testid={`stepper-step-${key}`} data-state={state}>
                <StepLabel optional={<Typography variant="caption">{t(`stepper.state.${state}`)}</Typography>}>
                  {t(`stepper.steps.${key}.title`)}
                </StepLabel>
                <StepContent>
                  <Typography sx={{ mb: 1 }}>{t(`stepper.steps.${key}.description`)}</Typography>
                  <Alert severity="info" data-testid="stepper-contact">
                    {t('stepper.contact', { phone: (config && config.contact_phone) || '', email: (config && config.contact_email) || '' })}
                  </Alert>
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

export default function StepperPage() {
  const { t, i18n } = useTranslation();
  const { applicationId } = useParams();
  const [search] = useSearchParams();
  const type = FINANCING_TYPES.includes(search.get('type')) ? search.get('type') : null;
  const id = applicationId && /^\d+$/.test(applicationId) ? Number(applicationId) : null;

  useEffect(() => {
    document.title = `${t('stepper.title')} — ${t('app.name')}`;
  }, [t, i18n.language]);

  if (applicationId && id === null) return <Navigate to="/" replace />;

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>{t('stepper.title')}</Typography>
      {id === null ? <PhysicalPresenceModal type={type} /> : <ApplicationStepper applicationId={id} />}
    </>
  );
}
