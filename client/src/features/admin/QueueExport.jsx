/* The queue's Export (issue 12 "Exports"; decision 0066): a queue up to the server's limit
 * (export_sync_max_rows of the queue answer) downloads at once; a larger one is prepared by a background job whose
 * progress is polled every POLL_MS and shown as a bar, then downloaded with a button. A synchronous export refused
 * as too large (409, the queue grew since the page loaded) starts the job too. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { formatNumber } from '../../i18n/format';
import {
  useDownloadExportJobMutation,
  useExportJobQuery,
  useExportQueueMutation,
  useStartExportJobMutation,
} from './adminApi';

export const POLL_MS = 1500;
const RUNNING = ['queued', 'running'];
/** Server error keys of a failed job → the client's texts. */
const JOB_ERRORS = { 'admin.export_interrupted': 'admin.export.interrupted' };

export function exportNeedsJob(total, limit) {
  return Number.isInteger(limit) && Number.isInteger(total) && total > limit;
}

function tooLarge(error) {
  return Boolean(error && error.status === 409 && error.data && error.data.message_key === 'admin.export_too_large');
}

function JobProgress({ job, lng, t }) {
  const total = job.rows_total || 0;
  const done = Math.min(job.rows_done || 0, total);
  const value = total > 0 ? Math.round((done / total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <Box sx={{ width: '100%' }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={t('admin.export.progress_label')}
        data-testid="export-progress"
      />
      <Typography variant="caption" color="text.secondary" data-testid="export-progress-text">
        {t('admin.export.progress', { done: formatNumber(done, lng), total: formatNumber(total, lng) })}
      </Typography>
    </Box>
  );
}

export default function QueueExport({ params, total, limit }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage || i18n.language;
  const { showError, showSuccess } = useSnackbar();
  const [jobId, setJobId] = useState(null);
  const [exportQueue, { isLoading: exporting }] = useExportQueueMutation();
  const [startJob, { isLoading: starting }] = useStartExportJobMutation();
  const [download, { isLoading: downloading }] = useDownloadExportJobMutation();
  const [polling, setPolling] = useState(true);
  const { data: job, error: jobError } = useExportJobQuery(jobId, {
    skip: !jobId,
    pollingInterval: jobId && polling ? POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const current = job && job.id === jobId ? job : null;
  const running = Boolean(jobId) && !jobError && (!current || RUNNING.includes(current.status));
  const ended = Boolean(jobError) || Boolean(current && !RUNNING.includes(current.status));
  useEffect(() => {
    if (ended) setPolling(false);
  }, [ended]);

  const begin = async () => {
    try {
      const answer = await startJob(params).unwrap();
      setPolling(true);
      setJobId(answer.id);
    } catch (e) {
      showError(apiErrorMessage(e, t, i18n));
    }
  };

  const run = async () => {
    if (exportNeedsJob(total, limit)) {
      await begin();
      return;
    }
    try {
      const name = await exportQueue(params).unwrap();
      showSuccess(t('admin.export.done', { name }));
    } catch (e) {
      if (tooLarge(e)) await begin();
      else showError(apiErrorMessage(e, t, i18n));
    }
  };

  const save = async () => {
    try {
      const name = await download(jobId).unwrap();
      showSuccess(t('admin.export.done', { name }));
    } catch (e) {
      showError(apiErrorMessage(e, t, i18n));
    }
  };

  const dismiss = () => setJobId(null);

  return (
    <Stack spacing={1} alignItems={{ xs: 'stretch', md: 'flex-end' }} sx={{ minWidth: { md: 280 } }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon aria-hidden="true" />}
        disabled={exporting || starting || running}
        onClick={run}
        data-testid="export-button"
      >
        {t('admin.export.button')}
      </Button>
      {jobId && (
        <Box sx={{ width: { xs: '100%', md: 280 } }} data-testid="export-job" aria-live="polite">
          {jobError && (
            <Alert severity="error" onClose={dismiss}>
              {apiErrorMessage(jobError, t, i18n, 'admin.export.failed')}
            </Alert>
          )}
          {!jobError && (!current || RUNNING.includes(current.status)) && (
            <>
              <Typography variant="body2">{t('admin.export.preparing')}</Typography>
              {current && <JobProgress job={current} lng={lng} t={t} />}
            </>
          )}
          {!jobError && current && current.status === 'done' && (
            <Stack spacing={1}>
              {/* the file name is long: it wraps above the buttons instead of pushing them out of the box */}
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('admin.export.ready', { name: current.file_name })}
              </Typography>
              <Stack direction="row" spacing={1} justifyContent="flex-end">
                <Button
                  variant="contained"
                  size="small"
                  startIcon={<DownloadIcon aria-hidden="true" />}
                  disabled={downloading}
                  onClick={save}
                  data-testid="export-download"
                >
                  {t('admin.export.download')}
                </Button>
                <Button size="small" onClick={dismiss}>
                  {t('common.close')}
                </Button>
              </Stack>
            </Stack>
          )}
          {!jobError && current && current.status === 'failed' && (
            <Alert severity="error" onClose={dismiss} data-testid="export-failed">
              {t(JOB_ERRORS[current.error_key] || 'admin.export.failed')}
            </Alert>
          )}
        </Box>
      )}
    </Stack>
  );
}
