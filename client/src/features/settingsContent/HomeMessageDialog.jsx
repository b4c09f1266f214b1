/* Create or edit one home-page message (decision 0087): info or payment (an amount in tenge), permanent or dated,
 * to the shell's population or to one of its applicants (found by e-mail or name), titled and written in Russian
 * with optional Kazakh and English (shown side by side from the md breakpoint, decision 0073). The form checks what
 * it can; the server's field errors (already in the interface language) are shown under their fields. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '../../components/apiError';
import useReturnFocus from '../../components/focus/useReturnFocus';
import useDebouncedValue from '../../components/useDebouncedValue';
import { useMessageRecipientsQuery, useSaveHomeMessageMutation } from './settingsContentApi';
import { fromLocalInput, toLocalInput } from './dates';
import useFormDialog from './useFormDialog';

export const LANGS = ['ru', 'kk', 'en'];
const TITLE_MAX = 200;
const TEXT_MAX = 4000;

function formOf(message) {
  if (!message) {
    return {
      type: 'info',
      amount: '',
      isPermanent: false,
      startsAt: '',
      endsAt: '',
      audience: 'population',
      user: null,
      ...Object.fromEntries(LANGS.flatMap((lang) => [[`title_${lang}`, ''], [`text_${lang}`, '']])),
    };
  }
  return {
    type: message.type,
    amount: message.amount ? String(message.amount) : '',
    isPermanent: message.is_permanent,
    startsAt: toLocalInput(message.starts_at),
    endsAt: toLocalInput(message.ends_at),
    audience: message.audience,
    user: message.user,
    ...Object.fromEntries(
      LANGS.flatMap((lang) => [[`title_${lang}`, message[`title_${lang}`] || ''], [`text_${lang}`, message[`text_${lang}`] || '']]),
    ),
  };
}

/** What the form itself can refuse, by field, in the interface language. */
function localErrors(form, t) {
  const errors = {};
  if (form.type === 'payment' && !/^[1-9]\d{0,7}$/.test(form.amount.trim())) errors.amount = t('settings_content.messages.amount_invalid');
  if (!form.isPermanent) {
    if (!form.startsAt || !form.endsAt) errors.ends_at = t('settings_content.messages.dates_required');
    else if (form.endsAt <= form.startsAt) errors.ends_at = t('settings_content.messages.dates_order');
  }
  if (form.audience === 'user' && !form.user) errors.user_id = t('settings_content.messages.recipient_required');
  if (!form.title_ru.trim()) errors.title_ru = t('settings_content.messages.required_ru');
  if (!form.text_ru.trim()) errors.text_ru = t('settings_content.messages.required_ru');
  return errors;
}

function RecipientPicker({ segment, value, onChange, error }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), 300);
  const { data, isFetching } = useMessageRecipientsQuery({ segment, q: query }, { skip: query.length < 2 });
  const options = (query.length >= 2 && data && data.list) || [];
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (option.name ? `${option.name} — ${option.email}` : option.email)}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={isFetching}
      noOptionsText={query.length < 2 ? t('settings_content.messages.recipient_help') : t('settings_content.messages.recipient_none')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('settings_content.messages.recipient')}
          error={Boolean(error)}
          helperText={error || t('settings_content.messages.recipient_help')}
          inputProps={{ ...params.inputProps, 'data-testid': 'home-message-recipient', maxLength: 100 }}
        />
      )}
    />
  );
}

