/* The admission-term forms (decision 0087): a year with its names in three languages and its application window,
 * and one programme's own window with its documents deadline. The server's field errors (in the interface
 * language) are shown under their fields. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { apiErrorMessage } from '../../components/apiError';
import useReturnFocus from '../../components/focus/useReturnFocus';
import { useSnackbar } from '../../components/SnackbarProvider';
import { fieldErrorsOf, useSaveAdmissionTermMutation, useSaveProgramWindowMutation } from './settingsContentApi';
import { fromLocalInput, toLocalInput } from './dates';

const LANGS = ['ru', 'kk', 'en'];

function DialogFrame({ open, titleId, title, testId, busy, error, hasFieldErrors, onClose, onSubmit, children }) {
  const { t, i18n } = useTranslation();
  const { onExited } = useReturnFocus(open);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
      TransitionProps={{ onExited }}
      data-testid={testId}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {error && !hasFieldErrors && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {apiErrorMessage(error, t, i18n)}
            </Alert>
          )}
          <Stack spacing={1} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('settings_content.terms.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-save`}>
            {t('settings_content.terms.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function Moment({ name, label, value, onChange, error, required = false, testId }) {
  return (
    <TextField
      required={required}
      type="datetime-local"
      label={label}
      value={value}
      onChange={onChange}
      error={Boolean(error)}
      helperText={error || ' '}
      InputLabelProps={{ shrink: true }}
      inputProps={{ 'data-testid': testId || `moment-${name}` }}
    />
  );
}

/** Create (term = null) or edit a term. */
export function TermDialog({ open, term, onClose }) {
  const { t } = useTranslation();
  const { showSuccess } = useSnackbar();
  const [form, setForm] = useState(() => ({
    year: term ? String(term.year) : String(new Date().getFullYear() + 1),
    name_ru: term ? term.name_ru : '',
    name_kk: term ? term.name_kk : '',
    name_en: term ? term.name_en : '',
    opensAt: term ? toLocalInput(term.opens_at) : '',
    closesAt: term ? toLocalInput(term.closes_at) : '',
    isActive: term ? term.is_active : true,
  }));
  const [tried, setTried] = useState(false);
  const [save, { isLoading, error, reset }] = useSaveAdmissionTermMutation();
  const set = (name) => (event) => setForm((prev) => ({ ...prev, [name]: event.target.value }));
  const server = fieldErrorsOf(error);
  const required = t('settings_content.terms.required');
  const local = {};
  if (tried) {
    if (!/^\d{4}$/.test(form.year.trim())) local.year = required;
    if (!form.name_ru.trim()) local.name_ru = required;
    if (!form.opensAt) local.opens_at = required;
    if (!form.closesAt) local.closes_at = required;
    else if (form.opensAt && form.closesAt <= form.opensAt) local.closes_at = t('settings_content.messages.dates_order');
  }
  const errorOf = (name) => local[name] || (server[name] && server[name][0]) || '';

  const close = () => {
    reset();
    onClose();
  };
  const submit = async (event) => {
    event.preventDefault();
    setTried(true);
    const ok = /^\d{4}$/.test(form.year.trim()) && form.name_ru.trim() && form.opensAt && form.closesAt && form.closesAt > form.opensAt;
    if (!ok) return;
    const body = {
      year: Number(form.year),
      name_ru: form.name_ru,
      name_kk: form.name_kk,
      name_en: form.name_en,
      opens_at: fromLocalInput(form.opensAt),
      closes_at: fromLocalInput(form.closesAt),
      is_active: form.isActive,
    };
    const result = await save({ id: term ? term.id : null, body });
    if (!result.error) {
      showSuccess(t('settings_content.terms.saved'));
      close();
    }
  };

  return (
    <DialogFrame
      open={open}
      titleId="term-dialog-title"
      title={term ? t('settings_content.terms.dialog_edit') : t('settings_content.terms.dialog_create')}
      testId="term-dialog"
      busy={isLoading}
      error={error}
      hasFieldErrors={Object.keys(server).length > 0}
      onClose={close}
      onSubmit={submit}
    >
      <TextField
        required
        label={t('settings_content.terms.year')}
        value={form.year}
        onChange={set('year')}
        error={Boolean(errorOf('year'))}
        helperText={errorOf('year') || ' '}
        inputProps={{ inputMode: 'numeric', maxLength: 4, 'data-testid': 'term-year' }}
      />
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        {LANGS.map((lang) => (
          <TextField
            key={lang}
            required={lang === 'ru'}
            label={t('settings_content.terms.name_field', { lang: t(`settings_content.messages.lang_${lang}`) })}
            value={form[`name_${lang}`]}
            onChange={set(`name_${lang}`)}
            error={Boolean(errorOf(`name_${lang}`))}
            helperText={errorOf(`name_${lang}`) || ' '}
            inputProps={{ maxLength: 100, lang, 'data-testid': `term-name-${lang}` }}
          />
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Moment
          name="opens_at"
          required
          label={t('settings_content.terms.opens_at')}
          value={form.opensAt}
          onChange={set('opensAt')}
          error={errorOf('opens_at')}
          testId="term-opens"
        />
        <Moment
          name="closes_at"
          required
          label={t('settings_content.terms.closes_at')}
          value={form.closesAt}
          onChange={set('closesAt')}
          error={errorOf('closes_at')}
          testId="term-closes"
        />
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={form.isActive}
            onChange={(event) => setForm((prev) => ({ ...prev, isActive: event.target.checked }))}
          />
        }
        label={t('settings_content.terms.is_active')}
      />
    </DialogFrame>
  );
}

/** One programme's own window and documents deadline in a term. */
export function WindowDialog({ open, term, program, name, onClose }) {
  const { t } = useTranslation();
  const { showSuccess } = useSnackbar();
  const own = term.windows.find((window) => window.study_program_id === program.id);
  const [form, setForm] = useState(() => ({
    opensAt: toLocalInput(own ? own.opens_at : term.opens_at),
    closesAt: toLocalInput(own ? own.closes_at : term.closes_at),
    documentsDueAt: toLocalInput(own && own.documents_due_at),
  }));
  const [tried, setTried] = useState(false);
  const [save, { isLoading, error, reset }] = useSaveProgramWindowMutation();
  const set = (field) => (event) => setForm((prev) => ({ ...prev, [field]: event.target.value }));
  const server = fieldErrorsOf(error);
  const required = t('settings_content.terms.required');
  const local = {};
  if (tried) {
    if (!form.opensAt) local.opens_at = required;
    if (!form.closesAt) local.closes_at = required;
    else if (form.opensAt && form.closesAt <= form.opensAt) local.closes_at = t('settings_content.messages.dates_order');
  }
  const errorOf = (field) => local[field] || (server[field] && server[field][0]) || '';
  const close = () => {
    reset();
    onClose();
  };
  const submit = async (event) => {
    event.preventDefault();
    setTried(true);
    if (!form.opensAt || !form.closesAt || form.closesAt <= form.opensAt) return;
    const body = {
      opens_at: fromLocalInput(form.opensAt),
      closes_at: fromLocalInput(form.closesAt),
      documents_due_at: fromLocalInput(form.documentsDueAt),
    };
    const result = await save({ termId: term.id, programId: program.id, body });
    if (!result.error) {
      showSuccess(t('settings_content.terms.saved'));
      close();
    }
  };
  return (
    <DialogFrame
      open={open}
      titleId="window-dialog-title"
      title={t('settings_content.terms.window_dialog', { name })}
      testId="window-dialog"
      busy={isLoading}
      error={error}
      hasFieldErrors={Object.keys(server).length > 0}
      onClose={close}
      onSubmit={submit}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Moment
          name="opens_at"
          required
          label={t('settings_content.terms.opens_at')}
          value={form.opensAt}
          onChange={set('opensAt')}
          error={errorOf('opens_at')}
          testId="window-opens"
        />
        <Moment
          name="closes_at"
          required
          label={t('settings_content.terms.closes_at')}
          value={form.closesAt}
          onChange={set('closesAt')}
          error={errorOf('closes_at')}
          testId="window-closes"
        />
      </Stack>
      <Moment
        name="documents_due_at"
        label={t('settings_content.terms.documents_due_at')}
        value={form.documentsDueAt}
        onChange={set('documentsDueAt')}
        error={errorOf('documents_due_at')}
        testId="window-documents"
      />
    </DialogFrame>
  );
}
