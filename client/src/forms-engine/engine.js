// Interpreter of the questionnaire rule language (docs/decisions/0020-questionnaire-rule-language.md).
//
// Plain ES module: no React, no imports. The Python twin is server/forms/engine.py; both are run against
// forms/rule_vectors/*.json, so a change here needs the same change there.
//
//   step  a step definition (object, as sent by the server) or a form key registered with registerDefinitions
//   data  the step's field map as saved in UserData.data
//   ctx   {isRegularBachelors, ..., financing, isKazakhstanCitizen, studyProgramId, degree,
//          answers: {formKey: data of other steps}, options: {optionType: [SelectOption objects]}}
//   path  "field", "group.0.field" (repeatable group row) or "group.<optionId>.field" (option groups)

const MISSING = Symbol('missing');

const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'phone', 'iin', 'kato']);
const DEFAULT_MAX_LENGTH = { text: 255, textarea: 2000, email: 255, kato: 500 };
export const ACCEPT = {
  pdf: { types: ['application/pdf'], extensions: ['.pdf'] },
  image: { types: ['image/webp', 'image/jpeg', 'image/png'], extensions: ['.webp', '.jpeg', '.jpg', '.png'] },
};
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_RE = /^\d{4}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ------------------------------------------------------------------------------------------------- masks

export const MASK_PATTERNS = {
  decimal2: /^\d+(\.\d{1,2})?$/,
  test_doc_number: /^\d-\d{4}-\d{9}-\d{2}-\d$/,
  test_code: /^\d{1,9}$/,
  phone_kz: /^\+7\d{10}$/,
  phone_intl: /^\+\d{7,15}$/,
  iin: /^\d{12}$/,
  digits: /^\d+$/,
};
const TEST_DOC_GROUPS = [1, 4, 9, 2, 1];
const PHONE_MAX = 12;
const TEST_CODE_MAX = 9;
const IIN_WEIGHTS_1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const IIN_WEIGHTS_2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];

const onlyDigits = (text) => text.replace(/[^0-9]/g, '');

/* +7 and 10 digits, whichever way the number arrives (decision 0083): typed key by key, pasted whole or set by
 * the browser's autofill, the same rule. A + typed or pasted after the +7 the field shows starts the number again
 * (+7+7701… is +7701…). A leading + means the country code was typed and is kept (another country's number stays
 * visibly wrong); +78… is the trunk 8 typed after the shown +7 (no Kazakh number starts with 8); a leading 8 is
 * the trunk prefix (8 701… = +7 701…); ten digits without either are a national number (701…); anything else gets
 * the country code 7 in front. Digits past the twelfth character are dropped. */
function phoneKz(text) {
  let trimmed = text.trim();
  const restart = trimmed.lastIndexOf('+');
  if (restart > 0) trimmed = trimmed.slice(restart);
  let digits = onlyDigits(trimmed);
  if (!digits) return '';
  if (trimmed.startsWith('+')) {
    if (digits.startsWith('78')) digits = `7${digits.slice(2)}`;
  } else if (digits.startsWith('8')) {
    digits = `7${digits.slice(1)}`;
  } else if (digits.length === 10 || !digits.startsWith('7')) {
    digits = `7${digits}`;
  }
  return `+${digits}`.slice(0, PHONE_MAX);
}

/** The masks whose stored value is the masked text: prepare() applies them on save, like the input does. */
export const NORMALISED_MASKS = ['phone_kz', 'phone_intl', 'iin', 'test_doc_number'];

/** The one normalisation rule of a masked text field (phone, IIN, UNT certificate number), or null for none. */
export function normalisingMask(field) {
  if (!field || !TEXT_TYPES.has(field.type)) return null;
  const mask = field.mask || (field.type === 'phone' ? 'phone_kz' : field.type === 'iin' ? 'iin' : null);
  return NORMALISED_MASKS.includes(mask) ? mask : null;
}

