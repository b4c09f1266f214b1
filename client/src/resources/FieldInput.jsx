import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DateInput, INVALID_DATE } from '../components/dates';
import ReferenceSelect from './ReferenceSelect';
import { choiceLabel, fieldLabel, isSmallRange, rangeOptions } from './resource';

/** Which control a metadata field gets (an override's `widget` wins). */
export function widgetFor(field, override = {}) {
  if (override.widget) return override.widget;
  if (field.references) return 'reference';
  if (field.choices && field.choices.length) return 'choice';
  if (field.type === 'boolean') return 'switch';
  if (field.type === 'json') return 'json';
  if (isSmallRange(field)) return 'range';
  if (field.type === 'integer') return 'number';
  if (field.type === 'text') return 'multiline';
  if (field.type === 'date') return 'date';
  if (field.type === 'datetime') return 'datetime';
  return 'text';
}

/** The value a control holds for a stored value (selects and text boxes hold strings). */
export function toFormValue(field, value, override = {}) {
  const widget = widgetFor(field, override);
  if (widget === 'switch') return Boolean(value);
  if (widget === 'json') return JSON.stringify(value === undefined || value === null ? {} : value, null, 2);
  if (value === undefined || value === null) return '';
  if (widget === 'date') return String(value).slice(0, 10);
  if (widget === 'datetime') return String(value).slice(0, 16);
  return String(value);
}

/** The value sent to the server for a control's value ('' → null). */
export function fromFormValue(field, raw, override = {}) {
  const widget = widgetFor(field, override);
  if (widget === 'switch') return Boolean(raw);
  if (widget === 'json') return JSON.parse(raw || '{}');
  if (field.type === 'integer' || field.references) {
    if (raw === '' || raw === null || raw === undefined) return null;
    return Number(raw);
  }
  if (raw === null || raw === undefined) return null;
  return typeof raw === 'string' ? raw.trim() : raw;
}

/** react-hook-form rules from the metadata (the server checks the same again). */
export function rulesFor(field, t, { required }) {
  const widget = widgetFor(field);
  return {
    validate: (raw) => {
      const empty = raw === '' || raw === null || raw === undefined || (typeof raw === 'string' && !raw.trim());
      if (empty) return required ? t('validation.required') : true;
      if ((widget === 'date' || widget === 'datetime') && raw === INVALID_DATE) return t('form.errors.invalid_date');
      if (widget === 'json') {
        try {
          const parsed = JSON.parse(raw);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return t('crud.json_invalid');
        } catch {
          return t('crud.json_invalid');
        }
        return true;
      }
      if (field.type === 'integer' && !field.references) {
        if (!/^-?\d+$/.test(String(raw).trim())) return t('crud.integer');
        const n = Number(raw);
        if (Number.isInteger(field.min) && n < field.min) return t('crud.min', { min: field.min });
        if (Number.isInteger(field.max) && n > field.max) return t('crud.max', { max: field.max });
      }
      if (typeof raw === 'string' && field.max_length && raw.trim().length > field.max_length) {
        return t('crud.max_length', { max: field.max_length });
      }
      return true;
    },
  };
}

/**
 * One form control for one metadata field, bound to react-hook-form. Accessible label = the field's
 * i18n label; data-testid = `field-<name>` on the native input/select.
 */
export default function FieldInput({ model, field, control, required, disabled, override = {}, createDialog }) {
  const { t } = useTranslation();
  const label = fieldLabel(t, model, field);
  const id = `resource-${model}-${field.name}`;
  const testId = `field-${field.name}`;
  const widget = widgetFor(field, override);

  return (
    <Controller
      name={field.name}
      control={control}
      rules={rulesFor(field, t, { required })}
      render={({ field: input, fieldState }) => {
        const error = Boolean(fieldState.error);
        const helperText = fieldState.error ? fieldState.error.message : override.helperText;
        const common = {
          id,
          name: input.name,
          label,
          required,
          error,
          helperText,
          disabled,
          fullWidth: true,
          onBlur: input.onBlur,
          inputRef: input.ref,
        };
        if (widget === 'reference') {
          return (
            <ReferenceSelect
              {...common}
              model={field.references}
              value={input.value}
              onChange={input.onChange}
              testId={testId}
              filters={override.filters}
              allowCreate={Boolean(override.allowCreate)}
              createDialog={createDialog}
            />
          );
        }
        if (widget === 'switch') {
          return (
            <FormControl error={error} disabled={disabled}>
              <FormControlLabel
                control={
                  <Switch
                    id={id}
                    name={input.name}
                    checked={Boolean(input.value)}
                    onChange={(event) => input.onChange(event.target.checked)}
                    onBlur={input.onBlur}
                    inputRef={input.ref}
                    slotProps={{ input: { 'data-testid': testId } }}
                  />
                }
                label={label}
              />
              {helperText && <FormHelperText>{helperText}</FormHelperText>}
            </FormControl>
          );
        }
        if (widget === 'choice' || widget === 'range') {
          const options =
            widget === 'range'
              ? rangeOptions(field).map((n) => ({ value: String(n), label: String(n) }))
              : field.choices.map((c) => ({ value: c, label: choiceLabel(t, model, field.name, c) }));
          return (
            <TextField
              {...common}
              select
              value={input.value}
              onChange={(event) => input.onChange(event.target.value)}
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': testId },
              }}
            >
              <option value="">{t('crud.not_set')}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </TextField>
          );
        }
        if (widget === 'date' || widget === 'datetime') {
          return (
            <DateInput
              id={id}
              name={input.name}
              label={label}
              required={required}
              disabled={disabled}
              error={fieldState.error ? fieldState.error.message : undefined}
              helperText={override.helperText}
              value={input.value || null}
              onChange={(next) => input.onChange(next || '')}
              onBlur={input.onBlur}
              inputRef={input.ref}
              testId={testId}
              withTime={widget === 'datetime'}
            />
          );
        }
        const htmlInput = { 'data-testid': testId };
        let type = 'text';
        if (widget === 'number') {
          type = 'number';
          htmlInput.step = 1;
          htmlInput.inputMode = 'numeric';
          if (Number.isInteger(field.min)) htmlInput.min = field.min;
          if (Number.isInteger(field.max)) htmlInput.max = field.max;
        } else if (field.max_length && widget !== 'json') {
          htmlInput.maxLength = field.max_length;
        }
        const multiline = widget === 'multiline' || widget === 'json';
        return (
          <TextField
            {...common}
            type={type}
            value={input.value}
            onChange={(event) => input.onChange(event.target.value)}
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            slotProps={{ htmlInput }}
          />
        );
      }}
    />
  );
}
