/* The larger catalogues, one chunk per language and part (issue 27, decision 0070): a visitor reads one language, an
 * applicant's screens need none of the staff screens' texts, and only the questionnaire shows its form labels; all
 * of it in three languages was ~42 KB brotli on every applicant page's first screen.
 *
 * <lng>.js (the applicant's part) hands over a webpack context of every catalogue folder's <lng>.json
 * (i18n/<folder>/<lng>.json; the core i18n/<lng>.json at the top is not matched) but STAFF_FOLDERS';
 * staff-<lng>.js those of STAFF_FOLDERS; forms-<lng>.js is the questionnaire's form labels (forms/labels/<lng>.json).
 * A new folder is picked up by the applicant's part as soon as it exists; catalogues.js still registers every folder
 * by name for jest and the prerender, and lazyCatalogues.test.js checks that they agree. */
import { mergeCatalogues } from '../merge';

/** Catalogue folders only the staff screens use (the admin shell, queues and review, staff administration, the
 * assistant's staff chats, the second factor, the reference-data screens, Settings' content sections); every
 * <lng>.js / staff-<lng>.js regExp names exactly these. */
export const STAFF_FOLDERS = [
  'admin',
  'adminChats',
  'staff',
  'secondFactor',
  'resources',
  'settingsContent',
  'settings',
  'staffFiles',
];

export function catalogueOf(context) {
  const files = context.keys().filter((key) => key.startsWith('./')); // one key per file
  return mergeCatalogues(...files.map((key) => context(key)));
}
