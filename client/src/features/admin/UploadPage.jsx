/* Staff document intake (req §2 /upload, §5; issue 12): the index asks for the 7-digit upload code (Find only at
 * exactly 7 digits) and decodes it to the citizen; /upload/{userId} shows that citizen's document upload on their
 * behalf so the paper documents handed over can be scanned and attached, then their receipt confirmed. */
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PageLoader from '../../components/PageLoader';
import Questionnaire from '../../components/questionnaire';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import {
  useAdminApplicationQuery,
  useFindByUploadCodeMutation,
  useGetUploadApplicationQuery,
  useUpdateApplicationCustomMutation,
} from './adminApi';
import { studentName } from './applicationLabels';

export const UPLOAD_CODE_LENGTH = 7;

/** Only digits, at most seven (a scanner or a paste may bring spaces). */
export const normalizeCode = (value) => String(value || '').replace(/\D/g, '').slice(0, UPLOAD_CODE_LENGTH);

export function UploadCodePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const [find, { isLoading }] = useFindByUploadCodeMutation();
  const ready = code.length === UPLOAD_CODE_LENGTH;

  const submit = async (e) => {
    e.preventDefault();
    if (!ready) return;
    setProblem('');
    try {
      const answer = await find(code).unwrap();
      navigate(`/upload/${answer.user_id}`, { state: { user: answer.user } });
    } catch (err) {
      const key = err && err.data && err.data.message_key;
      setProblem(key === 'admin.upload_code_not_found' ? t('admin.upload.not_found') : apiErrorMessage(err, t, i18n));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }} data-testid="upload-code-page">
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        {t('admin.upload.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.upload.hint')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <TextField
            label={t('admin.upload.code')}
            value={code}
            onChange={(e) => {
              setCode(normalizeCode(e.target.value));
              setProblem('');
            }}
            error={Boolean(problem)}
            helperText={problem || ' '}
            inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: UPLOAD_CODE_LENGTH, 'data-testid': 'upload-code' }}
          />
          <Button type="submit" variant="contained" disabled={!ready || isLoading} sx={{ mt: 1 }} data-testid="upload-find">
            {t('admin.upload.find')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

export function UploadApplicationPage() {
  const { t, i18n } = useTranslation();
  const { userId } = useParams();
  const location = useLocation();
  // The questionnaire name the code decoded to (staff compare it with the papers); else the account's.
  const found = location.state && location.state.user;
  const { showError, showSuccess } = useSnackbar();
  const { data: target, error, isLoading } = useGetUploadApplicationQuery(userId);
  const { data: item, refetch } = useAdminApplicationQuery(target && target.id, { skip: !target });
  const [act, { isLoading: acting }] = useUpdateApplicationCustomMutation();

  if (isLoading) return <PageLoader />;
  if (error)
    return (
      <Alert severity="error" action={<Button component={RouterLink} to="/upload">{t('admin.common.back')}</Button>}>
        {apiErrorMessage(error, t, i18n)}
      </Alert>
    );
  if (!target) return null;
  const available = new Set((item && item.available_transitions) || []);
  const action = available.has('upload_documents')
    ? { body: { upload_documents: true }, label: 'admin.upload.confirm_handed_over' }
    : available.has('confirm_documents')
      ? { body: { confirm_documents: true }, label: 'admin.actions.confirm_documents' }
      : null;

  const confirm = async () => {
    try {
      const answer = await act({ user_id: Number(userId), application_id: target.id, updateBody: action.body }).unwrap();
      showSuccess(answer.message || t('admin.common.success'));
      refetch();
    } catch (err) {
      showError(apiErrorMessage(err, t, i18n));
    }
  };

  return (
    <Box data-testid="upload-application-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography component="h1" variant="h5">
            {found ? studentName(found) : item ? studentName(item.user) : t('admin.upload.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('admin.panel.upload_code', { code: target.upload_code })} · {t('admin.panel.number', { id: target.id })}
            {item ? ` · ${t('admin.status.step', { step: item.current_step })}` : ''}
          </Typography>
        </Box>
        <Button component={RouterLink} to="/upload" variant="text">
          {t('admin.upload.another')}
        </Button>
        {action && (
          <Button variant="contained" onClick={confirm} disabled={acting} data-testid="upload-confirm">
            {t(action.label)}
          </Button>
        )}
      </Stack>
      <Questionnaire
        applicationId={target.id}
        type="documents"
        fromAdmin
        adminSelectedUserId={Number(userId)}
        draftSave
        draftSaveLabel={t('admin.upload.save')}
        onSaved={() => refetch()}
      />
    </Box>
  );
}
