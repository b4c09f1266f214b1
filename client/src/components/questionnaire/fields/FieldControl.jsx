/* One questionnaire field (design §7 field types). Labels are the definition's i18n keys (form.<formKey>.<field>).
 *
 * Memoized (issue 27, decision 0070): StepForm draws every field of the step with the whole answers (`data`, `row`)
 * and rule context (`ctx`), which change on every key press, so FieldControl compares them by what the field's kind
 * reads of them (sameFieldInputs) and every other prop by identity. A kind that starts reading more of them must
 * say so there, else it would show stale options or rules. */
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { applyMask, fieldOptions, iinValid, normalisingMask } from '../../../forms-engine/engine';
import { localizedName } from '../../../i18n';
import { DateInput } from '../../dates';
import FileField from './FileField';
import KatoField from './KatoField';
import InstitutionField from './InstitutionField';
import { slotName, testIdOf } from '../data';
import { formError } from '../validation';

export { testIdOf } from '../data';

const YEAR_SPAN = 101; // req §9: year selects span 101 entries from the current year

export function yearChoices(now = new Date()) {
  const current = now.getFullYear();
  return Array.from({ length: YEAR_SPAN }, (_, i) => current - i);
}

const MASKED_INPUT_MAX = 32; // room for "+7 (701) 123-45-01" or a certificate number with spaces

function maskedText(field, raw) {
  if (field.type === 'phone') {
    const digits = String(raw || '').replace(/[^0-9]/g, '');
    if (!digits) return '';
    return applyMask(normalisingMask(field), raw);
  }
  if (field.type === 'iin') return applyMask('iin', raw);
  if (field.type === 'number') return applyMask(field.mask || 'decimal2', raw);
  if (field.mask && field.mask !== 'iin') return applyMask(field.mask, raw);
  return raw;
}

function SelectControl({ step, field, path, value, data, row, ctx, onChange, error, readOnly, label, required }) {
  const { t, i18n } = useTranslation();
  const type = field.options || `${step.key}_${field.key}`;
  const all = (ctx.options || {})[type];
  const options = useMemo(() => {
    try {
      return fieldOptions(step, field.key, data, ctx, row) || all || [];
    } catch {
      return all || [];
    }
  }, [step, field.key, data, ctx, row, all]);
  const loading = all === undefined;
  const multiple = field.type === 'multiselect';
  const byId = (id) => (all || []).find((o) => o.id === id) || null;
  const current = multiple ? (Array.isArray(value) ? value.map(byId).filter(Boolean) : []) : byId(value);
  return (
    <Autocomplete
      multiple={multiple}
      options={options}
      value={current}
      loading={loading}
      disabled={readOnly}
      getOptionLabel={(o) => localizedName(o, i18n.language)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, next) => onChange(path, multiple ? next.map((o) => o.id) : next ? next.id : null)}
      noOptionsText={t('questionnaire.no_options')}
      loadingText={t('common.loading')}
      openText={t('common.open_list')}
      closeText={t('common.close')}
      clearText={t('common.clear')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error || ' '}
          inputProps={{ ...params.inputProps, 'data-testid': testIdOf(path) }}
        />
      )}
    />
  );
}

function ChoiceControl({ path, value, choices, onChange, error, readOnly, label, required, row: inRow = true }) {
  const id = `${testIdOf(path)}-label`;
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={readOnly} required={required} sx={{ width: '100%' }}>
      <FormLabel component="legend" id={id}>{label}</FormLabel>
      <RadioGroup row={inRow} aria-labelledby={id} value={value === null || value === undefined ? '' : String(value)} data-testid={testIdOf(path)}>
        {choices.map((c) => (
          <FormControlLabel
            key={String(c.value)}
            value={String(c.value)}
            label={c.label}
            control={<Radio onChange={() => onChange(path, c.value)} inputProps={{ 'data-testid': `${testIdOf(path)}-${c.value}` }} />}
          />
        ))}
      </RadioGroup>
      <FormHelperText>{error || ' '}</FormHelperText>
    </FormControl>
  );
}

/** The keys a select's option filter looks up in the answers (fieldOptions: filter.parent_field, same_attr.field). */
function filterReads(field) {
  const filter = field.filter || {};
  return [filter.parent_field, filter.same_attr && filter.same_attr.field].filter(Boolean);
}

const ANSWERS_AND_RULES = new Set(['data', 'row', 'ctx']);
const own = (object, key) => (object ? object[key] : undefined);

/** Two rule contexts are the same for a field when all but their answers are the same objects (flags, programme,
 * option lists: they change when loaded, not while typing); `withAnswers` also compares every step's answers. */
function sameRules(a, b, withAnswers) {
  if (a === b) return true;
  const x = a || {};
  const y = b || {};
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) {
    if (key !== 'answers' && x[key] !== y[key]) return false;
  }
  if (!withAnswers) return true;
  const xa = x.answers || {};
  const ya = y.answers || {};
  return [...new Set([...Object.keys(xa), ...Object.keys(ya)])].every((key) => xa[key] === ya[key]);
}

/** React.memo's comparison for FieldControl: every prop by identity but the answers (`data`, `row`) and the rule
 * context (`ctx`), which count only for the kinds that read them, and only as far as they read them. */
