/* Documents staff sent back for correction (issue 12 "Document review", decision 0074), on the application's card:
 * the document's name, staff's reason, the file it holds now, and an upload that replaces exactly that document
 * (PDF, with a progress bar). The rest of a submitted application stays read-only; once replaced the document waits
 * for staff again and can still be replaced until they look at it. */
import { lazy, Suspense, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { postWithProgress } from '../../components/questionnaire/uploadProgress';
import { apiErrorMessage } from '../../components/apiError';
import { useSnackbar } from '../../components/SnackbarProvider';
import { selectToken } from '../../session/sessionSlice';
import { myApplicationsApi } from './myApplicationsApi';

// The progress bar shows only while a file uploads: fetched when the upload button is pointed at or focused, so it is
// not part of /my-applications' first screen on a phone (decision 0070, issue 27).
const loadProgressBar = () => import(/* webpackChunkName: "linear-progress" */ '@mui/material/LinearProgress');
const LinearProgress = lazy(loadProgressBar);

const MAX_FILES = 10;

function testIdOf(doc) {
  return `${doc.form_key}-${doc.field}`.replace(/[^A-Za-z0-9_-]+/g, '-');
}

function isPdf(file) {
  if (file.type) return file.type === 'application/pdf';
  return /\.pdf$/i.test(file.name || '');
}

function DocumentToFix({ applicationId, doc }) {
  const { t, i18n } = useTranslation();
  const token = useSelector(selectToken);
  const dispatch = useDispatch();
  const { showSuccess } = useSnackbar();
  const input = useRef(null);
  const [progress, setProgress] = useState(null);
  const [error, setError] = useState('');
  const testId = testIdOf(doc);
  const inputId = `replace-${applicationId}-${testId}`;

  const upload = async (files) => {
    setError('');
    if (!files.length) return;
    if (files.length > MAX_FILES || files.some((file) => !isPdf(file))) {
      setError(t('my_applications.fix.pdf_only'));
      return;
    }
    const body = new FormData();
    body.append('form_key', doc.form_key);
    body.append('field', doc.field);
    files.forEach((file) => body.append('file', file, file.name));
    setProgress(0);
    const result = await postWithProgress(`/users/application/${applicationId}/replace-document`, body, {
      token,
      onProgress: (loaded, total) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
    });
    setProgress(null);
    if (result.error) {
      setError(apiErrorMessage(result.error, t, i18n));
      return;
    }
    showSuccess((result.data && result.data.message) || t('my_applications.fix.replaced'));
    dispatch(myApplicationsApi.util.invalidateTags(['Application']));
  };

  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1 }} data-testid={`fix-${applicationId}-${testId}`}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="subtitle2" component="h4">
          {doc.label}
        </Typography>
        <Chip
          size="small"
          // light fills with black text: readable at 4.5:1 (MUI's warning/info fills with white text are not)
          sx={{ bgcolor: doc.state === 'replaced' ? 'info.light' : 'warning.light', color: 'common.black' }}
          label={t(`my_applications.fix.state.${doc.state}`)}
          data-testid={`fix-state-${applicationId}-${testId}`}
        />
      </Stack>
      {doc.reason && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {t('my_applications.fix.reason', { reason: doc.reason })}
        </Typography>
      )}
      {(doc.files || []).length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('my_applications.fix.current', { names: doc.files.map((f) => f.name).join(', ') })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p">
        {t(doc.multiple ? 'my_applications.fix.hint_multiple' : 'my_applications.fix.hint')}
      </Typography>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        multiple={Boolean(doc.multiple)}
        hidden
        onChange={(e) => {
          const files = Array.from(e.target.files || []);
          e.target.value = '';
          upload(files);
        }}
        data-testid={`fix-input-${applicationId}-${testId}`}
      />
      <Button
        size="small"
        variant={doc.state === 'replaced' ? 'outlined' : 'contained'}
        sx={{ mt: 1 }}
        disabled={progress !== null}
        onClick={() => {
          loadProgressBar();
          if (input.current) input.current.click();
        }}
        onPointerEnter={loadProgressBar}
        onFocus={loadProgressBar}
        data-testid={`fix-upload-${applicationId}-${testId}`}
      >
        {t(doc.state === 'replaced' ? 'my_applications.fix.replace_again' : 'my_applications.fix.upload')}
      </Button>
      {progress !== null && (
        <Suspense fallback={null}>
          <LinearProgress
            variant="determinate"
            value={progress}
            sx={{ mt: 1 }}
            aria-label={t('my_applications.fix.uploading', { name: doc.label })}
          />
        </Suspense>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={`fix-error-${applicationId}-${testId}`}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

export default function DocumentsToFix({ application }) {
  const { t } = useTranslation();
  const documents = application.documents_to_fix || [];
  if (!documents.length) return null;
  const waiting = documents.some((d) => d.state === 'returned');
  return (
    <Alert severity={waiting ? 'warning' : 'info'} sx={{ mt: 2 }} data-testid={`documents-to-fix-${application.id}`}>
      <AlertTitle>{t(waiting ? 'my_applications.fix.title' : 'my_applications.fix.title_waiting')}</AlertTitle>
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {documents.map((doc) => (
          <DocumentToFix key={`${doc.form_key}-${doc.field}`} applicationId={application.id} doc={doc} />
        ))}
      </Box>
    </Alert>
  );
}