export function applyMask(mask, raw) {
  const text = raw === null || raw === undefined ? '' : String(raw);
  switch (mask) {
    case 'decimal2': {
      let out = '';
      let seenDot = false;
      let decimals = 0;
      for (const ch of text.replace(/,/g, '.')) {
        if (ch >= '0' && ch <= '9') {
          if (seenDot) {
            if (decimals === 2) continue;
            decimals += 1;
          }
          out += ch;
        } else if (ch === '.' && !seenDot && out) {
          seenDot = true;
          out += ch;
        }
      }
      return out;
    }
    case 'test_doc_number': {
      const digits = onlyDigits(text).slice(0, TEST_DOC_GROUPS.reduce((a, b) => a + b, 0));
      const parts = [];
      let pos = 0;
      for (const size of TEST_DOC_GROUPS) {
        if (pos >= digits.length) break;
        parts.push(digits.slice(pos, pos + size));
        pos += size;
      }
      return parts.join('-');
    }
    case 'test_code':
      return onlyDigits(text).slice(0, TEST_CODE_MAX);
    case 'phone_kz':
      return phoneKz(text);
    case 'phone_intl':
      return `+${onlyDigits(text)}`.slice(0, 16);
    case 'iin':
      return onlyDigits(text).slice(0, 12);
    case 'digits':
      return onlyDigits(text);
    default:
      throw new Error(`unknown mask ${mask}`);
  }
}

export function iinCheckDigit(first11) {
  const digits = [...first11].map(Number);
  let total = digits.reduce((sum, d, i) => sum + d * IIN_WEIGHTS_1[i], 0) % 11;
  if (total === 10) {
    total = digits.reduce((sum, d, i) => sum + d * IIN_WEIGHTS_2[i], 0) % 11;
    if (total === 10) return null;
  }
  return total;
}

export function iinValid(value) {
  if (typeof value !== 'string' || !/^[0-9]{12}$/.test(value)) return false;
  const check = iinCheckDigit(value.slice(0, 11));
  return check !== null && check === Number(value[11]);
}

export function maskValid(mask, value) {
  if (!(mask in MASK_PATTERNS)) throw new Error(`unknown mask ${mask}`);
  let text = value;
  if (typeof value === 'boolean') return false;
  if (typeof value === 'number') text = String(value);
  if (typeof text !== 'string' || !MASK_PATTERNS[mask].test(text)) return false;
  if (mask === 'iin') return iinValid(text);
  return true;
}

// ---------------------------------------------------------------------------------------------- registry

let registry = {};
let variantRegistry = {};

/** Registers step definitions ({formKey: definition} or a list) so that steps may be named by form key. */
export function registerDefinitions(defs) {
  const list = Array.isArray(defs) ? defs : Object.values(defs);
  registry = { ...registry };
  list.forEach((d) => { registry[d.key] = d; });
}

export function registerVariants(variants) {
  variantRegistry = { ...variants };
}

export function getStep(step) {
  if (step && typeof step === 'object') return step;
  if (!(step in registry)) throw new Error(`unknown form key ${step}`);
  return registry[step];
}

// ------------------------------------------------------------------------------------------------ helpers

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

export function isEmpty(value) {
  return value === null || value === undefined || value === ''
    || (Array.isArray(value) && value.length === 0)
    || (isPlainObject(value) && Object.keys(value).length === 0);
}

const hasValue = (v) => !isEmpty(v);
const isInt = (v) => typeof v === 'number' && Number.isInteger(v);
const optionType = (stepKey, field) => field.options || `${stepKey}_${field.key}`;

function optionAttr(option, attr) {
  if (attr in option) return option[attr];
  const extra = option.additional_data || {};
  return attr in extra ? extra[attr] : MISSING;
}

function findOption(ctx, type, id) {
  const list = ((ctx.options || {})[type]) || [];
  return list.find((o) => o.id === id) || null;
}

function optionByCode(ctx, type, code) {
  const list = ((ctx.options || {})[type]) || [];
  return list.find((o) => optionAttr(o, 'code') === code) || null;
}

