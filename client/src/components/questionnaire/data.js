/* Local answer data helpers: raw path writes, pending uploads, option types of a step. */

export const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Text-like types are written raw while typing (trimmed only when saved, req §5). */
export const RAW_TYPES = new Set(['text', 'textarea', 'email', 'phone', 'iin', 'number']);

/** Writes value at "field" or "group.<index|optionId>.field" without normalising (a copy is returned). */
export function setPathRaw(data, path, value, groupType = 'group') {
  const out = JSON.parse(JSON.stringify(data || {}));
  const parts = path.split('.');
  if (parts.length === 1) {
    out[path] = value;
    return out;
  }
  const [groupKey, segment, subKey] = parts;
  if (groupType === 'group') {
    if (!Array.isArray(out[groupKey])) out[groupKey] = [];
    const index = Number(segment);
    while (out[groupKey].length <= index) out[groupKey].push({});
    if (!isPlainObject(out[groupKey][index])) out[groupKey][index] = {};
    out[groupKey][index][subKey] = value;
  } else {
    if (!isPlainObject(out[groupKey])) out[groupKey] = {};
    if (!isPlainObject(out[groupKey][segment])) out[groupKey][segment] = {};
    out[groupKey][segment][subKey] = value;
  }
  return out;
}

/** Reads "field" or "group.<segment>.field". */
export function getPath(data, path) {
  const parts = path.split('.');
  let value = data;
  for (const part of parts) {
    if (value === null || value === undefined) return undefined;
    value = Array.isArray(value) ? value[Number(part)] : value[part];
  }
  return value;
}

// ------------------------------------------------------------------------------------------ pending uploads

let pendingSeq = 0;

/** A file chosen in the browser but not uploaded yet: kept in the answers as a reference so the rule engine
 * sees the field as filled; the File itself lives in a store keyed by the reference id. */
export function pendingRef(file) {
  pendingSeq += 1;
  return { id: `__pending__${pendingSeq}`, name: file.name, content_type: file.type || undefined, size: file.size, pending: true };
}

export const isPendingRef = (v) => isPlainObject(v) && v.pending === true && typeof v.id === 'string';

/** Every pending reference id present in data. */
export function pendingIds(value, out = []) {
  if (isPendingRef(value)) out.push(value.id);
  else if (Array.isArray(value)) value.forEach((v) => pendingIds(v, out));
  else if (isPlainObject(value)) Object.values(value).forEach((v) => pendingIds(v, out));
  return out;
}

// ---------------------------------------------------------------------------------------------- option types

const optionTypeOf = (stepKey, field) => field.options || `${stepKey}_${field.key}`;

function visitConditions(node, out) {
  if (Array.isArray(node)) node.forEach((n) => visitConditions(n, out));
  else if (isPlainObject(node)) {
    if (typeof node.step === 'string' && typeof node.field === 'string' && 'option' in node) {
      out.add(node.options || `${node.step}_${node.field}`);
    }
    Object.values(node).forEach((v) => visitConditions(v, out));
  }
}

/** SelectOption types a step needs to render and to run its rules (selects, derived values, cross-step options). */
export function optionTypesOf(step) {
  const types = new Set();
  if (!step) return [];
  const visit = (fields) => (fields || []).forEach((f) => {
    if (f.type === 'select' || f.type === 'multiselect' || f.derive || f.auto_first) types.add(optionTypeOf(step.key, f));
    visit(f.fields);
  });
  visit(step.fields);
  visitConditions(step.fields, types);
  visitConditions(step.rules, types);
  return [...types].sort();
}

/** data-testid of a field's main control: field-<path>. */
export const testIdOf = (path) => `field-${path}`;

/** A document slot's name in the UI language, as the server named it ({ru, kk, en}; decision 0083), or null. */
export function slotName(field, language) {
  const names = field && field.names;
  if (!names) return null;
  const lang = String(language || 'ru').slice(0, 2);
  return names[lang] || names.ru || null;
}
