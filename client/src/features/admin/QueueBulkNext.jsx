/* A queue's bulk "send to next stage" (issue 12 "Queues"): the selected rows go through the state machine one by
 * one on the server, which answers per row; the report lists the rows that failed and why. */
import { useRef, useState } from 'react';
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
import ConfirmDialog from '../../components/ConfirmDialog';
import useReturnFocus from '../../components/focus/useReturnFocus';
import { apiErrorMessage } from '../../components/apiError';
import { useBulkTransitionMutation } from './adminApi';
import { ENROL_MOVES } from './stageConfirm';

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

function BulkReport({ report, onClose, focusNext }) {
  const { t } = useTranslation();
  const open = Boolean(report);
  // The last report stays drawn while the dialog closes.
  const [shown, setShown] = useState(report);
  if (report && report !== shown) setShown(report);
  const { onExited } = useReturnFocus(open, focusNext);
  if (!shown) return null;
  const failed = (shown.results || []).filter((r) => !r.success);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="bulk-report-title"
      data-testid="bulk-report"
      disableRestoreFocus
      disableEnforceFocus
      TransitionProps={{ onExited }}
    >
      <DialogTitle id="bulk-report-title">{t('admin.bulk.report_title')}</DialogTitle>
      <DialogContent>
        <Typography data-testid="bulk-summary">
          {t('admin.bulk.summary', { succeeded: shown.succeeded, failed: shown.failed })}
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

/** The button (disabled until rows are selected), a confirmation (an irreversible move of several applications,
 * decision 0077) and the report of the last run; `onDone` clears the selection; `focusAfterReport()` names where the
 * focus goes once the report has closed (its opener, the button, is disabled by then: the queue's heading). `rows`:
 * the page's rows, so the confirmation says how many of the selected moves are enrolments (issue 23). */
export default function QueueBulkNext({ ids, rows = [], onDone, focusAfterReport = () => null }) {
  const { t, i18n } = useTranslation();
  const { showError } = useSnackbar();
  const [bulk, { isLoading }] = useBulkTransitionMutation();
  const [report, setReport] = useState(null);
  const [asking, setAsking] = useState(false);
  const afterReport = useRef(null);

  const run = async () => {
    try {
      const answer = await bulk({ ids: ids.map(Number), transition: 'next' }).unwrap();
      setAsking(false);
      setReport(answer);
      onDone();
    } catch (e) {
      setAsking(false);
      showError(apiErrorMessage(e, t, i18n));
    }
  };

  const chosen = new Set(ids.map(String));
  const enrolments = rows.filter((row) => chosen.has(String(row.id)) && ENROL_MOVES.has(row.next_stage)).length;

  return (
    <>
      <Button
        variant="contained"
        startIcon={<NextIcon aria-hidden="true" />}
        disabled={!ids.length || isLoading}
        onClick={() => setAsking(true)}
        data-testid="bulk-next"
      >
        {t('admin.bulk.next', { count: ids.length })}
      </Button>
      <ConfirmDialog
        open={asking}
        busy={isLoading}
        title={t('admin.confirm.bulk_title')}
        text={t('admin.confirm.bulk_text', { count: ids.length })}
        warning={enrolments > 0 ? t('seams.confirm.bulk_enrolments', { count: enrolments }) : null}
        confirmLabel={t('admin.bulk.next', { count: ids.length })}
        onCancel={() => setAsking(false)}
        onConfirm={run}
        testId="bulk-confirm"
      />
      <BulkReport
        report={report}
        onClose={() => {
          afterReport.current = focusAfterReport;
          setReport(null);
        }}
        focusNext={afterReport}
      />
    </>
  );
}
