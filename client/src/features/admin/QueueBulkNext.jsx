/* A queue's bulk "send to next stage" (issue 12 "Queues"): the selected rows go through the state machine one by
 * one on the server, which answers per row; the report lists the rows that failed and why. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import NextIcon from '@mui/icons-material/ArrowForward';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { useBulkTransitionMutation } from './adminApi';

/** Queues whose rows have a next stage (bulk "send to next stage"). */
export const BULK_QUEUES = { foreign: ['applied', 'accepted', 'awaiting-visa'], kz: ['scholarship', 'paid'] };

/** The data grid's row selection model with nothing selected. */
export function emptySelection() {
  return { type: 'include', ids: new Set() };
}

/** The ids of a data grid selection model (an array in older grids, {type, ids} now). */
export function selectedIds(model) {
  if (!model) return [];
  if (Array.isArray(model)) return model;
  if (model.ids) return Array.from(model.ids);
  return [];
}

function BulkReport({ report, onClose }) {
  const { t } = useTranslation();
  if (!report) return null;
  const failed = (report.results || []).filter((r) => !r.success);
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-report-title" data-testid="bulk-report">
      <DialogTitle id="bulk-report-title">{t('admin.bulk.report_title')}</DialogTitle>
      <DialogContent>
        <Typography data-testid="bulk-summary">
          {t('admin.bulk.summary', { succeeded: report.succeeded, failed: report.failed })}
        </Typography>
        {failed.length > 0 && (
          <List dense data-testid="bulk-failures">
            {failed.map((row) => (
              <ListItem key={row.id}>
                <ListItemText primary={t('admin.bulk.row', { id: row.id })} secondary={row.message} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The button (disabled until rows are selected) and the report of the last run; `onDone` clears the selection. */
export default function QueueBulkNext({ ids, onDone }) {
  const { t, i18n } = useTranslation();
  const { showError } = useSnackbar();
  const [bulk, { isLoading }] = useBulkTransitionMutation();
  const [report, setReport] = useState(null);

  const run = async () => {
    try {
      const answer = await bulk({ ids: ids.map(Number), transition: 'next' }).unwrap();
      setReport(answer);
      onDone();
    } catch (e) {
      showError(apiErrorMessage(e, t, i18n));
    }
  };

  return (
    <>
      <Button
        variant="contained"
        startIcon={<NextIcon aria-hidden="true" />}
        disabled={!ids.length || isLoading}
        onClick={run}
        data-testid="bulk-next"
      >
        {t('admin.bulk.next', { count: ids.length })}
      </Button>
      <BulkReport report={report} onClose={() => setReport(null)} />
    </>
  );
}
