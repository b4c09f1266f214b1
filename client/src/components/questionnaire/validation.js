/* Client-side checks before Next/Submit (req §5): the first empty required visible field → snackbar
 * 'fill_required' + «label»; a wrong date order → 'check_dates' + both labels; other rule errors on the fields. */
import { trim, validateStep } from '../../forms-engine/engine';

const REQUIRED_KEYS = new Set(['fill_required', 'min_items']);

/** Text of a rule-engine error key (form.errors.<key> in forms/labels). */
export const formError = (t, key) => t(`form.errors.${key}`);

/** Submit-mode errors of one step (the engine skips hidden fields). */
export function stepErrors(step, data, ctx) {
  return validateStep(step, trim(data || {}), ctx, 'submit').filter((e) => e.key !== 'unknown_field');
}

/** The error the snackbar reports: the first missing required field, else the first other error. */
export function firstProblem(errors) {
  return errors.find((e) => REQUIRED_KEYS.has(e.key)) || errors.find((e) => e.key === 'check_dates') || errors[0] || null;
}

function groupDef(step, path) {
  const key = path.split('.')[0];
  return (step.fields || []).find((f) => f.key === key) || null;
}

/** For an empty repeatable group, name its first required sub-field (what the applicant has to type). */
function missingLabel(step, error) {
  const def = groupDef(step, error.field);
  if (def && def.type === 'group' && !error.field.includes('.')) {
    const sub = (def.fields || []).find((f) => f.required === true && f.render !== false);
    if (sub) return sub.label;
  }
  return error.label;
}

/** "Parent 2" for an error inside row 1 of the group "parents" (issue 10: repeated groups name their row). */
export function rowTitle(step, path, t) {
  const parts = String(path || '').split('.');
  if (parts.length < 3 || !/^\d+$/.test(parts[1])) return '';
  const def = groupDef(step, path);
  if (!def) return '';
  const n = Number(parts[1]) + 1;
  const label = t(def.label || '');
  const key = `questionnaire.group.row.${def.key}`;
  return t(key, { n, label, defaultValue: t('questionnaire.group.row.default', { n, label }) });
}

export function snackbarText(step, error, t) {
  if (!error) return '';
  const text = problemText(step, error, t);
  const row = rowTitle(step, error.field, t);
  return row ? t('questionnaire.snackbar.in_row', { row, text }) : text;
}

function problemText(step, error, t) {
  if (REQUIRED_KEYS.has(error.key)) {
    return t('questionnaire.snackbar.fill_required', {
      message: formError(t, 'fill_required'),
      label: t(missingLabel(step, error) || ''),
    });
  }
  if (error.key === 'check_dates') {
    const [own, other] = error.labels || [error.label, ''];
    return t('questionnaire.snackbar.check_dates', {
      message: formError(t, 'check_dates'),
      label: t(own || ''),
      other: t(other || ''),
    });
  }
  const message = fieldErrorText({ key: error.key, mask: (error.params && error.params.mask) || null }, t);
  return t('questionnaire.snackbar.field_error', { message, label: t(error.label || '') });
}

/** {path: error} of the rule errors (the first one per field), kept untranslated so the text follows the
 * interface language (issue 10); fieldErrorText draws one. */
export function fieldErrorMap(errors) {
  const out = {};
  errors.forEach((e) => {
    if (out[e.field]) return;
    out[e.field] = { key: e.key, labels: e.labels || null, mask: (e.params && e.params.mask) || null };
  });
  return out;
}

/** The text under a field: a rule error in the current language, or a server's text as sent. */
export function fieldErrorText(error, t) {
  if (!error) return '';
  if (typeof error === 'string') return error;
  if (error.key === 'check_dates') {
    const [, other] = error.labels || [];
    return t('questionnaire.field_errors.check_dates', { message: formError(t, 'check_dates'), other: t(other || '') });
  }
  if (error.key === 'invalid_format' && error.mask) {
    // the phone and UNT certificate masks say which format is expected (decision 0083)
    return t(`form.errors.invalid_format_${error.mask}`, { defaultValue: formError(t, error.key) });
  }
  return formError(t, error.key);
}

/** {path: text} of a step's errors in the current language. */
export function fieldErrorTexts(errors, t) {
  const out = {};
  Object.entries(errors || {}).forEach(([path, error]) => {
    out[path] = fieldErrorText(error, t);
  });
  return out;
}

/** Server envelope errors {"<formKey>.<path>": [texts]} → {formKey: {path: text}}. */
export function serverFieldErrors(envelope) {
  const out = {};
  const errors = envelope && envelope.errors;
  if (!errors || typeof errors !== 'object') return out;
  Object.entries(errors).forEach(([key, messages]) => {
    const dot = key.indexOf('.');
    if (dot < 0) return;
    const formKey = key.slice(0, dot);
    const path = key.slice(dot + 1);
    const text = Array.isArray(messages) ? messages.filter(Boolean).join(' ') : String(messages);
    (out[formKey] = out[formKey] || {})[path] = text;
  });
  return out;
}
