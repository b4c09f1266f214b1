/* How an audit entry reads in the interface language (decision 0091): the server stores its facts as it wrote them —
 * column and key names, role names as the database spells them (Russian), booleans, codes of statuses and steps —
 * and the trail renders each through the catalogue: field names (audit_trail.fields), role names by their key
 * (audit_trail.roles), yes/no, "hidden", languages, application statuses and steps (application_state), dates in
 * the reader's format, the kind of a row (audit_trail.types). A name the catalogue does not know yet is shown as
 * stored rather than guessed. */
import { formatDateTime } from '../dates/dates';
import { ROLE_KEYS } from '../../domain';

// server/audit.py HIDDEN: a secret's column or key that changed, never its value.
const HIDDEN = '[hidden]';
// Facts and columns that hold role names (staff.invite/roles records, the users↔roles link, grant_role).
const ROLE_FIELDS = new Set(['roles', 'roles_before', 'roles_after', 'role']);
const STATUS_FIELDS = new Set(['from_status', 'to_status']);
const STEP_FIELDS = new Set(['from_step', 'to_step']);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The name of a field (a column, a fact) in the reader's language. */
export function fieldLabel(key, t) {
  return t(`audit_trail.fields.${key}`, { defaultValue: key });
}

/** The kind of a row (`section_room`, `user`, …) in the reader's language. */
export function typeLabel(type, t) {
  return t(`audit_trail.types.${type}`, { defaultValue: type });
}

/** A role as the server names it (domain roles, public-config) → its label; an unknown name as it is. */
export function roleLabel(name, domain, t) {
  const key = Object.values(ROLE_KEYS).find((k) => domain.roles[k] === name);
  return key ? t(`audit_trail.roles.${key}`) : name;
}

/** One value of field `key` as text in the reader's language. */
export function valueText(key, value, t, domain) {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(key, item, t, domain)).join(', ') : '—';
  if (typeof value === 'boolean') return t(value ? 'audit_trail.values.yes' : 'audit_trail.values.no');
  if (value === HIDDEN) return t('audit_trail.values.hidden');
  if (ROLE_FIELDS.has(key) && typeof value === 'string') return roleLabel(value, domain, t);
  if (key === 'language') return t(`audit_trail.languages.${value}`, { defaultValue: String(value) });
  if (STATUS_FIELDS.has(key)) return t(`application_state.status.${value}`, { defaultValue: String(value) });
  if (STEP_FIELDS.has(key)) return t(`application_state.step.${value}`, { defaultValue: String(value) });
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatDateTime(value) || value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
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
  return t(keys, { defaultValue: row ? t(`audit_trail.actions.universal.${row[1]}`) : action });
}