function deepCopy(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function format(template, params) {
  return template.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

class Scope {
  constructor(root, rootFields, stepKey, row = null, rowFields = [], rowOption = null, rowOptionType = null) {
    Object.assign(this, { root, rootFields, stepKey, row, rowFields: rowFields || [], rowOption, rowOptionType });
  }

  // [value, field definition or null]
  lookup(key) {
    if (key === '$option') return [this.rowOption, { key: '$option', options: this.rowOptionType }];
    if (this.row !== null) {
      const f = this.rowFields.find((x) => x.key === key);
      if (f) return [this.row[key], f];
      if (key in this.row) return [this.row[key], null];
    }
    const f = this.rootFields.find((x) => x.key === key);
    return [this.root[key], f || null];
  }
}

// ---------------------------------------------------------------------------------------------- conditions

function eq(a, b) {
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  return a === null && b === null;
}

function compare(cond, value) {
  const missing = value === MISSING;
  if ('eq' in cond) return !missing && eq(value, cond.eq);
  if ('ne' in cond) return missing || !eq(value, cond.ne);
  if ('in' in cond) return !missing && cond.in.some((item) => eq(value, item));
  if ('not_in' in cond) return missing || !cond.not_in.some((item) => eq(value, item));
  if ('filled' in cond) return (!missing && hasValue(value)) === Boolean(cond.filled);
  return !missing && hasValue(value) && value !== false && value !== 0;
}

function cond(c, scope, ctx) {
  if (c === true || c === false) return c;
  if (c === null || c === undefined) return true;
  if ('all' in c) return c.all.every((x) => cond(x, scope, ctx));
  if ('any' in c) return c.any.some((x) => cond(x, scope, ctx));
  if ('not' in c) return !cond(c.not, scope, ctx);
  if ('ctx' in c) {
    const value = ctx[c.ctx];
    return compare(c, value === null || value === undefined ? MISSING : value);
  }
  if ('field' in c) {
    let value;
    let type;
    if ('step' in c) {
      value = (((ctx.answers || {})[c.step]) || {})[c.field];
      type = c.options || `${c.step}_${c.field}`;
    } else {
      const [v, def] = scope.lookup(c.field);
      value = v;
      type = c.options || (def && def.options ? def.options : `${scope.stepKey}_${c.field}`);
    }
    if ('option' in c) {
      const option = value !== null && value !== undefined ? findOption(ctx, type, value) : null;
      value = option === null ? MISSING : optionAttr(option, c.option);
    } else if (value === null || value === undefined) {
      value = MISSING;
    }
    return compare(c, value);
  }
  throw new Error(`unknown condition ${JSON.stringify(c)}`);
}

export function evaluate(c, data = {}, ctx = {}, step = null) {
  const def = step !== null ? getStep(step) : { key: null, fields: [] };
  return cond(c, new Scope(data || {}, def.fields || [], def.key), ctx || {});
}

function valueOf(expr, scope, ctx) {
  if (isPlainObject(expr) && 'if' in expr) {
    return valueOf(cond(expr.if, scope, ctx) ? expr.then : expr.else, scope, ctx);
  }
  return expr;
}

// ------------------------------------------------------------------------------------------- dynamic steps

export function documentFields(step, ctx = {}) {
  ctx = ctx || {};
  const def = getStep(step);
  const out = [];
  const empty = new Scope({}, [], def.key);
  for (const entry of def.document_fields || []) {
    if (!('for_each' in entry)) {
      if (!cond(entry.visible_if, empty, ctx)) continue;
      const optional = Boolean(entry.optional) || ('optional_if' in entry && cond(entry.optional_if, empty, ctx));
      out.push({ field: entry.field, label: entry.label, optional });
      continue;
    }
    const spec = entry.for_each;
    const answers = ctx.answers || {};
    const sourceStep = spec.steps.find((s) => isPlainObject(answers[s]) && spec.field in answers[s]);
    if (sourceStep === undefined) continue;
    const source = answers[sourceStep][spec.field];
    if (spec.each === 'option') {
      const type = spec.options || `${sourceStep}_${spec.field}`;
      for (const id of Array.isArray(source) ? source : []) {
        const option = findOption(ctx, type, id);
        if (option !== null && spec.skip_code !== undefined && spec.skip_code !== null
          && optionAttr(option, 'code') === spec.skip_code) continue;
        const docs = option !== null && entry.documents ? optionAttr(option, 'documents') : null;
        if (Array.isArray(docs) && docs.length) {
          // one upload per supporting document the option lists (additional_data.documents)
          docs.forEach((doc) => {
            if (!isPlainObject(doc) || typeof doc.code !== 'string') return;
            const params = { option_id: id, document: doc.code };
            ['name_ru', 'name_kk', 'name_en'].forEach((k) => { if (typeof doc[k] === 'string') params[k] = doc[k]; });
            out.push({
              field: format(entry.documents, { id, code: doc.code }), label: entry.label,
              optional: Boolean(doc.optional), label_params: params,
            });
          });
          continue;
        }
        out.push({
          field: format(entry.field, { id }), label: entry.label,
          optional: Boolean(entry.optional), label_params: { option_id: id },
        });
      }
    } else {
      (Array.isArray(source) ? source : []).forEach((raw, index) => {
        const row = isPlainObject(raw) ? raw : {};
        const scope = new Scope({}, [], sourceStep, row, []);
        if ('if' in spec && !cond(spec.if, scope, ctx)) return;
        const params = { n: index + 1 };
        // the row's chosen option names the slot ("Medical certificate (form 075/у)"), decision 0083
        if (spec.label_option && isInt(row[spec.label_option])) params.option_id = row[spec.label_option];
        out.push({
          field: format(entry.field, { index }), label: entry.label,
          optional: Boolean(entry.optional), label_params: params,
        });
      });
    }
  }
  return out;
}

export function resolveStep(step, ctx = {}) {
  const def = getStep(step);
  if (!('document_fields' in def)) return def;
  const resolved = { ...def };
  delete resolved.document_fields;
  resolved.fields = documentFields(def, ctx).map((d) => ({
    key: d.field, type: 'file', accept: 'pdf', label: d.label, required: !d.optional,
    ...(d.label_params ? { label_params: d.label_params } : {}),
  })).concat(def.fields || []);
  return resolved;
}

export function stepsFor(variant, ctx = {}, variants = null) {
  const entries = (variants || variantRegistry)[variant];
  if (!entries) throw new Error(`unknown variant ${variant}`);
  const scope = new Scope({}, [], null);
  return entries.filter((e) => e.if === undefined || e.if === null || cond(e.if, scope, ctx || {})).map((e) => e.step);
}

// ------------------------------------------------------------------------------------------------- options

function findField(fields, key) {
  for (const f of fields) {
    if (f.key === key) return [f, null];
    for (const sub of f.fields || []) {
      if (sub.key === key) return [sub, f.fields];
    }
  }
  return [null, null];
}

function filteredOptions(stepKey, field, scope, ctx) {
  const options = (ctx.options || {})[optionType(stepKey, field)];
  if (options === undefined || options === null) return null;
  const flt = field.filter || {};
  const program = ctx.studyProgramId === undefined ? null : ctx.studyProgramId;
  return options.filter((option) => {
    const extra = option.additional_data || {};
    if (flt.exclude_disabled && extra.disabled) return false;
    if ('parent_field' in flt) {
      const [parent] = scope.lookup(flt.parent_field);
      if (parent === null || parent === undefined || !eq(extra.parent_id === undefined ? null : extra.parent_id, parent)) {
        return false;
      }
    }
    if ('same_attr' in flt) {
      // e.g. programs whose additional_data.degree equals the degree of the option chosen in field "degree"
      const spec = flt.same_attr;
      const [chosenId, chosenDef] = scope.lookup(spec.field);
      let chosen = null;
      if (chosenId !== null && chosenId !== undefined) {
        const chosenType = chosenDef ? optionType(stepKey, chosenDef) : `${stepKey}_${spec.field}`;
        chosen = findOption(ctx, chosenType, chosenId);
      }
      const wanted = chosen === null ? MISSING : optionAttr(chosen, spec.attr);
      if (wanted === MISSING || !eq(optionAttr(option, spec.attr), wanted)) return false;
    }
    if ('ctx_attr' in flt) {
      // e.g. degrees whose additional_data.degree equals the study program's degree (ctx.degree); unknown: all
      const spec = flt.ctx_attr;
      const wanted = ctx[spec.ctx];
      if (wanted !== null && wanted !== undefined && !eq(optionAttr(option, spec.attr), wanted)) return false;
    }
    if (flt.study_program) {
      const own = extra.study_program_id === undefined ? null : extra.study_program_id;
      const many = extra.study_programs;
      const hasMany = Array.isArray(many) ? many.length > 0 : Boolean(many);
      if (own !== null || hasMany) {
        if (program === null || !(own === program || (Array.isArray(many) && many.includes(program)))) return false;
      }
      const hide = extra.study_programs_to_hide_in;
      if (Array.isArray(hide) && hide.includes(program)) return false;
    }
    return true;
  });
}

export function fieldOptions(step, fieldKey, data = {}, ctx = {}, row = null) {
  ctx = ctx || {};
  const def = resolveStep(step, ctx);
  const [field, rowFields] = findField(def.fields, fieldKey);
  if (field === null) throw new Error(`unknown field ${fieldKey}`);
  const scope = new Scope(data || {}, def.fields, def.key, row, rowFields);
  return filteredOptions(def.key, field, scope, ctx);
}

// ----------------------------------------------------------------------------------------------- visibility

const visible = (field, scope, ctx) => !('visible_if' in field) || cond(field.visible_if, scope, ctx);

function required(field, scope, ctx) {
  let base;
  if (field.required === true) base = true;
  else if ('required_if' in field) base = cond(field.required_if, scope, ctx);
  else base = false;
  if (base && 'required_unless' in field) base = !cond(field.required_unless, scope, ctx);
  return base;
}

function rowsOf(field, value, scope, ctx, stepKey) {
  if (field.type === 'group') {
    return (Array.isArray(value) ? value : []).map((row, i) => [String(i), isPlainObject(row) ? row : {}, null]);
  }
  const [sourceValue, sourceDef] = scope.lookup(field.source);
  const ids = Array.isArray(sourceValue) ? sourceValue : [];
  const type = sourceDef ? optionType(stepKey, sourceDef) : `${stepKey}_${field.source}`;
  const exclusive = sourceDef && sourceDef.exclusive_code !== undefined ? sourceDef.exclusive_code : null;
  const map = isPlainObject(value) ? value : {};
  const out = [];
  for (const id of ids) {
    if (exclusive !== null) {
      const option = findOption(ctx, type, id);
      if (option !== null && optionAttr(option, 'code') === exclusive) continue;
    }
    const row = map[String(id)];
    out.push([String(id), isPlainObject(row) ? row : {}, id]);
  }
  return out;
}

function rowScope(scope, field, row, optionId, stepKey) {
  let type = null;
  if (field.type === 'option_groups') {
    const [, sourceDef] = scope.lookup(field.source);
    type = sourceDef ? optionType(stepKey, sourceDef) : `${stepKey}_${field.source}`;
  }
  return new Scope(scope.root, scope.rootFields, stepKey, row, field.fields || [], optionId, type);
}

function walk(def, data, ctx, includeHidden = false) {
  const out = [];
  const root = new Scope(data, def.fields, def.key);
  for (const field of def.fields) {
    if (!includeHidden && !visible(field, root, ctx)) continue;
    const value = data[field.key];
    out.push([field.key, field, value, root]);
    if (field.type === 'group' || field.type === 'option_groups') {
      for (const [segment, row, optionId] of rowsOf(field, value, root, ctx, def.key)) {
        const scope = rowScope(root, field, row, optionId, def.key);
        for (const sub of field.fields || []) {
          if (includeHidden || visible(sub, scope, ctx)) out.push([`${field.key}.${segment}.${sub.key}`, sub, row[sub.key], scope]);
        }
      }
    }
  }
  return out;
}

export function visibleFields(step, data = {}, ctx = {}) {
  ctx = ctx || {};
  return walk(resolveStep(step, ctx), data || {}, ctx).map(([path]) => path);
}

// ---------------------------------------------------------------------------------------------- preparation

export function trim(value) {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trim);
  if (isPlainObject(value)) {
    const out = {};
    Object.keys(value).forEach((k) => { out[k] = trim(value[k]); });
    return out;
  }
  return value;
}

function exclusiveIds(stepKey, field, ctx) {
  return (((ctx.options || {})[optionType(stepKey, field)]) || [])
    .filter((o) => optionAttr(o, 'code') === field.exclusive_code).map((o) => o.id);
}

function exclusive(values, ids) {
  if (!values.length || !ids.length) return values;
  const last = values[values.length - 1];
  if (ids.includes(last)) return [last];
  return values.filter((v) => !ids.includes(v));
}

function normalise(def, fields, target, scope, ctx) {
  const stepKey = def.key;
  for (const field of fields) {
    const { key } = field;
    const value = target[key];
    const mask = normalisingMask(field);
    if (mask && typeof value === 'string' && value) {
      // the stored value is what the input shows; text without a single digit stays as sent (a format error)
      const masked = applyMask(mask, value);
      if (masked) target[key] = masked;
    }
    if (field.type === 'multiselect' && field.exclusive_code !== undefined && field.exclusive_code !== null
      && Array.isArray(value)) {
      target[key] = exclusive(value, exclusiveIds(stepKey, field, ctx));
    }
    if (field.type === 'group' && Array.isArray(value)) {
      for (const sub of field.fields || []) {
        if (sub.one_of_group) {
          let seen = false;
          value.forEach((row) => {
            if (isPlainObject(row) && row[sub.key] === true) {
              if (seen) row[sub.key] = false;
              seen = true;
            }
          });
        }
      }
      value.forEach((row) => {
        if (isPlainObject(row)) {
          normalise(def, field.fields || [], row,
            new Scope(scope.root, scope.rootFields, stepKey, row, field.fields || []), ctx);
        }
      });
    }
    if ('derive' in field) {
      for (const c of field.derive) {
        if (cond(c.if, scope, ctx)) {
          if ('option_code' in c) {
            const option = optionByCode(ctx, optionType(stepKey, field), c.option_code);
            if (option !== null) target[key] = option.id;
          } else {
            target[key] = c.value;
          }
          break;
        }
      }
    }
    if (field.auto_first) {
      const options = filteredOptions(stepKey, field, scope, ctx);
      if (options !== null) {
        const ids = options.map((o) => o.id);
        if (!ids.some((id) => eq(id, target[key] === undefined ? null : target[key]))) {
          target[key] = ids.length ? ids[0] : null;
        }
      }
    }
  }
}

export function prepare(step, data = {}, ctx = {}) {
  ctx = ctx || {};
  const def = resolveStep(step, ctx);
  const out = trim(deepCopy(data || {}));
  if (!isPlainObject(out)) return out;
  normalise(def, def.fields, out, new Scope(out, def.fields, def.key), ctx);
  return out;
}

export function setValue(step, data, path, value, ctx = {}) {
  ctx = ctx || {};
  const def = resolveStep(step, ctx);
  const out = deepCopy(data || {});
  const parts = path.split('.');
  if (parts.length === 1) {
    out[parts[0]] = value;
  } else {
    const [groupKey, segment, subKey] = parts;
    const [groupDef] = findField(def.fields, groupKey);
    if (groupDef === null) throw new Error(`unknown field ${groupKey}`);
    if (groupDef.type === 'group') {
      if (!Array.isArray(out[groupKey])) out[groupKey] = [];
      const rows = out[groupKey];
      const index = Number(segment);
      while (rows.length <= index) rows.push({});
      rows[index][subKey] = value;
      const subDef = (groupDef.fields || []).find((f) => f.key === subKey) || {};
      if (subDef.one_of_group && value === true) {
        rows.forEach((row, i) => {
          if (i !== index && isPlainObject(row) && row[subKey] === true) row[subKey] = false;
        });
      }
    } else {
      if (!isPlainObject(out[groupKey])) out[groupKey] = {};
      if (!isPlainObject(out[groupKey][segment])) out[groupKey][segment] = {};
      out[groupKey][segment][subKey] = value;
    }
  }
  return prepare(def, out, ctx);
}

// ----------------------------------------------------------------------------------------------- validation

function error(path, key, field, extra = {}) {
  return { field: path, key, label: field.label === undefined ? null : field.label, ...extra };
}

function parseDate(value) {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number);
  if (y < 1 || m < 1 || m > 12 || d < 1) return null;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1] ? value : null;
}

