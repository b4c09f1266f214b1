/* The queue's Export (issue 12 "Exports"; decision 0066): a queue up to the server's limit
 * (export_sync_max_rows of the queue answer) downloads at once; a larger one is prepared by a background job whose
 * progress is polled every POLL_MS and shown as a bar, then downloaded with a button. A synchronous export refused
 * as too large (409, the queue grew since the page loaded) starts the job too. "My exports" (RecentExports) lists
 * the jobs of the last 24 hours, for one started before a reload or on another queue page. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import useAnnounceChange from '../../components/focus/useAnnounceChange';
import { focusWhenDrawn } from '../../components/focus/focusTargets';
import { useExportJobQuery, useExportQueueMutation, useStartExportJobMutation } from './adminApi';
import { JobProgress, POLL_MS, isRunning, jobErrorKey, useExportFileDownload } from './exportJob';
import RecentExports from './RecentExports';

export function exportNeedsJob(total, limit) {
  return Number.isInteger(limit) && Number.isInteger(total) && total > limit;
}

function tooLarge(error) {
  return Boolean(error && error.status === 409 && error.data && error.data.message_key === 'admin.export_too_large');
}

export default function QueueExport({ params, total, limit, shellKey, segment }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage || i18n.language;
  const { showError, showSuccess } = useSnackbar();
  const [jobId, setJobId] = useState(null);
  const [exportQueue, { isLoading: exporting }] = useExportQueueMutation();
  const [startJob, { isLoading: starting }] = useStartExportJobMutation();
  const { save: download, isDownloading } = useExportFileDownload();
  const [polling, setPolling] = useState(true);
  const { data: job, error: jobError } = useExportJobQuery(jobId, {
    skip: !jobId,
    pollingInterval: jobId && polling ? POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const current = job && job.id === jobId ? job : null;
  const running = Boolean(jobId) && !jobError && (!current || isRunning(current));
  const ended = Boolean(jobError) || Boolean(current && !isRunning(current));
  useEffect(() => {
    if (ended) setPolling(false);
  }, [ended]);
  // Decision 0077: the job's state (being prepared, ready, failed) is said through the live region as it changes —
  // not its figures, every 1.5 s; the job's box takes the focus when the job starts (the Export button is disabled
  // while it runs).
  const jobBox = useRef(null);
  let jobState = null;
  if (jobId && jobError) jobState = apiErrorMessage(jobError, t, i18n, 'admin.export.failed');
  else if (jobId && current && current.status === 'done') jobState = t('admin.export.ready', { name: current.file_name });
  else if (jobId && current && current.status === 'failed') jobState = t(jobErrorKey(current));
  else if (jobId) jobState = t('admin.export.preparing');
  useAnnounceChange(jobState, { delay: 0 });

  const begin = async () => {
    try {
      const answer = await startJob(params).unwrap();
      setPolling(true);
      setJobId(answer.id);
      focusWhenDrawn(() => jobBox.current);
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
      {segment && <RecentExports shellKey={shellKey} segment={segment} />}
      {jobId && (
        <Box sx={{ width: { xs: '100%', md: 280 } }} data-testid="export-job" ref={jobBox} tabIndex={-1}>
          {jobError && (
            <Alert severity="error" onClose={dismiss}>
              {apiErrorMessage(jobError, t, i18n, 'admin.export.failed')}
            </Alert>
          )}
          {!jobError && (!current || isRunning(current)) && (
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
                  disabled={isDownloading(jobId)}
                  onClick={() => download(jobId)}
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
              {t(jobErrorKey(current))}
            </Alert>
          )}
        </Box>
      )}
    </Stack>
  );
}
