/* An application's status history on /my-applications (GET /users/application/{id} status_history), shown when the
 * applicant opens "History": a chunk of its own with the questionnaire's API and the list, fetched when the
 * history's toggle is pointed at, focused or opened, not on the page's first screen (decision 0070, issue 27). */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../components/dates/dates';
import { useGetApplicationDetailQuery } from '../../components/questionnaire/questionnaireApi';
import { transitionKey } from './applicationState';

export default function HistoryList({ applicationId }) {
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
