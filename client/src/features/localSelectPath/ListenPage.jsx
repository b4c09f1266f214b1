/* /local-select-path/listen (decision 0068): the "listen" card of /local-select-path. An auditing student
 * (вольный слушатель) attends classes without being admitted, so no application is created: the page says
 * what it means and how to arrange it with the admissions office (contacts from /public-config), and offers
 * the real application instead. */
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePublicConfig } from '../../api/publicConfigApi';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

export default function ListenPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();

  useDocumentTitle(t('listen_page.title'));

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>{t('listen_page.title')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="listen-page">
        <Typography sx={{ mb: 2 }}>{t('listen_page.what')}</Typography>
        <Typography sx={{ mb: 3 }} data-testid="listen-contact">
          {t('listen_page.how', { phone: (config && config.contact_phone) || '', email: (config && config.contact_email) || '' })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to="/local-select-path" variant="outlined">{t('listen_page.back')}</Button>
          <Button component={RouterLink} to="/apply" variant="contained" data-testid="listen-apply">{t('listen_page.apply')}</Button>
        </Stack>
      </Paper>
    </>
  );
}
