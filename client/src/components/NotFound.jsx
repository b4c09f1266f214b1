import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useDocumentTitle from './focus/useDocumentTitle';

/** "Not found" inside the main shell: a link to an application that does not exist or is someone else's
 * (issue 10) says so instead of silently going home; the way on is the applicant's list or the home page. */
export default function NotFound({ kind = 'application' }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`not_found.${kind}.title`));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto' }} data-testid="not-found" role="alert">
      <Typography component="h1" variant="h4" gutterBottom>{t(`not_found.${kind}.title`)}</Typography>
      <Typography sx={{ mb: 3 }}>{t(`not_found.${kind}.text`)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" component={RouterLink} to="/my-applications" data-testid="not-found-my-applications">
          {t('header.my_applications')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/" data-testid="not-found-home">{t('header.home')}</Button>
      </Stack>
    </Paper>
  );
}