export default function HomeMessageDialog({ open, message, segment, onClose }) {
  const { t, i18n } = useTranslation();
  const { onExited } = useReturnFocus(open);
  const { form, setForm, set, errorOf, hasFieldErrors, busy: isLoading, error, close, submitWith } = useFormDialog({
    initial: () => formOf(message),
    mutation: useSaveHomeMessageMutation(),
    check: (values) => localErrors(values, t),
    onClose,
    savedText: t('settings_content.messages.saved'),
  });
  const submit = submitWith((values) => ({
    segment,
    id: message ? message.id : null,
    body: {
      type: values.type,
      amount: values.type === 'payment' ? Number(values.amount) : null,
      is_permanent: values.isPermanent,
      starts_at: values.isPermanent ? null : fromLocalInput(values.startsAt),
      ends_at: values.isPermanent ? null : fromLocalInput(values.endsAt),
      audience: values.audience,
      user_id: values.audience === 'user' && values.user ? values.user.id : null,
      ...Object.fromEntries(LANGS.flatMap((lang) => [[`title_${lang}`, values[`title_${lang}`]], [`text_${lang}`, values[`text_${lang}`]]])),
    },
  }));

  const titleId = 'home-message-dialog-title';
  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      disableRestoreFocus
      TransitionProps={{ onExited }}
      data-testid="home-message-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {message ? t('settings_content.messages.dialog_edit') : t('settings_content.messages.dialog_create')}
        </DialogTitle>
        <DialogContent>
          {error && !hasFieldErrors && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="home-message-error">
              {apiErrorMessage(error, t, i18n)}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
              <FormControl>
                <FormLabel id="home-message-type">{t('settings_content.messages.type')}</FormLabel>
                <RadioGroup row aria-labelledby="home-message-type" value={form.type} onChange={set('type')}>
                  <FormControlLabel value="info" control={<Radio />} label={t('settings_content.messages.type_info')} />
                  <FormControlLabel
                    value="payment"
                    control={<Radio inputProps={{ 'data-testid': 'home-message-type-payment' }} />}
                    label={t('settings_content.messages.type_payment_short')}
                  />
                </RadioGroup>
              </FormControl>
              {form.type === 'payment' && (
                <TextField
                  required
                  label={t('settings_content.messages.amount')}
                  value={form.amount}
                  onChange={set('amount')}
                  error={Boolean(errorOf('amount'))}
                  helperText={errorOf('amount') || t('settings_content.messages.amount_help')}
                  inputProps={{ inputMode: 'numeric', maxLength: 8, 'data-testid': 'home-message-amount' }}
                />
              )}
            </Stack>
            <FormControl>
              <FormLabel id="home-message-duration">{t('settings_content.messages.duration')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="home-message-duration"
                value={form.isPermanent ? 'permanent' : 'dated'}
                onChange={(event) => setForm((prev) => ({ ...prev, isPermanent: event.target.value === 'permanent' }))}
              >
                <FormControlLabel
                  value="dated"
                  control={<Radio inputProps={{ 'data-testid': 'home-message-dated' }} />}
                  label={t('settings_content.messages.is_dated')}
                />
                <FormControlLabel
                  value="permanent"
                  control={<Radio inputProps={{ 'data-testid': 'home-message-permanent' }} />}
                  label={t('settings_content.messages.is_permanent')}
                />
              </RadioGroup>
            </FormControl>
            {!form.isPermanent && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  required
                  type="datetime-local"
                  label={t('settings_content.messages.starts_at')}
                  value={form.startsAt}
                  onChange={set('startsAt')}
                  error={Boolean(errorOf('starts_at'))}
                  helperText={errorOf('starts_at') || ' '}
                  InputLabelProps={{ shrink: true }}
                  inputProps={{ 'data-testid': 'home-message-starts' }}
                />
                <TextField
                  required
                  type="datetime-local"
                  label={t('settings_content.messages.ends_at')}
                  value={form.endsAt}
                  onChange={set('endsAt')}
                  error={Boolean(errorOf('ends_at'))}
                  helperText={errorOf('ends_at') || ' '}
                  InputLabelProps={{ shrink: true }}
                  inputProps={{ 'data-testid': 'home-message-ends' }}
                />
              </Stack>
            )}
            <FormControl>
              <FormLabel id="home-message-audience">{t('settings_content.messages.audience')}</FormLabel>
              <RadioGroup row aria-labelledby="home-message-audience" value={form.audience} onChange={set('audience')}>
                <FormControlLabel
                  value="population"
                  control={<Radio />}
                  label={t('settings_content.messages.audience_population')}
                />
                <FormControlLabel
                  value="user"
                  control={<Radio inputProps={{ 'data-testid': 'home-message-audience-user' }} />}
                  label={t('settings_content.messages.audience_user')}
                />
              </RadioGroup>
            </FormControl>
            {form.audience === 'user' && (
              <RecipientPicker
                segment={segment}
                value={form.user}
                onChange={(user) => setForm((prev) => ({ ...prev, user }))}
                error={errorOf('user_id')}
              />
            )}
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('settings_content.messages.languages')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('settings_content.messages.languages_help')}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
                {LANGS.map((lang) => {
                  const language = t(`settings_content.messages.lang_${lang}`);
                  return (
                    <Stack key={lang} spacing={1}>
                      <TextField
                        required={lang === 'ru'}
                        label={t('settings_content.messages.title_field', { lang: language })}
                        value={form[`title_${lang}`]}
                        onChange={set(`title_${lang}`)}
                        error={Boolean(errorOf(`title_${lang}`))}
                        helperText={errorOf(`title_${lang}`) || ' '}
                        inputProps={{ maxLength: TITLE_MAX, lang, 'data-testid': `home-message-title-${lang}` }}
                      />
                      <TextField
                        required={lang === 'ru'}
                        multiline
                        minRows={3}
                        label={t('settings_content.messages.text_field', { lang: language })}
                        value={form[`text_${lang}`]}
                        onChange={set(`text_${lang}`)}
                        error={Boolean(errorOf(`text_${lang}`))}
                        helperText={errorOf(`text_${lang}`) || ' '}
                        inputProps={{ maxLength: TEXT_MAX, lang, 'data-testid': `home-message-text-${lang}` }}
                      />
                    </Stack>
                  );
                })}
              </Box>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            {t('settings_content.messages.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading} data-testid="home-message-save">
            {t('settings_content.messages.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