export function sameFieldInputs(prev, next) {
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)]);
  for (const key of keys) {
    if (!ANSWERS_AND_RULES.has(key) && prev[key] !== next[key]) return false;
  }
  const { type } = next.field;
  if (type === 'select' || type === 'multiselect') {
    // fieldOptions: the option lists, programme and flags; a step with document_fields is resolved from answers
    const resolved = Boolean(next.step && next.step.document_fields);
    if (!sameRules(prev.ctx, next.ctx, resolved) || (resolved && prev.data !== next.data)) return false;
    return filterReads(next.field).every(
      (key) => own(prev.row, key) === own(next.row, key) && own(prev.data, key) === own(next.data, key),
    );
  }
  if (type === 'institution') return sameRules(prev.ctx, next.ctx, false);
  return true; // the other kinds get neither the answers nor the rule context
}

function FieldControl(props) {
  const { step, field, path, value, onChange, error, readOnly, required, applicationId } = props;
  const { data, row, ctx, ...rest } = props;
  const { t, i18n } = useTranslation();
  // a document slot comes named by the server in ru/kk/en (the same name on every surface, decision 0083)
  const label = slotName(field, i18n.language) || t(field.label || `form.${step.key}.${field.key}`);
  // only the kinds sameFieldInputs knows to read the answers or the rule context get them
  const common = { ...rest, label, required };

  switch (field.type) {
    case 'select':
    case 'multiselect':
      return <SelectControl {...common} data={data} row={row} ctx={ctx} />;
    case 'switch': {
      const labels = field.choices_labels || ['form.switch.yes', 'form.switch.no'];
      return <ChoiceControl {...common} choices={[{ value: 1, label: t(labels[0]) }, { value: 2, label: t(labels[1]) }]} />;
    }
    case 'radio':
      return (
        <ChoiceControl
          {...common}
          choices={(field.choices || []).map((c) => ({ value: c, label: t(`form.choices.${c}`, { defaultValue: String(c) }) }))}
        />
      );
    case 'checkbox':
      return (
        <FormControl error={Boolean(error)} disabled={readOnly}>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                checked={value === true}
                onChange={(e) => onChange(path, e.target.checked)}
                inputProps={{ 'data-testid': testIdOf(path) }}
              />
            }
          />
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    case 'date':
      return (
        <DateInput
          label={label}
          required={required}
          value={value || null}
          onChange={(next) => onChange(path, next)}
          disabled={readOnly}
          error={error}
          testId={testIdOf(path)}
        />
      );
    case 'year':
      return (
        <TextField
          select
          label={label}
          required={required}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => onChange(path, e.target.value ? Number(e.target.value) : null)}
          disabled={readOnly}
          error={Boolean(error)}
          helperText={error || ' '}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': testIdOf(path) } }}
        >
          <option value="">{t('questionnaire.choose')}</option>
          {yearChoices().map((y) => (
            <option key={y} value={String(y)}>{y}</option>
          ))}
        </TextField>
      );
    case 'integer':
      return (
        <TextField
          label={label}
          required={required}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => {
            const digits = e.target.value.replace(/[^0-9]/g, '');
            onChange(path, digits ? Number(digits) : null);
          }}
          disabled={readOnly}
          error={Boolean(error)}
          helperText={error || ' '}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testIdOf(path) } }}
        />
      );
    case 'file':
    case 'image':
      return <FileField {...common} />;
    case 'kato':
      return <KatoField {...common} />;
    case 'institution':
      return <InstitutionField {...common} applicationId={applicationId} ctx={ctx} />;
    default: {
      // text, textarea, email, phone, iin, number
      const isPhone = field.type === 'phone';
      const mask = isPhone ? field.mask || 'phone_kz' : field.mask;
      const normalised = normalisingMask(field);
      const text = value === null || value === undefined ? '' : String(value);
      const liveIin = field.type === 'iin' && text.length === 12 && !iinValid(text) ? formError(t, 'invalid_iin') : '';
      // A masked field takes a formatted paste or autofill whole (the browser would cut it at maxLength); the mask
      // itself keeps the value to its length. One rule for typing, paste and autofill: onChange (decision 0083).
      const maxLength = normalised ? MASKED_INPUT_MAX : field.max_length || (field.type === 'textarea' ? 2000 : 255);
      const hint = normalised ? t(`form.hints.${normalised}`) : '';
      return (
        <TextField
          label={label}
          required={required}
          value={text}
          type={field.type === 'email' ? 'email' : 'text'}
          multiline={field.type === 'textarea'}
          minRows={field.type === 'textarea' ? 3 : undefined}
          onChange={(e) => onChange(path, maskedText(field, e.target.value))}
          // the country code shown, so a national number can be typed as it is written (701 123 45 67); a +7 or
          // an 8 typed over it is understood too (the mask's rule, decision 0083)
          onFocus={isPhone && mask === 'phone_kz' && !text && !readOnly ? () => onChange(path, '+7') : undefined}
          onBlur={isPhone && (text === '+7' || text === '+') ? () => onChange(path, '') : undefined}
          disabled={readOnly}
          error={Boolean(error || liveIin)}
          helperText={error || liveIin || hint || ' '}
          placeholder={isPhone ? (mask === 'phone_kz' ? '+7 701 123 45 67' : '+XXXXXXXXXXX') : undefined}
          fullWidth
          slotProps={{
            htmlInput: {
              maxLength,
              inputMode: ['phone', 'iin'].includes(field.type) ? 'tel' : field.type === 'number' ? 'decimal' : undefined,
              autoComplete: isPhone ? 'tel' : normalised ? 'off' : undefined,
              'data-testid': testIdOf(path),
            },
          }}
        />
      );
    }
  }
}

export default memo(FieldControl, sameFieldInputs);
