/* The two admin shells (spec §2 staff routes). Apart from the menu (menu.js) so the router, which is part of the
 * first download, does not carry the menu and the queues' definitions (decision 0070). */

/** /admin is guarded by the FOREIGN access check, /admin/kz by the KZ one; refusal redirects to /. */
export const ADMIN_SHELLS = {
  foreign: { key: 'foreign', base: '/admin', segment: 'FOREIGN' },
  kz: { key: 'kz', base: '/admin/kz', segment: 'KZ' },
};
