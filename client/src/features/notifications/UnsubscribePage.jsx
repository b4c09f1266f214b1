/* /unsubscribe/:token (issue 26; decision 0081): the page a reminder's unsubscribe link opens, signed in or not. It
 * says which reminders the link stops and asks to confirm (a mail scanner following the link changes nothing);
 * the confirmation turns that kind off. A changed link is refused by the server. */
import { useParams, Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { useConfirmUnsubscribeMutation, useReadUnsubscribeLinkQuery } from '../../api/notificationsApi';

export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { data, error, isLoading } = useReadUnsubscribeLinkQuery(token);
  const [confirm, { data: done, error: confirmError, isLoading: confirming }] = useConfirmUnsubscribeMutation();
  useDocumentTitle(t('notifications.unsubscribe.title'));
  const kindLabel = data ? t(`notifications.kinds.${data.kind}.label`) : '';

  let content;
  if (isLoading) content = <CircularProgress aria-label={t('notifications.loading')} />;
  else if (error) content = <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>;
  else if (done || (data && !data.enabled)) {
    content = (
      <Alert severity="success" data-testid="unsubscribe-done">
        {t('notifications.unsubscribe.done', { kind: kindLabel })}
      </Alert>
    );
  } else {
    content = (
      <>
        <Typography sx={{ mb: 2 }}>{t('notifications.unsubscribe.question', { kind: kindLabel })}</Typography>
        {confirmError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {apiErrorMessage(confirmError, t, i18n)}
          </Alert>
        )}
        <Button variant="contained" onClick={() => confirm(token)} disabled={confirming} data-testid="unsubscribe-confirm">
          {t('notifications.unsubscribe.confirm')}
        </Button>
      </>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto' }} data-testid="unsubscribe-page">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('notifications.unsubscribe.title')}
      </Typography>
      {content}
      <Typography variant="body2" sx={{ mt: 3 }}>
        <RouterLink to="/settings/notifications">{t('notifications.settings_link')}</RouterLink>
      </Typography>
    </Paper>
  );
}
