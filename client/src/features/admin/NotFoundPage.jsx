/* A staff path that does not exist says so (issue 12: "not found", not a silent redirect). */
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

export default function NotFoundPage({ shell }) {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.not_found.title'), t('admin_shell.title'));
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="admin-not-found">
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('admin.not_found.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('admin.not_found.text')}</Typography>
      <Button component={RouterLink} to={shell.base} variant="contained">
        {t('admin.not_found.back')}
      </Button>
    </Paper>
  );
}
