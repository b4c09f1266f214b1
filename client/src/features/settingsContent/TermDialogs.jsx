/* The admission-term forms (decision 0087): a year with its names in three languages and its application window,
 * and one programme's own window with its documents deadline. The server's field errors (in the interface
 * language) are shown under their fields. */
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
import { useSaveAdmissionTermMutation, useSaveProgramWindowMutation } from './settingsContentApi';
import useFormDialog from './useFormDialog';
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

// The two ends of an application window: the server's field, the form's value and the test id's suffix.
const WINDOW_ENDS = [
  { name: 'opens_at', value: 'opensAt', testId: 'opens' },
  { name: 'closes_at', value: 'closesAt', testId: 'closes' },
];

/** An application window's two moments, side by side from the sm width; the test ids are `${testIdPrefix}-opens`
 * and `${testIdPrefix}-closes`. */
function WindowFields({ form, set, errorOf, testIdPrefix }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {WINDOW_ENDS.map((end) => (
        <Moment
          key={end.name}
          name={end.name}
          required
          label={t(`settings_content.terms.${end.name}`)}
          value={form[end.value]}
          onChange={set(end.value)}
          error={errorOf(end.name)}
          testId={`${testIdPrefix}-${end.testId}`}
        />
      ))}
    </Stack>
  );
}

/** A window's own checks, by server field: both moments given, and the close after the open. */
function windowProblems(form, t) {
  const problems = {};
  if (!form.opensAt) problems.opens_at = t('settings_content.terms.required');
  if (!form.closesAt) problems.closes_at = t('settings_content.terms.required');
  else if (form.opensAt && form.closesAt <= form.opensAt) problems.closes_at = t('settings_content.messages.dates_order');
  return problems;
}

/** Create (term = null) or edit a term. */
export function TermDialog({ open, term, onClose }) {
  const { t } = useTranslation();
  const { form, setForm, set, errorOf, hasFieldErrors, busy, error, close, submitWith } = useFormDialog({
    initial: () => ({
      year: term ? String(term.year) : String(new Date().getFullYear() + 1),
      name_ru: term ? term.name_ru : '',
      name_kk: term ? term.name_kk : '',
      name_en: term ? term.name_en : '',
      opensAt: term ? toLocalInput(term.opens_at) : '',
      closesAt: term ? toLocalInput(term.closes_at) : '',
      isActive: term ? term.is_active : true,
    }),
    mutation: useSaveAdmissionTermMutation(),
    check: (values) => {
      const problems = windowProblems(values, t);
      if (!/^\d{4}$/.test(values.year.trim())) problems.year = t('settings_content.terms.required');
      if (!values.name_ru.trim()) problems.name_ru = t('settings_content.terms.required');
      return problems;
    },
    onClose,
    savedText: t('settings_content.terms.saved'),
  });
  const submit = submitWith((values) => ({
    id: term ? term.id : null,
    body: {
      year: Number(values.year),
      name_ru: values.name_ru,
      name_kk: values.name_kk,
      name_en: values.name_en,
      opens_at: fromLocalInput(values.opensAt),
      closes_at: fromLocalInput(values.closesAt),
      is_active: values.isActive,
    },
  }));

  return (
    <DialogFrame
      open={open}
      titleId="term-dialog-title"
      title={term ? t('settings_content.terms.dialog_edit') : t('settings_content.terms.dialog_create')}
      testId="term-dialog"
      busy={busy}
      error={error}
      hasFieldErrors={hasFieldErrors}
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
      <WindowFields form={form} set={set} errorOf={errorOf} testIdPrefix="term" />
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
  const own = term.windows.find((window) => window.study_program_id === program.id);
  const { form, set, errorOf, hasFieldErrors, busy, error, close, submitWith } = useFormDialog({
    initial: () => ({
      opensAt: toLocalInput(own ? own.opens_at : term.opens_at),
      closesAt: toLocalInput(own ? own.closes_at : term.closes_at),
      documentsDueAt: toLocalInput(own && own.documents_due_at),
    }),
    mutation: useSaveProgramWindowMutation(),
    check: (values) => windowProblems(values, t),
    onClose,
    savedText: t('settings_content.terms.saved'),
  });
  const submit = submitWith((values) => ({
    termId: term.id,
    programId: program.id,
    body: {
      opens_at: fromLocalInput(values.opensAt),
      closes_at: fromLocalInput(values.closesAt),
      documents_due_at: fromLocalInput(values.documentsDueAt),
    },
  }));
  return (
    <DialogFrame
      open={open}
      titleId="window-dialog-title"
      title={t('settings_content.terms.window_dialog', { name })}
      testId="window-dialog"
      busy={busy}
      error={error}
      hasFieldErrors={hasFieldErrors}
      onClose={close}
      onSubmit={submit}
    >
      <WindowFields form={form} set={set} errorOf={errorOf} testIdPrefix="window" />
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
