/* How an audit entry reads in the interface language (decision 0091): the server stores its facts as it wrote them —
 * column and key names, role names as the database spells them (Russian), booleans, codes of statuses, steps and
 * transitions, ids, nested JSON (a workflow event's `data`, a questionnaire edit's `changes`) — and the trail renders
 * each through the catalogue: field names (audit_trail.fields), the kind of a row (audit_trail.types), role names by
 * their key (audit_trail.roles, audit_trail.actor_roles), yes/no, "hidden", languages, application statuses, steps
 * and transitions (application_state), dates in the reader's format, ids as "#id" ("№id" in ru and kk).
 * Every field and row kind the server can record is listed in auditVocabulary.json (kept in step with the server by
 * tests/unit/test_audit_vocabulary.py; auditVocabulary.test.js checks each has a label in ru, kk and en). A name the
 * catalogue still does not know (a questionnaire answer's key inside `changes`) reads humanized — "Date of birth" for
 * `date_of_birth` — never as the raw snake_case key. */
import { formatDateTime } from '../dates/dates';
import { ROLE_KEYS } from '../../domain';

// server/audit.py HIDDEN: a secret's column or key that changed, never its value.
const HIDDEN = '[hidden]';
// Facts and columns that hold role names (staff.invite/roles records, the users↔roles link, grant_role, the workflow
// event's actor_role).
const ROLE_FIELDS = new Set(['roles', 'roles_before', 'roles_after', 'role', 'actor_role']);
const STATUS_FIELDS = new Set(['from_status', 'to_status']);
const STEP_FIELDS = new Set(['from_step', 'to_step', 'current_step']);
// Columns and facts that name another row: shown as "#id" — `id`, `*_id`, `*_ids`, a letter's `replaces`, `files`.
const ID_FIELDS = new Set(['id', 'replaces', 'files', 'file_ids']);
const ID_FIELD = /(^|_)ids?$/;
// Fields whose values are codes with a label of their own in audit_trail.values.<field>.<code>.
const CODED_FIELDS = new Set(['author_side', 'financing', 'population', 'purpose', 'segment']);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
// A key i18next can look up as it is (no separators): anything else (a questionnaire answer's key) is humanized.
const PLAIN_KEY = /^[A-Za-z0-9_]+$/;
const LANGUAGE_KEYS = new Set(['ru', 'kk', 'en']);

/** `is_exempted_from_payment` → "Is exempted from payment": the last resort for a name no catalogue has. */
export function humanize(key) {
  const words = String(key)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.:\-\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : String(key);
}

function lookup(prefix, key, t) {
  if (!PLAIN_KEY.test(String(key))) return humanize(key);
  return t(`${prefix}.${key}`, { defaultValue: humanize(key) });
}

/** The name of a field (a column, a fact, a JSON key) in the reader's language. */
export function fieldLabel(key, t) {
  // A trilingual value ({"ru": …, "kk": …, "en": …}: a programme's name in a notification) is keyed by language.
  if (LANGUAGE_KEYS.has(key)) return t(`audit_trail.languages.${key}`);
  return lookup('audit_trail.fields', key, t);
}

/** The kind of a row (`section_room`, `user`, …) in the reader's language. */
export function typeLabel(type, t) {
  return lookup('audit_trail.types', type, t);
}

/** A workflow transition (`set_exemption`) by the state machine's own label (application_state.transition). */
export function transitionLabel(name, t) {
  if (!PLAIN_KEY.test(String(name))) return humanize(name);
  return t([`application_state.transition.${name}`, `audit_trail.transitions.${name}`], { defaultValue: humanize(name) });
}

/** A role as the server names it (domain roles, public-config) → its label; an unknown name as it is. */
export function roleLabel(name, domain, t) {
  const key = Object.values(ROLE_KEYS).find((k) => domain.roles[k] === name);
  if (key) return t(`audit_trail.roles.${key}`);
  // A workflow event's actor that is no staff role: 'applicant' or 'system:<source>' (server/models/application.py).
  const other = String(name).replace(':', '_');
  if (PLAIN_KEY.test(other)) return t(`audit_trail.actor_roles.${other}`, { defaultValue: name });
  return name;
}

function stepLabel(value, t) {
  return t([`application_state.step.${value}`, `audit_trail.steps.${value}`], { defaultValue: String(value) });
}

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
// A before/after pair inside a JSON value ({"from": false, "to": true}: a workflow event's data, a questionnaire edit).
const isFromTo = (value) =>
  isPlainObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((k) => k === 'from' || k === 'to');

