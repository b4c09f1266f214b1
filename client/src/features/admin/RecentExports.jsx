/* "My exports" beside the Export button (issue 12 "Exports"; decision 0066 "Export"): the admin's own background
 * exports of this shell's population (the large lists, prepared on the server and kept ADMIN_EXPORT_RETENTION_HOURS),
 * so a file started before a reload, on another queue page or by an earlier visit can still be followed and
 * downloaded. Read when the dialog opens; polled while one of them is still being prepared. Only the server's own
 * list is shown: other admins' exports are never in it. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import { apiErrorMessage } from '../../components/apiError';
import { announce } from '../../components/focus/announce';
import { formatDateTime } from '../../components/dates/dates';
import { formatNumber } from '../../i18n/format';
import { useRecentExportsQuery } from './adminApi';
import { JobProgress, POLL_MS, isRunning, jobErrorKey, useExportFileDownload } from './exportJob';
import { queueLabelKey } from './queues';

function ExportRow({ job, shellKey, lng, t, onDownload, downloading }) {
  const title = job.queue ? t(queueLabelKey(shellKey, job.queue)) : job.file_name;
  return (
    <ListItem divider disableGutters data-testid={`recent-export-${job.id}`} sx={{ display: 'block', py: 1.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        justifyContent="space-between"
        alignItems={{ xs: 'stretch', sm: 'center' }}
      >
        <div>
          <Typography variant="subtitle2">{title}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {job.file_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('admin.export.recent_started', { when: formatDateTime(job.created_at) })}
          </Typography>
        </div>
        <Box sx={{ flexShrink: 0 }}>
          {job.status === 'done' && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<DownloadIcon aria-hidden="true" />}
              disabled={downloading}
              onClick={() => onDownload(job.id)}
              aria-label={`${t('admin.export.download')}: ${job.file_name}`}
              data-testid={`recent-export-download-${job.id}`}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {t('admin.export.download')}
            </Button>
          )}
          {isRunning(job) && <Typography variant="body2">{t('admin.export.recent_running')}</Typography>}
          {job.status === 'failed' && (
            <Typography variant="body2" color="error" data-testid={`recent-export-failed-${job.id}`}>
              {t(jobErrorKey(job))}
            </Typography>
          )}
        </Box>
      </Stack>
      {isRunning(job) && (
        <Box sx={{ mt: 1 }}>
          <JobProgress
            job={job}
            lng={lng}
            t={t}
            testId={`recent-export-progress-${job.id}`}
            label={`${t('admin.export.progress_label')}: ${job.file_name}`}
          />
        </Box>
      )}
    </ListItem>
  );
}

export default function RecentExports({ shellKey, segment }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage || i18n.language;
  const [open, setOpen] = useState(false);
  const [polling, setPolling] = useState(false);
  const { save, isDownloading } = useExportFileDownload();
  const { data, error, isLoading } = useRecentExportsQuery(segment, {
    skip: !open,
    refetchOnMountOrArgChange: true,
    pollingInterval: open && polling ? POLL_MS : 0,
  });
  const jobs = data ? data.list : null;
  const anyRunning = Boolean(jobs && jobs.some(isRunning));
  useEffect(() => {
    setPolling(anyRunning);
  }, [anyRunning]);
  // A job that ends while the dialog is open is said through the live region (decision 0077): the status, not the
  // progress figures, which change every 1.5 s.
  const statuses = useRef({});
  useEffect(() => {
    (jobs || []).forEach((job) => {
      const before = statuses.current[job.id];
      statuses.current[job.id] = job.status;
      if (!before || before === job.status || isRunning(job)) return;
      announce(job.status === 'done' ? t('admin.export.ready', { name: job.file_name }) : `${job.file_name}: ${t(jobErrorKey(job))}`);
    });
  }, [jobs, t]);

  return (
    <>
      <Button
        size="small"
        startIcon={<HistoryIcon aria-hidden="true" />}
        onClick={() => setOpen(true)}
        data-testid="recent-exports-button"
      >
        {t('admin.export.recent')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="recent-exports-title"
        aria-describedby="recent-exports-note"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="recent-exports-title">{t('admin.export.recent_title')}</DialogTitle>
        <DialogContent dividers>
          {data && (
            <Typography id="recent-exports-note" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('admin.export.recent_note', { hours: formatNumber(data.retentionHours, lng) })}
            </Typography>
          )}
          {isLoading && (
            <Stack alignItems="center" sx={{ py: 2 }}>
              <CircularProgress size={28} aria-label={t('common.loading')} />
            </Stack>
          )}
          {error && <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>}
          {!error && jobs && jobs.length === 0 && (
            <Typography variant="body2" data-testid="recent-exports-empty">
              {t('admin.export.recent_empty')}
            </Typography>
          )}
          {!error && jobs && jobs.length > 0 && (
            <List aria-label={t('admin.export.recent_list_label')} data-testid="recent-exports-list" disablePadding>
              {jobs.map((job) => (
                <ExportRow
                  key={job.id}
                  job={job}
                  shellKey={shellKey}
                  lng={lng}
                  t={t}
                  onDownload={save}
                  downloading={isDownloading(job.id)}
                />
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
