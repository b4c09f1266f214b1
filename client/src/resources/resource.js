/* Resources are plain objects (react-admin style):
 *
 *   { model: 'SectionRoom',                       // registry name; the only required key
 *     listFields: ['name', 'room_type_id'],       // columns (default: readable, non-JSON fields except id)
 *     fields: { room_type_id: { allowCreate: true }, capacity: { widget: 'select' } },   // per-field overrides
 *     formExtra: Component,                        // rendered under the edit form ({ row, meta, resource })
 *     rowActions: [{ key, icon, labelKey, onClick(row) }] }
 *
 * Everything else (types, bounds, choices, references, permissions, filters, sorting, page size) comes from
 * the server's metadata (GET /universal/_meta/<model>) and the generated endpoints (src/api/generated).
 */
import { endpointsFor } from '../api/generated';
import { localizedName } from '../i18n';

/** A select instead of a number box when an integer field has a small, bounded range (e.g. capacity 1..10). */
export const SMALL_RANGE = 20;

export function normalizeResource(resource) {
  const base = typeof resource === 'string' ? { model: resource } : { ...resource };
  if (!base.model) throw new Error('A resource needs a model name');
  return { fields: {}, ...base, endpoints: base.endpoints || endpointsFor(base.model) };
}

export function defineResource(model, options = {}) {
  return normalizeResource({ ...options, model });
}

export function modelLabel(t, model, meta) {
  return t(`resources.${model}.name`, { defaultValue: (meta && meta.label) || model });
}

export function modelPluralLabel(t, model, meta) {
  return t(`resources.${model}.plural`, { defaultValue: modelLabel(t, model, meta) });
}

export function fieldLabel(t, model, field) {
  const name = typeof field === 'string' ? field : field.name;
  const fallback = typeof field === 'string' ? name : field.label || name;
  return t(`resources.${model}.fields.${name}`, { defaultValue: fallback });
}

export function choiceLabel(t, model, field, value) {
  return t(`resources.${model}.choices.${field}.${value}`, { defaultValue: String(value) });
}

/** Fields holding one name in the three languages: name_ru / name (Russian), name_kk, name_en (decision 0073). */
export const NAME_FIELD = /^name(_ru|_kk|_en)?$/;
const NAME_ORDER = { name: 0, name_ru: 0, name_kk: 1, name_en: 2 };

/** Form layout: the name fields as one group (shown side by side) where the first of them stands, others alone. */
export function groupNameFields(fields) {
  const names = fields.filter((f) => NAME_FIELD.test(f.name)).sort((a, b) => NAME_ORDER[a.name] - NAME_ORDER[b.name]);
  if (names.length < 2) return fields.map((field) => ({ key: field.name, field }));
  const out = [];
  fields.forEach((field) => {
    if (!NAME_FIELD.test(field.name)) out.push({ key: field.name, field });
    else if (field === fields.find((f) => NAME_FIELD.test(f.name))) out.push({ key: 'names', names });
  });
  return out;
}

/** What a row is called: its display field (name_ru/name_en/name_kk in the UI language), else #id. */
export function rowTitle(row, displayField, lng) {
  if (!row) return '';
  if (displayField && NAME_FIELD.test(displayField)) {
    const name = localizedName(row, lng);
    if (name) return name;
  }
  const value = displayField ? row[displayField] : undefined;
  if (value !== undefined && value !== null && String(value).trim()) return String(value);
  if (row.name) return String(row.name);
  return `#${row.id}`;
}

/** The field a reference select searches with `ilike`: a localized display field (name_ru) in the UI language
 * when that one is searchable, else the display field itself; null when the model offers no text search. */
export function searchFieldOf(meta, lng) {
  const searchable = new Set(
    (meta.filters || []).filter((f) => (f.operators || []).includes('ilike')).map((f) => f.key),
  );
  const display = meta.display_field;
  const localized = display && /^name_(ru|en|kk)$/.test(display) ? `name_${String(lng || 'ru').slice(0, 2)}` : null;
  if (localized && searchable.has(localized)) return localized;
  return searchable.has(display) ? display : null;
}

export function isSmallRange(field) {
  return (
    field.type === 'integer' &&
    Number.isInteger(field.min) &&
    Number.isInteger(field.max) &&
    field.max >= field.min &&
    field.max - field.min <= SMALL_RANGE
  );
}

export function rangeOptions(field) {
  const out = [];
  for (let n = field.min; n <= field.max; n += 1) out.push(n);
  return out;
}

/** Columns of the list: explicit listFields, else readable scalar fields (no id, no JSON, no fixed parent). */
export function listColumns(resource, meta, fixed = {}) {
  const byName = Object.fromEntries(meta.fields.map((f) => [f.name, f]));
  if (resource.listFields) return resource.listFields.map((n) => byName[n]).filter(Boolean);
  return meta.fields.filter((f) => f.readable && f.name !== 'id' && f.type !== 'json' && !(f.name in fixed));
}

/** Filter controls: eq / ilike filters of readable, non-fixed scalar fields (id and JSON keys are left out). */
export function filterControls(meta, fixed = {}) {
  const byName = Object.fromEntries(meta.fields.map((f) => [f.name, f]));
  return (meta.filters || [])
    .filter((flt) => !flt.key.includes('.') && flt.key !== 'id' && !(flt.key in fixed) && byName[flt.key])
    .map((flt) => {
      const field = byName[flt.key];
      const ops = flt.operators || [];
      const op = ops.includes('ilike') && !field.references && !field.choices ? 'ilike' : 'eq';
      return ops.includes(op) ? { field, op } : null;
    })
    .filter(Boolean);
}

/** The filters body of a find request from the control values ('' = not filtering). */
export function buildFilters(values, controls, fixed = {}) {
  const filters = { ...fixed };
  controls.forEach(({ field, op }) => {
    const raw = values[field.name];
    if (raw === undefined || raw === null || raw === '') return;
    let value = raw;
    if (field.type === 'integer' || field.references) {
      value = Number(raw);
      if (!Number.isInteger(value)) return;
    } else if (field.type === 'boolean') {
      value = raw === 'true';
    } else if (typeof raw === 'string') {
      value = raw.trim();
      if (!value) return;
    }
    filters[field.name] = op === 'eq' ? value : { [op]: value };
  });
  return filters;
}

/** Order param: ['name'] / ['-name'] or undefined for the model's default order. */
export function buildOrder(sort) {
  if (!sort || !sort.field) return undefined;
  return [sort.direction === 'desc' ? `-${sort.field}` : sort.field];
}

export function pageSizeOptions(meta) {
  const cap = meta.page_size_cap || 100;
  const options = new Set([10, 20, 50, 100, meta.default_page_size || 20].filter((n) => n <= cap));
  return [...options].sort((a, b) => a - b);
}

/** Errors of the envelope ({field path: [texts]}) → {form field: text}; "create.0.name" / "update.name" → "name". */
export function fieldErrors(error, fieldNames) {
  const errors = (error && error.data && error.data.errors) || {};
  const known = new Set(fieldNames);
  const out = {};
  Object.entries(errors).forEach(([path, messages]) => {
    const name = path.replace(/^(create|update)\.(\d+\.)?/, '');
    const text = Array.isArray(messages) ? messages.join(' ') : String(messages);
    if (known.has(name) && !out[name]) out[name] = text;
  });
  return out;
}
