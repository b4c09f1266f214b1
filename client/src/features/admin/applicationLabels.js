/* How the staff screens name an application's applicant and its status: the queue's rows, the application panel
 * and the document intake all show them the same way. */
import { FOREIGN_STATUS_KEYS } from './queues';

export function studentName(user) {
  if (!user) return '';
  const name = [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' ');
  return name || user.email || '';
}

export function statusText(t, row, shellKey) {
  if (!row || row.id === null || row.id === undefined) return t('admin.status.no_application');
  if (shellKey === 'foreign') return t(FOREIGN_STATUS_KEYS[row.status] || 'admin.status.draft');
  if (row.status === -1) return t('admin.status.archived');
  return t('admin.status.step', { step: row.current_step });
}
