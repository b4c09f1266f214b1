/* The admin shells and their left menu (req §2 staff routes, §6): an item is shown only when its access list
 * holds one of the user's roles. Access lists name roles by key (ROLE_KEYS); the names come from the domain
 * (public-config). Admin features add their items here (features never import each other). */
import { ADMIN_SHELLS, DEFAULT_DOMAIN, ROLE_KEYS, hasRole } from '../../domain';
import { QUEUES_BY_SHELL, queueLabelKey } from '../../features/admin/queues';
import { settingsRolesOf } from './settingsSections';

const BOTH_ADMINS = [ROLE_KEYS.foreignAdmin, ROLE_KEYS.kzAdmin];
const SHELL_ROLE = { foreign: ROLE_KEYS.foreignAdmin, kz: ROLE_KEYS.kzAdmin };

/** The dashboard and the review queues of one shell (req §2 Staff routes); `badge` names the queue whose count
 * the menu shows. */
function reviewItems(shellKey) {
  const roles = [SHELL_ROLE[shellKey]];
  const prefix = shellKey === 'kz' ? 'kz_' : '';
  return [
    { key: `${prefix}dashboard`, path: '', end: true, labelKey: 'admin.menu.dashboard', roles, shells: [shellKey] },
    ...QUEUES_BY_SHELL[shellKey].map((queue) => ({
      key: `${prefix}${queue}`,
      path: queue,
      badge: queue,
      labelKey: queueLabelKey(shellKey, queue),
      roles,
      shells: [shellKey],
    })),
    // The applicants' replies staff have not opened (decision 0084): the all-applicants queue filtered to them.
    {
      key: `${prefix}replies`,
      path: 'replies',
      badge: 'unread_messages',
      badgeTitleKey: 'app_messages.staff_menu_unread',
      labelKey: 'app_messages.menu',
      roles,
      shells: [shellKey],
    },
  ];
}

export { ADMIN_SHELLS };

export const ADMIN_MENU = [
  ...reviewItems('foreign'),
  ...reviewItems('kz'),
  {
    key: 'upload',
    path: '/upload',
    absolute: true,
    labelKey: 'admin.menu.upload',
    roles: [ROLE_KEYS.kzAdmin],
    shells: ['kz'],
  },
  {
    key: 'dormitory',
    path: 'dormitory',
    labelKey: 'admin_shell.items.dormitory',
    roles: BOTH_ADMINS,
    shells: ['foreign', 'kz'],
  },
  {
    key: 'room_types',
    path: 'room-types',
    labelKey: 'admin_shell.items.room_types',
    roles: BOTH_ADMINS,
    shells: ['foreign', 'kz'],
  },
  // Dormitory places (issue 13): both admin roles manage the shared halls.
  ...[
    ['dorm_board', 'dorm-board'],
    ['dorm_transfers', 'dorm-transfers'],
    ['suborganizations', 'suborganizations'],
  ].map(([key, path]) => ({
    key,
    path,
    labelKey: `admin_shell.items.${key}`,
    roles: BOTH_ADMINS,
    shells: ['foreign', 'kz'],
  })),
  // Staff accounts and the audit trail (issue 22): the staff-management role, in whichever shell it works.
  {
    key: 'staff',
    path: 'staff',
    labelKey: 'staff_admin.menu',
    roles: [ROLE_KEYS.staffManager],
    shells: ['foreign', 'kz'],
  },
  // The assistant's hand-offs (issue 14): each shell's own admin answers its own population's conversations.
  ...['foreign', 'kz'].map((shellKey) => ({
    key: shellKey === 'kz' ? 'kz_chats' : 'chats',
    path: 'chats',
    labelKey: 'admin_chats.menu',
    roles: [SHELL_ROLE[shellKey]],
    shells: [shellKey],
  })),
  // The staff "Settings" area (issue 23, decision 0086): shown in a shell to whoever may open one of its sections.
  ...['foreign', 'kz'].map((shellKey) => ({
    key: shellKey === 'kz' ? 'kz_settings' : 'settings',
    path: 'settings',
    labelKey: 'settings.menu',
    roles: settingsRolesOf(shellKey),
    shells: [shellKey],
  })),
  // A staff member's own sign-in security (decision 0091): every staff role, in whichever shell it works.
  {
    key: 'security',
    path: 'security',
    labelKey: 'staff_security.menu',
    roles: [...BOTH_ADMINS, ROLE_KEYS.staffManager],
    shells: ['foreign', 'kz'],
  },
];

/** The menu items of one shell that the user's roles allow, in menu order. */
export function menuItemsFor(user, shellKey, domain = DEFAULT_DOMAIN, menu = ADMIN_MENU) {
  return menu.filter((item) => item.shells.includes(shellKey) && item.roles.some((key) => hasRole(user, key, domain)));
}
