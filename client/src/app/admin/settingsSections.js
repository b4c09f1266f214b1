/* The staff "Settings" area (issue 23, decision 0086): one plain object per section. The menu shows "Settings" in a
 * shell when a section there allows one of the user's roles; the landing page lists those sections, and each is a
 * lazy route at <shell>/settings/<path> (its chunk loads only when opened). To add a section, append one object:
 *   key            unique id (test ids: settings-section-<key>)
 *   path           the URL segment under <shell>/settings/
 *   labelKey       i18n key of its name (the landing card and the page title)
 *   descriptionKey i18n key of the one-line description on the landing card
 *   roles          ROLE_KEYS allowed (the server checks again)
 *   shells         the shells it appears in ('foreign', 'kz')
 *   load           () => import('../../features/<feature>/<Page>') — a module whose default export is the page;
 *                  the page gets the shell as the prop `shell`.
 * Features never import each other; app/ composes them here. */
import { ROLE_KEYS } from '../../domain';

export const SETTINGS_SECTIONS = [
  {
    key: 'grants',
    path: 'grants',
    labelKey: 'settings.sections.grants.label',
    descriptionKey: 'settings.sections.grants.description',
    roles: [ROLE_KEYS.kzAdmin],
    shells: ['kz'],
    load: () => import(/* webpackChunkName: "settings-grants" */ '../../features/settingsGrants/GrantImportsPage'),
  },
  // Flagged payments: each admin role in its own shell (the payer's population).
  ...[
    ['payments', 'foreign', ROLE_KEYS.foreignAdmin],
    ['kz_payments', 'kz', ROLE_KEYS.kzAdmin],
  ].map(([key, shell, role]) => ({
    key,
    path: 'payments',
    labelKey: 'settings.sections.payments.label',
    descriptionKey: 'settings.sections.payments.description',
    roles: [role],
    shells: [shell],
    load: () => import(/* webpackChunkName: "settings-payments" */ '../../features/settingsPayments/FlaggedPaymentsPage'),
  })),
  // Home-page messages (decision 0087): each admin role in its own shell (the messages are its population's).
  ...[
    ['home_messages', 'foreign', ROLE_KEYS.foreignAdmin],
    ['kz_home_messages', 'kz', ROLE_KEYS.kzAdmin],
  ].map(([key, shell, role]) => ({
    key,
    path: 'home-messages',
    labelKey: 'settings_content.sections.home_messages.label',
    descriptionKey: 'settings_content.sections.home_messages.description',
    roles: [role],
    shells: [shell],
    load: () => import(/* webpackChunkName: "settings-content" */ '../../features/settingsContent/HomeMessagesPage'),
  })),
  // Admission terms and study programmes are shared by both populations: both admin roles, in both shells.
  {
    key: 'terms',
    path: 'terms',
    labelKey: 'settings_content.sections.terms.label',
    descriptionKey: 'settings_content.sections.terms.description',
    roles: [ROLE_KEYS.foreignAdmin, ROLE_KEYS.kzAdmin],
    shells: ['foreign', 'kz'],
    load: () => import(/* webpackChunkName: "settings-content" */ '../../features/settingsContent/TermsPage'),
  },
  {
    key: 'programs',
    path: 'programs',
    labelKey: 'settings_content.sections.programs.label',
    descriptionKey: 'settings_content.sections.programs.description',
    roles: [ROLE_KEYS.foreignAdmin, ROLE_KEYS.kzAdmin],
    shells: ['foreign', 'kz'],
    load: () => import(/* webpackChunkName: "settings-programs" */ '../../features/settingsContent/StudyProgramsPage'),
  },
  {
    key: 'imports',
    path: 'imports',
    labelKey: 'settings_content.sections.imports.label',
    descriptionKey: 'settings_content.sections.imports.description',
    roles: [ROLE_KEYS.foreignAdmin, ROLE_KEYS.kzAdmin],
    shells: ['foreign', 'kz'],
    load: () => import(/* webpackChunkName: "settings-content" */ '../../features/settingsContent/ReferenceImportsPage'),
  },
  // The assistant answers both populations, so its knowledge base is shared like the reference data.
  {
    key: 'knowledge',
    path: 'knowledge-base',
    labelKey: 'settings_content.sections.knowledge.label',
    descriptionKey: 'settings_content.sections.knowledge.description',
    roles: [ROLE_KEYS.foreignAdmin, ROLE_KEYS.kzAdmin],
    shells: ['foreign', 'kz'],
    load: () => import(/* webpackChunkName: "settings-knowledge" */ '../../features/settingsContent/KnowledgeBasePage'),
  },
];

/** The sections of one shell that the user's roles allow, in registry order. */
export function settingsSectionsFor(user, shellKey, hasRole, domain, sections = SETTINGS_SECTIONS) {
  return sections.filter(
    (section) => section.shells.includes(shellKey) && section.roles.some((key) => hasRole(user, key, domain)),
  );
}

/** Every role that some section of the shell allows: who sees the "Settings" menu item there. */
export function settingsRolesOf(shellKey, sections = SETTINGS_SECTIONS) {
  return [...new Set(sections.filter((section) => section.shells.includes(shellKey)).flatMap((section) => section.roles))];
}
