/* The admin shells and their left menu (spec §2 staff routes, §6): an item is shown only when its access list
 * holds one of the user's role names. Admin features add their items here (features never import each other). */
import { ADMIN_KZ_ROLE, ADMIN_ROLE } from '../sessionSlice';

/** /admin is guarded by the FOREIGN access check, /admin/kz by the KZ one; refusal redirects to /. */
export const ADMIN_SHELLS = {
  foreign: { key: 'foreign', base: '/admin', segment: 'FOREIGN' },
  kz: { key: 'kz', base: '/admin/kz', segment: 'KZ' },
};

export const ADMIN_MENU = [
  {
    key: 'dormitory',
    path: 'dormitory',
    labelKey: 'admin_shell.items.dormitory',
    roles: [ADMIN_ROLE, ADMIN_KZ_ROLE],
    shells: ['foreign', 'kz'],
  },
  {
    key: 'room_types',
    path: 'room-types',
    labelKey: 'admin_shell.items.room_types',
    roles: [ADMIN_ROLE, ADMIN_KZ_ROLE],
    shells: ['foreign', 'kz'],
  },
];

export function roleNames(user) {
  return ((user && user.roles) || []).map((r) => (typeof r === 'string' ? r : r && r.name)).filter(Boolean);
}

/** The menu items of one shell that the user's roles allow, in menu order. */
export function menuItemsFor(user, shellKey, menu = ADMIN_MENU) {
  const names = new Set(roleNames(user));
  return menu.filter((item) => item.shells.includes(shellKey) && item.roles.some((role) => names.has(role)));
}
