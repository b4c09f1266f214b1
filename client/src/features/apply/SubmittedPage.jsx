import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useGetApplicationDetailQuery } from '../../components/questionnaire/questionnaireApi';
import { usePublicConfig } from '../../api/publicConfigApi';
import { selectUser } from '../../session/sessionSlice';
import { localizedName } from '../../i18n';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

const NEXT_STEPS = ['step_1', 'step_2', 'step_3'];

/**
 * /apply/{id}/submitted (issue 10): after Submit the applicant learns what happens next and whom to ask, instead of
 * landing on the home cards. An application that is not submitted yet goes back to its questionnaire.
 */
export default function SubmittedPage() {
  const { t, i18n } = useTranslation();
  const { applicationId } = useParams();
  const user = useSelector(selectUser);
  const { data: application, isLoading, isFetching } = useGetApplicationDetailQuery(Number(applicationId));
  const config = usePublicConfig();
  const heading = useRef(null);

  useDocumentTitle(t('apply.submitted.title'));
  useEffect(() => {
    if (heading.current) heading.current.focus();
  }, [application]);

  // Right after Submit the cached application may still be the unsubmitted one while it is fetched again.
  if (isLoading || !application || (!application.submittedAt && isFetching)) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (!application.submittedAt) return <Navigate to={`/apply/${applicationId}`} replace />;

  const phone = (config && config.contact_phone) || '';
  const email = (config && config.contact_email) || '';
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }} data-testid="submitted-page">
      <Box>
        <Typography component="h1" variant="h1" gutterBottom tabIndex={-1} ref={heading} sx={{ outline: 'none' }}>
          {t('apply.submitted.title')}
        </Typography>
        <Alert severity="success" data-testid="submitted-lead">
          {t('apply.submitted.lead', { id: application.id, program: localizedName(application.study_program, i18n.language) })}
          {user && user.email ? ` ${t('apply.submitted.mail', { email: user.email })}` : ''}
        </Alert>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="submitted-next">
        <Typography component="h2" variant="h5" id="submitted-next" sx={{ mb: 2 }}>
          {t('apply.submitted.next_title')}
        </Typography>
        <Stepper orientation="vertical" activeStep={0} data-testid="submitted-steps">
          {NEXT_STEPS.map((key) => (
            <Step key={key} expanded>
              <StepLabel>{t(`apply.submitted.${key}`)}</StepLabel>
              <StepContent />
            </Step>
          ))}
        </Stepper>
      </Paper>
      {(phone || email) && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="submitted-contacts" data-testid="submitted-contacts">
          <Typography component="h2" variant="h5" id="submitted-contacts" sx={{ mb: 1 }}>
            {t('apply.submitted.contacts_title')}
          </Typography>
          {phone && (
            <Typography>
              {t('apply.submitted.phone')}: <Link href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</Link>
            </Typography>
          )}
          {email && (
            <Typography>
              {t('apply.submitted.email')}: <Link href={`mailto:${email}`}>{email}</Link>
            </Typography>
          )}
        </Paper>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" component={RouterLink} to="/my-applications" data-testid="submitted-my-applications">
          {t('apply.submitted.my')}
        </Button>
        <Button variant="outlined" component={RouterLink} to={`/apply/${application.id}`} data-testid="submitted-open">
          {t('apply.submitted.open')}
        </Button>
      </Stack>
    </Stack>
  );
}
