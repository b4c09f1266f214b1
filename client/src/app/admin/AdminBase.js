import { createContext, useContext } from 'react';
import { ADMIN_SHELLS } from './shells';

/** The shell a screen is rendered in ({key, base, segment}), so links stay inside /admin or /admin/kz. */
export const AdminShellContext = createContext(ADMIN_SHELLS.foreign);

export function useAdminShell() {
  return useContext(AdminShellContext);
}
