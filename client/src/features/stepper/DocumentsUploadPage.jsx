/* /documents-upload/{applicationId} (req §2, §3 DocumentsSelfUpload, §4, §5): the applicant uploads each listed
 * document as a PDF, one request per file with its own progress bar (XMLHttpRequest upload progress), then
 * "Submit the documents" proceeds the application with type `files` (upload_documents, 4 → 5: the server checks
 * that every non-optional document is there) and returns to the stepper. */
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { selectToken } from '../../session/sessionSlice';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import {
  questionnaireApi,
  useGetApplicationDetailQuery,
  useGetFillItemsQuery,
  useGetQuestionnaireStepsQuery,
} from '../../components/questionnaire/questionnaireApi';
import { useApplicationProceedMutation } from './stepperApi';
import { isPdf, uploadDocument } from './xhrUpload';
import { slotName } from '../../components/questionnaire/data';
import useDocumentTitle from '../../components/focus/useDocumentTitle';
import DocumentGuidance from './DocumentGuidance';

export const SELF_UPLOAD_FORM = 'documentsSelfUpload';

function DocumentRow({ field, stored, upload, disabled }) {
  const { t, i18n } = useTranslation();
  const [percent, setPercent] = useState(null);
  const [error, setError] = useState(null);
  // the server names each slot in ru/kk/en, the same name staff and the sent-back notice use (decision 0083)
  const label = slotName(field, i18n.language) || t(field.label, field.label_params || {});
  const inputId = `upload-${field.field}`;

  const onFile = async (event) => {
    const file = event.target.files && event.target.files[0];
    event.target.value = '';
    if (!file) return;
    if (!isPdf(file)) {
      setError(t('stepper_actions.upload.pdf_only'));
      return;
    }
    setError(null);
    setPercent(0);
    const failure = await upload(field.field, file, setPercent);
    setPercent(null);
    if (failure) setError(failure);
  };

  return (
    <ListItem divider sx={{ display: 'block', px: 0 }} data-testid={`upload-row-${field.field}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ sm: 'center' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="label" htmlFor={inputId} sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
            {label}
            {field.optional ? ` (${t('stepper_actions.upload.optional')})` : ' *'}
          </Typography>
          <Typography variant="body2" color={stored ? 'success.dark' : 'text.secondary'} data-testid={`upload-status-${field.field}`}>
            {stored ? t('stepper_actions.upload.uploaded', { name: stored.name || '' }) : t('stepper_actions.upload.missing')}
          </Typography>
        </Box>
        <Button variant={stored ? 'outlined' : 'contained'} component="label" disabled={disabled || percent !== null} sx={{ flexShrink: 0 }}>
          {stored ? t('stepper_actions.upload.replace') : t('stepper_actions.upload.choose')}
          <input id={inputId} hidden type="file" accept="application/pdf,.pdf" onChange={onFile} data-testid={`upload-input-${field.field}`} />
        </Button>
      </Stack>
      {percent !== null && (
        <Box sx={{ mt: 1 }} data-testid={`upload-progress-${field.field}`}>
          <LinearProgress variant="determinate" value={percent} aria-label={t('stepper_actions.upload.progress', { label, percent })} />
          <Typography variant="caption">{t('stepper_actions.upload.progress', { label, percent })}</Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={`upload-error-${field.field}`}>
          {error}
        </Alert>
      )}
    </ListItem>
  );
}

function Uploads({ applicationId }) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const token = useSelector(selectToken);
  const { showError } = useSnackbar();
  const appQuery = useGetApplicationDetailQuery(applicationId);
  const stepsQuery = useGetQuestionnaireStepsQuery({ applicationId, type: 'documents' });
  const itemsQuery = useGetFillItemsQuery(applicationId);
  const [proceedMutation, { isLoading: proceeding }] = useApplicationProceedMutation();

  const application = appQuery.data;
  const step = stepsQuery.data && stepsQuery.data.steps.find((s) => s.key === SELF_UPLOAD_FORM);
  const fields = (step && step.all_document_fields) || [];
  const item = (itemsQuery.data || []).find((i) => i.type === SELF_UPLOAD_FORM);
  const stored = (item && item.data) || {};

  if (appQuery.isLoading || stepsQuery.isLoading || itemsQuery.isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status">
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (appQuery.isError || !application) return <Navigate to="/" replace />; // §8
  if (application.current_step !== 4) {
    return (
      <>
        <Alert severity="info" sx={{ mb: 2 }} data-testid="upload-closed">{t('stepper_actions.upload.closed')}</Alert>
        <Button component={RouterLink} to={`/stepper/${applicationId}`} variant="outlined">{t('stepper_actions.upload.back')}</Button>
      </>
    );
  }

  const upload = async (field, file, onProgress) => {
    try {
      const result = await uploadDocument({
        applicationId,
        formKey: SELF_UPLOAD_FORM,
        field,
        file,
        token,
        language: i18n.resolvedLanguage || i18n.language,
        onProgress,
      });
      if (result && Array.isArray(result.fill_items)) {
        dispatch(questionnaireApi.util.updateQueryData('getFillItems', applicationId, () => result.fill_items));
      }
      return null;
    } catch (error) {
      if (error && error.status === 401) dispatch(questionnaireApi.util.invalidateTags(['Application']));
      return error && error.data ? apiErrorMessage(error, t, i18n) : t('stepper_actions.upload.failed');
    }
  };

  const missing = fields.filter((f) => !f.optional && !stored[f.field]);
  const submit = async () => {
    try {
      await proceedMutation({ applicationId, type: 'files' }).unwrap();
      navigate(`/stepper/${applicationId}`);
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography sx={{ mb: 1 }}>{t('stepper_actions.upload.intro')}</Typography>
      <List data-testid="upload-list">
        {fields.map((field) => (
          <DocumentRow key={field.field} field={field} stored={stored[field.field]} upload={upload} disabled={proceeding} />
        ))}
      </List>
      {missing.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="upload-missing">
          {t('stepper_actions.upload.missing_required')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button component={RouterLink} to={`/stepper/${applicationId}`} variant="outlined">{t('stepper_actions.upload.back')}</Button>
        <Button variant="contained" disabled={missing.length > 0 || proceeding} onClick={submit} data-testid="upload-submit">
          {t('stepper_actions.upload.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function DocumentsUploadPage() {
  const { t } = useTranslation();
  const { applicationId } = useParams();
  const id = /^\d+$/.test(applicationId || '') ? Number(applicationId) : null;
  useDocumentTitle(t('stepper_actions.upload.title'));
  if (id === null) return <Navigate to="/" replace />;
  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>{t('stepper_actions.upload.title')}</Typography>
      <DocumentGuidance sx={{ mb: 2 }} />
      <Uploads applicationId={id} />
    </>
  );
}
