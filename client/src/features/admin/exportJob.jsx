/* What the Export button and "My exports" share about a background export (decision 0066 "Export"): how often its
 * progress is polled, which states are still running, the text of a failure, its progress bar and its download. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { formatNumber } from '../../i18n/format';
import { useDownloadExportJobMutation } from './adminApi';

export const POLL_MS = 1500;
export const RUNNING = ['queued', 'running'];

/** Server error keys of a failed job → the client's texts. */
const JOB_ERRORS = { 'admin.export_interrupted': 'admin.export.interrupted' };

export const isRunning = (job) => Boolean(job) && RUNNING.includes(job.status);

export const jobErrorKey = (job) => JOB_ERRORS[job && job.error_key] || 'admin.export.failed';

/** The job's progress bar; `label` names it for screen readers (default: "Preparing the export file"). */
export function JobProgress({ job, lng, t, testId = 'export-progress', label }) {
  const total = job.rows_total || 0;
  const done = Math.min(job.rows_done || 0, total);
  const value = total > 0 ? Math.round((done / total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <Box sx={{ width: '100%' }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={label || t('admin.export.progress_label')}
        data-testid={testId}
      />
      <Typography variant="caption" color="text.secondary" data-testid={`${testId}-text`}>
        {t('admin.export.progress', { done: formatNumber(done, lng), total: formatNumber(total, lng) })}
      </Typography>
    </Box>
  );
}

/** Saves a finished job's file through the browser and says so (or why not); several may download at once. */
export function useExportFileDownload() {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [download] = useDownloadExportJobMutation();
  const [pending, setPending] = useState(() => new Set());
  const save = async (id) => {
    setPending((ids) => new Set(ids).add(id));
    try {
      const name = await download(id).unwrap();
      showSuccess(t('admin.export.done', { name }));
    } catch (e) {
      showError(apiErrorMessage(e, t, i18n));
    } finally {
      setPending((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };
  return { save, isDownloading: (id) => pending.has(id) };
}