/** One value of field `key` (of a row of kind `type`, when known) as text in the reader's language. */
export function valueText(key, value, t, domain, type) {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(key, item, t, domain, type)).join(', ') : '—';
  if (typeof value === 'boolean') return t(value ? 'audit_trail.values.yes' : 'audit_trail.values.no');
  if (value === HIDDEN) return t('audit_trail.values.hidden');
  if (isPlainObject(value)) {
    // Nested facts read as "label: value" pairs, never as JSON.
    return Object.entries(value)
      .map(([k, v]) =>
        isFromTo(v)
          ? `${fieldLabel(k, t)}: ${valueText(k, v.from, t, domain)} → ${valueText(k, v.to, t, domain)}`
          : `${fieldLabel(k, t)}: ${valueText(k, v, t, domain)}`,
      )
      .join('; ');
  }
  if (ROLE_FIELDS.has(key) && typeof value === 'string') return roleLabel(value, domain, t);
  if (key === 'language') return t(`audit_trail.languages.${value}`, { defaultValue: String(value) });
  if (key === 'transition' && typeof value === 'string') return transitionLabel(value, t);
  if (key === 'kind' && typeof value === 'string' && PLAIN_KEY.test(value)) {
    return t([`audit_trail.kinds.${value}`, `audit_trail.types.${value}`], { defaultValue: humanize(value) });
  }
  if (STATUS_FIELDS.has(key) || (key === 'status' && type === 'application')) {
    return t(`application_state.status.${value}`, { defaultValue: String(value) });
  }
  if (STEP_FIELDS.has(key)) return stepLabel(value, t);
  if (CODED_FIELDS.has(key) && typeof value === 'string' && PLAIN_KEY.test(value)) {
    return t(`audit_trail.values.${key}.${value}`, { defaultValue: value });
  }
  if ((ID_FIELDS.has(key) || ID_FIELD.test(key)) && (typeof value === 'number' || /^\d+$/.test(String(value)))) {
    return t('audit_trail.id_value', { id: value });
  }
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatDateTime(value) || value;
  return String(value);
}

/** The readable lines of one before/after pair: [{key, label, before, after, created, removed}], where nested objects
 * are flattened ("Transition data › Exempted from payment") and a {"from", "to"} pair inside them becomes the
 * line's own before → after. A key only on one side (a created or deleted row) has only that side. */
export function changeLines(before, after, t, domain, type) {
  const lines = [];
  const walk = (b, a, path) => {
    const keys = [...new Set([...Object.keys(b || {}), ...Object.keys(a || {})])];
    keys.forEach((key) => {
      const hasBefore = Boolean(b) && Object.prototype.hasOwnProperty.call(b, key);
      const hasAfter = Boolean(a) && Object.prototype.hasOwnProperty.call(a, key);
      const from = hasBefore ? b[key] : undefined;
      const to = hasAfter ? a[key] : undefined;
      const labels = [...path, fieldLabel(key, t)];
      const single = hasBefore !== hasAfter ? (hasAfter ? to : from) : undefined;
      const line = { key: labels.join('/'), label: labels.join(' › ') };
      if (isFromTo(single)) {
        lines.push({ ...line, before: valueText(key, single.from, t, domain, type), after: valueText(key, single.to, t, domain, type) });
        return;
      }
      const nested = (isPlainObject(from) || from == null) && (isPlainObject(to) || to == null);
      if (nested && (isPlainObject(from) || isPlainObject(to))) {
        // An object on either side: its keys are lines of their own, under this field's label.
        walk(isPlainObject(from) ? from : hasBefore ? {} : null, isPlainObject(to) ? to : hasAfter ? {} : null, labels);
        return;
      }
      lines.push({
        ...line,
        before: hasBefore ? valueText(key, from, t, domain, type) : null,
        after: hasAfter ? valueText(key, to, t, domain, type) : null,
      });
    });
  };
  walk(before || {}, after || {}, []);
  return lines;
}

/** An entry's own facts as [{key, text}]: from_/to_ pairs of a status or a step read as one "Step: A → B" (or
 * "Step: A (unchanged)" when the transition kept it, as a fee exemption does), object facts flattened. */
export function factItems(facts, t, domain) {
  const items = [];
  const seen = new Set();
  facts.forEach(([key, value]) => {
    if (seen.has(key)) return;
    const pair = /^from_(status|step)$/.exec(key);
    const partner = pair ? facts.find(([k]) => k === `to_${pair[1]}`) : null;
    if (pair && partner) {
      seen.add(partner[0]);
      const label = t(`audit_trail.fields.${pair[1] === 'step' ? 'current_step' : 'status'}`);
      const from = valueText(key, value, t, domain);
      const to = valueText(partner[0], partner[1], t, domain);
      const text = from === to ? `${label}: ${from} ${t('audit_trail.unchanged')}` : `${label}: ${from} → ${to}`;
      items.push({ key, text });
      return;
    }
    if (isPlainObject(value)) {
      changeLines({}, { [key]: value }, t, domain).forEach((line) => {
        const text = line.before !== null ? `${line.label}: ${line.before} → ${line.after}` : `${line.label}: ${line.after}`;
        items.push({ key: line.key, text });
      });
      return;
    }
    items.push({ key, text: `${fieldLabel(key, t)}: ${valueText(key, value, t, domain)}` });
  });
  return items;
}

// Row changes no named action claims are written as "<table>.create|update|delete" (server/audit.py): those read as
// the generic "record created/changed/deleted" rather than as the raw key.
const ROW_CHANGE = /^[a-z_]+\.(create|update|delete)$/;
// A status transition of the review is "application.<transition>" (server/review/actions.py): the state machine's
// own label of the transition (application_state.transition) names it when the trail has none of its own.
const TRANSITION = /^application\.([a-z_]+)$/;

/** The action's label in the reader's language. */
export function actionLabel(action, t) {
  const keys = [`audit_trail.actions.${action}`];
  const transition = TRANSITION.exec(action || '');
  if (transition) keys.push(`application_state.transition.${transition[1]}`);
  const row = ROW_CHANGE.exec(action || '');
  return t(keys, { defaultValue: row ? t(`audit_trail.actions.universal.${row[1]}`) : humanize(action || '') });
}
