/* /admin/files/:fileId and /admin/kz/files/:fileId (issue 23): the address a queue export gives each document.
 * Excel opens it in the browser, where the staff member is signed in; the page downloads the file with that
 * session (GET /api/v1/files/<id> checks the population) and offers to open or save it. No signed link is put in
 * an export file, which outlives any signature. */
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useAuthorizedObjectUrl from '../../components/useAuthorizedObjectUrl';
import useDocumentTitle from '../../components/focus/useDocumentTitle';

const FILE_ID = /^[0-9a-f]{32}$/;

export default function StaffFilePage() {
  const { t } = useTranslation();
  const { fileId } = useParams();
  const valid = FILE_ID.test(fileId || '');
  const { url, error } = useAuthorizedObjectUrl(valid ? `/files/${fileId}` : null);
  useDocumentTitle(t('staff_file.title'), t('admin_shell.title'));
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography component="h1" variant="h4">{t('staff_file.title')}</Typography>
      {!valid && <Alert severity="error" data-testid="staff-file-error">{t('staff_file.bad_link')}</Alert>}
      {valid && error && <Alert severity="error" data-testid="staff-file-error">{t('staff_file.not_found')}</Alert>}
      {valid && !error && !url && (
        <Stack direction="row" spacing={1} alignItems="center" role="status">
          <CircularProgress size={20} aria-hidden="true" />
          <Typography>{t('staff_file.loading')}</Typography>
        </Stack>
      )}
      {url && (
        <>
          <Typography role="status">{t('staff_file.ready')}</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" href={url} target="_blank" rel="noopener" data-testid="staff-file-open">
              {t('staff_file.open')}
            </Button>
            <Button variant="outlined" href={url} download={fileId} data-testid="staff-file-download">
              {t('staff_file.download')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
