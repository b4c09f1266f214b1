/* The application's status history: each transition with its time, who made it (or the system) and the reason. */
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/dates/dates';

export default function PanelHistory({ history }) {
  const { t } = useTranslation();
  if (!history || !history.length) return <Typography variant="body2">{t('admin.panel.no_history')}</Typography>;
  return (
    <List dense data-testid="panel-history">
      {history.map((entry) => (
        <ListItem key={entry.id} alignItems="flex-start">
          <ListItemText
            primary={`${formatDateTime(entry.createdAt)} · ${t(`admin.transitions.${entry.transition}`, {
              defaultValue: entry.transition,
            })}`}
            secondary={[
              entry.actor ? entry.actor.email : t('admin.panel.system'),
              entry.reason ? t('admin.panel.reason_is', { reason: entry.reason }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
