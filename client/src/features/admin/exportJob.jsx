/* What the Export button and "My exports" share about a background export (decision 0066 "Export"): how often its
 * progress is polled, which states are still running, the text of a failure, and its progress bar. */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../i18n/format';

export const POLL_MS = 1500;
export const RUNNING = ['queued', 'running'];

/** Server error keys of a failed job → the client's texts. */
const JOB_ERRORS = { 'admin.export_interrupted': 'admin.export.interrupted' };

export const isRunning = (job) => Boolean(job) && RUNNING.includes(job.status);

export const jobErrorKey = (job) => JOB_ERRORS[job && job.error_key] || 'admin.export.failed';

export function JobProgress({ job, lng, t, testId = 'export-progress' }) {
  const total = job.rows_total || 0;
  const done = Math.min(job.rows_done || 0, total);
  const value = total > 0 ? Math.round((done / total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <Box sx={{ width: '100%' }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={t('admin.export.progress_label')}
        data-testid={testId}
      />
      <Typography variant="caption" color="text.secondary" data-testid={`${testId}-text`}>
        {t('admin.export.progress', { done: formatNumber(done, lng), total: formatNumber(total, lng) })}
      </Typography>
    </Box>
  );
}
