/* "My exports" beside the Export button (issue 12 "Exports"; decision 0066 "Export"): the admin's own background
 * exports of this shell's population, kept for 24 hours, so a file started before a reload, on another queue page or
 * by an earlier visit can still be followed and downloaded. Read when the dialog opens; polled while one of them is
 * still being prepared. Only the server's own list is shown: other admins' exports are never in it. */
import { useEffect, useState } from 'react';
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
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { formatDateTime } from '../../components/dates/dates';
import { useDownloadExportJobMutation, useRecentExportsQuery } from './adminApi';
import { JobProgress, POLL_MS, isRunning, jobErrorKey } from './exportJob';
import { queueLabelKey } from './queues';

const SEGMENTS = { foreign: 'FOREIGN', kz: 'KZ' };

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
        {job.status === 'done' && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon aria-hidden="true" />}
            disabled={downloading}
            onClick={() => onDownload(job.id)}
            aria-label={`${t('admin.export.download')}: ${job.file_name}`}
            data-testid={`recent-export-download-${job.id}`}
            sx={{ flexShrink: 0 }}
          >
            {t('admin.export.download')}
          </Button>
        )}
      </Stack>
      {isRunning(job) && (
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          <Typography variant="body2">{t('admin.export.recent_running')}</Typography>
          <JobProgress job={job} lng={lng} t={t} testId={`recent-export-progress-${job.id}`} />
        </Stack>
      )}
      {job.status === 'failed' && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }} data-testid={`recent-export-failed-${job.id}`}>
          {t(jobErrorKey(job))}
        </Typography>
      )}
    </ListItem>
  );
}

export default function RecentExports({ shellKey }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage || i18n.language;
  const { showError, showSuccess } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [polling, setPolling] = useState(false);
  const [downloadingId, setDownloadingId] = useState(null);
  const segment = SEGMENTS[shellKey] || SEGMENTS.foreign;
  const {
    data: jobs,
    error,
    isLoading,
  } = useRecentExportsQuery(segment, {
    skip: !open,
    refetchOnMountOrArgChange: true,
    pollingInterval: open && polling ? POLL_MS : 0,
  });
  const anyRunning = Boolean(jobs && jobs.some(isRunning));
  useEffect(() => {
    setPolling(anyRunning);
  }, [anyRunning]);
  const [download] = useDownloadExportJobMutation();

  const save = async (id) => {
    setDownloadingId(id);
    try {
      const name = await download(id).unwrap();
      showSuccess(t('admin.export.done', { name }));
    } catch (e) {
      showError(apiErrorMessage(e, t, i18n));
    } finally {
      setDownloadingId(null);
    }
  };

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
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="recent-exports-title">{t('admin.export.recent_title')}</DialogTitle>
        <DialogContent dividers>
          {isLoading && (
            <Stack alignItems="center" sx={{ py: 2 }}>
              <CircularProgress size={28} aria-label={t('admin.export.recent_title')} />
            </Stack>
          )}
          {error && <Alert severity="error">{apiErrorMessage(error, t, i18n)}</Alert>}
          {!isLoading && !error && jobs && jobs.length === 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="recent-exports-empty">
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
                  downloading={downloadingId === job.id}
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
