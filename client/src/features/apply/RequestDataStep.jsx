/* The request_data step of /apply (req §2, §4, §5): a citizen of Kazakhstan whose credit-bureau request is not
 * completed gives IIN, phone, last and first name; the bureau texts a 6-digit code; the code modal auto-submits
 * at 6 digits; then the application continues in the stepper. Rules mirror the server (pkbValidation.js). */
import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CodeInput from '../../components/CodeInput';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { applyMask } from '../../forms-engine/engine';
import { userMerged } from '../../session/sessionSlice';
import { useCheckPkbCodeMutation, useCreatePkbRequestMutation } from './pkbApi';
import { FIELDS, maskedPhone, validateRequest } from './pkbValidation';

const EMPTY = { iin: '', phone: '+7', last_name: '', first_name: '' };
// IIN and phone keep their masks while typing; names are kept exactly as typed (the rule forbids edge spaces).
const MASKS = { iin: 'iin', phone: 'phone_kz' };
const MASKED_INPUT_MAX = 32;
const INPUT_PROPS = {
  // room for a formatted paste or autofill ("8 (701) 123-45-01"); the masks keep the values to their length
  iin: { inputMode: 'numeric', maxLength: MASKED_INPUT_MAX, autoComplete: 'off' },
  phone: { inputMode: 'tel', maxLength: MASKED_INPUT_MAX, autoComplete: 'tel' },
  last_name: { autoComplete: 'family-name', maxLength: 100 },
  first_name: { autoComplete: 'given-name', maxLength: 100 },
};

/** Server field errors ({field: [text]}) for the fields of this form. */
function serverFieldErrors(error) {
  const errors = error && error.data && error.data.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    FIELDS.filter((field) => Array.isArray(errors[field]) && errors[field].length).map((f) => [f, errors[f][0]]),
  );
}

function CodeDialog({ open, phone, checking, sending, onComplete, onResend, onClose }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="pkb-code-title" data-testid="pkb-code-dialog" fullWidth maxWidth="xs">
      <DialogTitle id="pkb-code-title">{t('pkb.code.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }} data-testid="pkb-code-hint">
          {t('pkb.code.hint', { phone: maskedPhone(phone) })}
        </DialogContentText>
        <CodeInput id="pkb-code" label={t('pkb.code.label')} onComplete={onComplete} disabled={checking} testId="pkb-code" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="pkb-code-change">{t('pkb.code.change')}</Button>
        <Button onClick={onResend} disabled={sending} data-testid="pkb-code-resend">{t('pkb.code.resend')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function RequestDataStep({ applicationId }) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { showError, showSuccess } = useSnackbar();
  const [createRequest, { isLoading: sending }] = useCreatePkbRequestMutation();
  const [checkCode, { isLoading: checking }] = useCheckPkbCodeMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [request, setRequest] = useState(null); // {id, phone} of the request whose code is awaited

  const onChange = (field) => (event) => {
    const raw = event.target.value;
    const value = MASKS[field] ? applyMask(MASKS[field], raw) : raw;
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const send = async () => {
    const found = validateRequest(values, t);
    setErrors(found);
    if (Object.keys(found).length) {
      showError(Object.values(found)[0]);
      return;
    }
    try {
      const answer = await createRequest({ ...values, application_id: applicationId }).unwrap();
      setRequest({ id: answer.request_id, phone: values.phone });
      showSuccess(t('pkb.code.sent'));
    } catch (error) {
      setErrors(serverFieldErrors(error));
      showError(apiErrorMessage(error, t, i18n, 'pkb.try_later'));
    }
  };

  const onComplete = useCallback(
    async (code, clear) => {
      try {
        await checkCode({ request_id: request.id, code }).unwrap();
        dispatch(userMerged({ is_pkb_data_request_completed: true }));
        showSuccess(t('pkb.done'));
        navigate(`/stepper/${applicationId}`, { replace: true }); // req §4: the step becomes fill (the stepper)
      } catch (error) {
        showError(apiErrorMessage(error, t, i18n, 'pkb.try_later'));
        clear();
      }
    },
    [checkCode, request, dispatch, showSuccess, showError, navigate, applicationId, t, i18n],
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} component="section" aria-labelledby="pkb-title">
      <Typography component="h2" variant="h5" id="pkb-title" sx={{ mb: 1 }}>{t('pkb.title')}</Typography>
      <Alert severity="info" role="note" sx={{ mb: 3 }}>{t('pkb.intro')}</Alert>
      <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); send(); }} data-testid="pkb-form">
        <Stack spacing={2}>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              id={`pkb-${field}`}
              label={t(`pkb.field.${field}`)}
              value={values[field]}
              onChange={onChange(field)}
              error={Boolean(errors[field])}
              helperText={errors[field] || (field === 'phone' ? t('pkb.phone_hint') : undefined)}
              fullWidth
              required
              slotProps={{ htmlInput: { ...INPUT_PROPS[field], 'data-testid': `pkb-${field}` } }}
            />
          ))}
          <Button type="submit" variant="contained" size="large" disabled={sending} data-testid="pkb-submit">
            {t('pkb.submit')}
          </Button>
        </Stack>
      </Box>
      <CodeDialog
        open={Boolean(request)}
        phone={request ? request.phone : ''}
        checking={checking}
        sending={sending}
        onComplete={onComplete}
        onResend={send}
        onClose={() => setRequest(null)}
      />
    </Paper>
  );
}
