/* /settings/notifications (issue 26; decision 0081): the applicant turns each kind of reminder on or off. Each
 * switch saves at once; the unsubscribe link in a reminder mail turns the same switch off. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import { useSnackbar } from '../../components/SnackbarProvider';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import { useGetNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from '../../api/notificationsApi';

export default function NotificationSettingsPage() {
  const { t, i18n } = useTranslation();
  const { showSuccess, showError } = useSnackbar();
  const { data: settings, isLoading, isError } = useGetNotificationSettingsQuery();
  const [update, { isLoading: saving }] = useUpdateNotificationSettingsMutation();
  useDocumentTitle(t('notifications.settings.title'));

  const toggle = async (kind, enabled) => {
    try {
      await update({ [kind]: enabled }).unwrap();
      showSuccess(t('notifications.settings.saved'));
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }} data-testid="notification-settings">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {t('notifications.settings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notifications.settings.intro')}
      </Typography>
      {isLoading && <CircularProgress aria-label={t('notifications.loading')} />}
      {isError && <Alert severity="error">{t('notifications.error')}</Alert>}
      {settings && (
        <FormGroup>
          {settings.map(({ kind, enabled }) => (
            <FormControlLabel
              key={kind}
              sx={{ alignItems: 'flex-start', mb: 2, ml: 0 }}
              control={
                <Switch
                  checked={enabled}
                  disabled={saving}
                  onChange={(event) => toggle(kind, event.target.checked)}
                  inputProps={{ 'aria-describedby': `setting-${kind}-description` }}
                  data-testid={`setting-${kind}`}
                />
              }
              label={
                <>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600, pt: 1 }}>
                    {t(`notifications.kinds.${kind}.label`)}
                  </Typography>
                  <Typography component="span" id={`setting-${kind}-description`} variant="body2" color="text.secondary">
                    {t(`notifications.kinds.${kind}.description`)}
                  </Typography>
                </>
              }
            />
          ))}
        </FormGroup>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('notifications.settings.always_sent')}
      </Typography>
    </Paper>
  );
}