function parseYear(value) {
  let year;
  if (isInt(value)) year = value;
  else if (typeof value === 'string' && YEAR_RE.test(value)) year = Number(value);
  else return null;
  return year >= 1900 && year <= 2100 ? year : null;
}

function fileOk(ref, accept) {
  if (typeof ref === 'string' || isInt(ref)) return ref !== '' ? true : null;
  if (!isPlainObject(ref) || isEmpty(ref.id)) return null;
  const rules = ACCEPT[accept];
  const contentType = ref.content_type;
  if (contentType !== undefined && contentType !== null && !rules.types.includes(contentType)) return false;
  const { name } = ref;
  if (typeof name === 'string' && name && !rules.extensions.some((ext) => name.toLowerCase().endsWith(ext))) {
    return false;
  }
  return true;
}

const charLength = (text) => [...text].length;

function shapeErrors(path, field, value, scope, ctx, stepKey) {
  const kind = field.type;
  const err = (key, extra) => [error(path, key, field, extra)];
  if (TEXT_TYPES.has(kind)) {
    if (typeof value !== 'string') return err('invalid_type');
    const limit = 'max_length' in field ? field.max_length : DEFAULT_MAX_LENGTH[kind];
    if (limit !== undefined && limit !== null && charLength(value) > limit) return err('too_long', { params: { max: limit } });
    if (kind === 'email' && !EMAIL_RE.test(value)) return err('invalid_email');
    if (kind === 'iin' && !iinValid(value)) return err('invalid_iin');
    if (field.mask && kind !== 'iin' && !maskValid(field.mask, value)) {
      return err('invalid_format', { params: { mask: field.mask } });
    }
    if (field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(value)) {
      return err('invalid_format', { params: { pattern: field.pattern } });
    }
    return [];
  }
  if (kind === 'number') {
    if (!['number', 'string'].includes(typeof value)) return err('invalid_type');
    const mask = field.mask || 'decimal2';
    if (!maskValid(mask, value)) return err('invalid_format', { params: { mask } });
    const number = Number(value);
    if ('min' in field && number < field.min) return err('out_of_range', { params: { min: field.min } });
    if ('max' in field && number > field.max) return err('out_of_range', { params: { max: field.max } });
    return [];
  }
  if (kind === 'integer') return isInt(value) ? [] : err('invalid_type');
  if (kind === 'date') return parseDate(value) ? [] : err('invalid_date');
  if (kind === 'year') return parseYear(value) !== null ? [] : err('invalid_year');
  if (kind === 'switch') return isInt(value) && (value === 1 || value === 2) ? [] : err('invalid_option');
  if (kind === 'checkbox') return typeof value === 'boolean' ? [] : err('invalid_type');
  if (kind === 'radio') {
    return typeof value !== 'boolean' && (field.choices || []).some((c) => eq(c, value)) ? [] : err('invalid_option');
  }
  if (kind === 'select' || kind === 'multiselect') {
    if (kind === 'multiselect' && !Array.isArray(value)) return err('invalid_type');
    const values = kind === 'multiselect' ? value : [value];
    if (!values.every(isInt)) return err('invalid_type');
    if (kind === 'multiselect' && new Set(values).size !== values.length) return err('invalid_option');
    const options = filteredOptions(stepKey, field, scope, ctx);
    if (options !== null) {
      const ids = options.map((o) => o.id);
      if (values.some((v) => !ids.includes(v))) return err('invalid_option');
    }
    return [];
  }
  if (kind === 'institution') {
    if (!isPlainObject(value) || Object.keys(value).some((k) => k !== 'type' && k !== 'selected')) {
      return err('invalid_type');
    }
    if (value.type === 'list' && isInt(value.selected)) return [];
    if (value.type === 'other' && typeof value.selected === 'string' && value.selected) {
      return charLength(value.selected) <= 500 ? [] : err('too_long', { params: { max: 500 } });
    }
    return err('invalid_type');
  }
  if (kind === 'file' || kind === 'image') {
    const accept = kind === 'image' ? 'image' : (field.accept || 'pdf');
    if (field.multiple && !Array.isArray(value)) return err('invalid_type');
    const maxFiles = field.max_files || 10;
    if (field.multiple && value.length > maxFiles) return err('max_items', { params: { max: maxFiles } });
    const refs = field.multiple ? value : [value];
    for (const ref of refs) {
      const ok = fileOk(ref, accept);
      if (ok === null) return err('invalid_type');
      if (ok === false) return err('invalid_file_type', { params: { accept } });
    }
    return [];
  }
  if (kind === 'group') {
    return Array.isArray(value) && value.every(isPlainObject) ? [] : err('invalid_type');
  }
  if (kind === 'option_groups') {
    return isPlainObject(value) && Object.values(value).every(isPlainObject) ? [] : err('invalid_type');
  }
  throw new Error(`unknown field type ${kind}`);
}

