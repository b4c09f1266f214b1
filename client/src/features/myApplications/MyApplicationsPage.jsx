/* /my-applications (spec §2): one card per application with the programme, the creation date, the status label
 * and the buttons 'Открыть анкету' (→ /apply/{id}) and 'Добавить заявку' (→ /apply). */
import { useEffect } from 'react';
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
import Grid from '@mui/material/Grid2';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { localizedName } from '../../i18n';
import { useGetMyApplicationsQuery } from './myApplicationsApi';
import { formatDate } from '../../components/dates';
import DormitoryLink from '../../components/DormitoryLink';

/** Label key of an application's status: submitted ones are under review, archived ones cancelled. */
export function statusKey(application) {
  if (application.status === -1) return 'my_applications.status.archived';
  if (application.submittedAt) return 'my_applications.status.submitted';
  return 'my_applications.status.draft';
}

export default function MyApplicationsPage() {
  const { t, i18n } = useTranslation();
  const { data = [], isLoading, isError, refetch } = useGetMyApplicationsQuery(undefined, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    document.title = `${t('my_applications.title')} — ${t('app.name')}`;
  }, [t, i18n.language]);

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
                    sx={{ mt: 1 }}
                    size="small"
                    color={application.submittedAt ? 'primary' : 'default'}
                    label={t(statusKey(application))}
                    data-testid={`application-status-${application.id}`}
                  />
                </CardContent>
                <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button component={RouterLink} to={`/apply/${application.id}`} variant="contained" data-testid={`open-application-${application.id}`}>
                    {t('my_applications.open')}
                  </Button>
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
