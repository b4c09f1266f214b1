/* /my-applications (req §2): one card per application with the programme, the creation date, its real state
 * (a citizen's step, a foreign applicant's status: issue 11 item 5), its status history from the state machine
 * (GET /users/application/{id} status_history, loaded when opened), the receipt slot of the payments module, its
 * official letters (LetterSlot, issue 26), and the buttons 'Открыть анкету' (→ /apply/{id}), for citizens 'Этапы
 * поступления' (→ /stepper/{id}), and 'Добавить заявку' (→ /apply). */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Grid from '@mui/material/Grid2';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { localizedName } from '../../i18n';
import { useGetMyApplicationsQuery } from './myApplicationsApi';
import { formatDate } from '../../components/dates/dates';
import DormitoryLink from '../../components/DormitoryLink';
import { useGetApplicationDetailQuery } from '../../components/questionnaire/questionnaireApi';
import { isKazakhstanCitizenship, useDomain } from '../../domain';
import { stateKey, transitionKey } from './applicationState';
import ReceiptSlot, { useReceiptsByApplication } from './ReceiptSlot';
import LetterSlot, { useLettersByApplication } from './LetterSlot';
import DocumentsToFix from './DocumentsToFix';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

function HistoryList({ applicationId }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetApplicationDetailQuery(applicationId);
  if (isLoading) return <CircularProgress size={20} aria-label={t('common.loading')} />;
  if (isError || !data) return <Alert severity="error">{t('errors.generic')}</Alert>;
  const history = data.status_history || [];
  if (history.length === 0) return <Typography variant="body2">{t('application_state.history_empty')}</Typography>;
  return (
    <List dense disablePadding data-testid={`application-history-${applicationId}`}>
      {history.map((entry, index) => (
        <ListItem key={index} disableGutters>
          <ListItemText primary={t(transitionKey(entry))} secondary={formatDate(entry.createdAt)} />
        </ListItem>
      ))}
    </List>
  );
}

/** The status history, fetched when the applicant opens it. */
function History({ applicationId }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Accordion disableGutters elevation={0} sx={{ mt: 2, '&:before': { display: 'none' } }} expanded={open} onChange={(_, value) => setOpen(value)}>
      <AccordionSummary aria-controls={`history-${applicationId}`} id={`history-${applicationId}-summary`} data-testid={`toggle-history-${applicationId}`} sx={{ px: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>{t('application_state.history_title')}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`history-${applicationId}`} sx={{ px: 0 }}>
        {open && <HistoryList applicationId={applicationId} />}
      </AccordionDetails>
    </Accordion>
  );
}

export default function MyApplicationsPage() {
  const { t, i18n } = useTranslation();
  const domain = useDomain();
  const { data = [], isLoading, isError, refetch } = useGetMyApplicationsQuery(i18n.resolvedLanguage || i18n.language, {
    refetchOnMountOrArgChange: true,
  });
  const receipts = useReceiptsByApplication();
  const letters = useLettersByApplication();

  useDocumentTitle(t('my_applications.title'));

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} spacing={2} sx={{ mb: 3 }}>
        <Typography component="h1" variant="h1">{t('my_applications.title')}</Typography>
        <Stack direction="row" spacing={1}>
          <DormitoryLink />
          <Button component={RouterLink} to="/apply" variant="contained" data-testid="add-application">
            {t('my_applications.add')}
          </Button>
        </Stack>
      </Stack>
      {isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {isError && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={refetch}>{t('common.retry')}</Button>}>
          {t('errors.generic')}
        </Alert>
      )}
      {!isLoading && !isError && data.length === 0 && (
        <Alert severity="info" data-testid="no-applications">{t('my_applications.empty')}</Alert>
      )}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('my_applications.title')}>
        {data.map((application) => {
          const program = application.study_program ? localizedName(application.study_program, i18n.language) : '';
          const citizen = isKazakhstanCitizenship(application.citizenship, domain);
          return (
            <Grid key={application.id} size={{ xs: 12, md: 6 }} component="li">
              <Card variant="outlined" data-testid={`application-card-${application.id}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="h2" variant="h6" gutterBottom data-testid={`application-program-${application.id}`}>
                    {program}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" data-testid={`application-date-${application.id}`}>
                    {t('my_applications.created', { date: formatDate(application.createdAt) })}
                  </Typography>
                  <Chip
                    // long states ("awaiting confirmation of the documents") wrap on a phone instead of being cut
                    sx={{ mt: 1, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                    size="small"
                    color={application.submittedAt ? 'primary' : 'default'}
                    label={t(stateKey(application, citizen))}
                    data-testid={`application-status-${application.id}`}
                  />
                  <DocumentsToFix application={application} />
                  <ReceiptSlot application={application} receipts={receipts[application.id]} />
                  <LetterSlot application={application} letters={letters[application.id]} />
                  <History applicationId={application.id} />
                </CardContent>
                {/* disableSpacing: CardActions' own left margin would indent every wrapped button past the first */}
                <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button component={RouterLink} to={`/apply/${application.id}`} variant="contained" data-testid={`open-application-${application.id}`}>
                    {t('my_applications.open')}
                  </Button>
                  {citizen && (
                    <Button component={RouterLink} to={`/stepper/${application.id}`} variant="outlined" data-testid={`open-stepper-${application.id}`}>
                      {t('application_state.open_stepper')}
                    </Button>
                  )}
                  <Button component={RouterLink} to="/apply" variant="outlined" data-testid={`add-application-${application.id}`}>
                    {t('my_applications.add')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </>
  );
}