const comparable = (field, value) => (field.type === 'year' ? parseYear(value) : parseDate(value));

export function validateStep(step, data = {}, ctx = {}, mode = 'save') {
  if (mode !== 'save' && mode !== 'submit') throw new Error("mode must be 'save' or 'submit'");
  ctx = ctx || {};
  const def = resolveStep(step, ctx);
  const stepKey = def.key;
  data = isPlainObject(data) ? data : {};
  const submit = mode === 'submit';
  const errors = [];

  if (!def.allow_unknown) {
    const known = new Set(def.fields.map((f) => f.key));
    Object.keys(data).forEach((k) => {
      if (!known.has(k)) errors.push({ field: k, key: 'unknown_field', label: null });
    });
  }

  const walked = walk(def, data, ctx);
  const visiblePaths = new Set(walked.map(([path]) => path));
  for (const [path, field, value, scope] of walked) {
    if ((field.type === 'group' || field.type === 'option_groups') && !isEmpty(value)) {
      const shape = shapeErrors(path, field, value, scope, ctx, stepKey);
      if (shape.length) {
        errors.push(...shape);
        continue;
      }
    }
    if (isEmpty(value)) {
      if (submit && required(field, scope, ctx)) errors.push(error(path, 'fill_required', field));
      if (field.type !== 'group') continue;
    }
    if (field.type === 'group') {
      const rows = Array.isArray(value) ? value : [];
      const limit = valueOf(field.max_items, scope, ctx);
      if (isInt(limit) && rows.length > limit) errors.push(error(path, 'max_items', field, { params: { max: limit } }));
      const minimum = valueOf(field.min_items, scope, ctx);
      if (submit && isInt(minimum) && rows.length < minimum && !(isEmpty(value) && required(field, scope, ctx))) {
        errors.push(error(path, 'min_items', field, { params: { min: minimum } }));
      }
      if (!def.allow_unknown) {
        const known = new Set((field.fields || []).map((f) => f.key));
        rows.forEach((row, i) => {
          Object.keys(row).forEach((k) => {
            if (!known.has(k)) errors.push({ field: `${path}.${i}.${k}`, key: 'unknown_field', label: null });
          });
        });
      }
      continue;
    }
    if (field.type === 'option_groups') continue;
    const shape = shapeErrors(path, field, value, scope, ctx, stepKey);
    errors.push(...shape);
    if (shape.length || !submit) continue;
    for (const [relation, strict] of [['before', true], ['not_after', false]]) {
      const otherKey = field[relation];
      if (!otherKey) continue;
      const [otherValue, otherDef] = scope.lookup(otherKey);
      const otherPath = path.includes('.') ? `${path.slice(0, path.lastIndexOf('.'))}.${otherKey}` : otherKey;
      if (otherDef === null || !visiblePaths.has(otherPath) || isEmpty(otherValue)) continue;
      const mine = comparable(field, value);
      const theirs = comparable(otherDef, otherValue);
      if (mine === null || theirs === null) continue;
      if (strict ? mine >= theirs : mine > theirs) {
        errors.push(error(path, 'check_dates', field, { labels: [field.label, otherDef.label] }));
      }
    }
  }

  // Hidden answers are kept (flipping a switch back restores them) but must still be well-formed.
  for (const [path, field, value, scope] of walk(def, data, ctx, true)) {
    if (visiblePaths.has(path) || isEmpty(value) || field.type === 'option_groups') continue;
    errors.push(...shapeErrors(path, field, value, scope, ctx, stepKey));
  }

  if (submit) {
    const root = new Scope(data, def.fields, stepKey);
    for (const rule of def.rules || []) {
      if (!cond(rule.if, root, ctx)) continue;
      if (rule.type === 'require_one') {
        const [groupDef] = findField(def.fields, rule.group);
        if (groupDef === null || !visiblePaths.has(rule.group)) continue;
        const rows = Array.isArray(data[rule.group]) ? data[rule.group] : [];
        const wanted = 'value' in rule ? rule.value : true;
        if (!rows.some((r) => isPlainObject(r) && eq(r[rule.field] === undefined ? null : r[rule.field], wanted))) {
          errors.push({ field: rule.group, key: rule.error, label: groupDef.label === undefined ? null : groupDef.label });
        }
      } else {
        throw new Error(`unknown rule type ${rule.type}`);
      }
    }
  }
  return errors;
}

export function firstMissingRequired(step, data = {}, ctx = {}) {
  const err = validateStep(step, data, ctx, 'submit').find((e) => e.key === 'fill_required' || e.key === 'min_items');
  return err ? { field: err.field, label: err.label } : null;
}

export function acceptFor(field) {
  return ACCEPT[field.type === 'image' ? 'image' : (field.accept || 'pdf')];
}

// snake_case aliases, so code ported from the server reads the same
export {
  visibleFields as visible_fields, validateStep as validate_step, firstMissingRequired as first_missing_required,
  stepsFor as steps_for, setValue as set_value, fieldOptions as field_options, documentFields as document_fields,
  resolveStep as resolve_step, applyMask as apply_mask, maskValid as mask_valid, iinValid as iin_valid,
};
