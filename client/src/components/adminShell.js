/* The staff shell a screen is drawn in, provided by app/admin/AdminLayout.jsx. Below features/ so a staff feature
 * can read it without importing the application shell. */
import { createContext, useContext } from 'react';
import { ADMIN_SHELLS } from '../domain';

/** The shell a screen is rendered in ({key, base, segment}), so links stay inside /admin or /admin/kz. */
export const AdminShellContext = createContext(ADMIN_SHELLS.foreign);

export function useAdminShell() {
  return useContext(AdminShellContext);
}
