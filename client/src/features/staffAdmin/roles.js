/* The staff roles a manager can give, by key (domain ROLE_KEYS), and their names in the interface language. */
import { ROLE_KEYS } from '../../domain';

export const STAFF_ROLE_KEYS = [ROLE_KEYS.foreignAdmin, ROLE_KEYS.kzAdmin, ROLE_KEYS.staffManager];

/** The label of a role name as the server sends it (unknown names are shown as they are). */
export function roleLabel(name, domain, t) {
  const key = STAFF_ROLE_KEYS.find((k) => domain.roles[k] === name);
  return key ? t(`staff_admin.roles.${key}`) : name;
}

/** Role names (server) → keys, for the checkboxes. */
export function roleKeysOf(names, domain) {
  return STAFF_ROLE_KEYS.filter((key) => (names || []).includes(domain.roles[key]));
}
