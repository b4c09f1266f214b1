/* The client's domain constants, each defined here and nowhere else in client/src (issue 9 §4): the admin role
 * names (req §6), the admin shells and where sign-in leads, the Kazakhstan citizenship (req §9, design §6: recognised by
 * name_en), the hidden-program rule (req §3), the financings and the rule context of the questionnaire engine
 * (decision 0020).
 *
 * The server owns these values. Role names and the citizenship label are read from GET /public-config at run time
 * (`useDomain()`); DEFAULT_DOMAIN holds the same values for the moment before the answer arrives and for a server
 * that does not send them. Components get the values through useDomain(); the helpers below take the domain as an
 * argument, so they stay pure and testable.
 */
import { useMemo } from 'react';
import { usePublicConfig } from './api/publicConfigApi';
import { hasCitizenship } from './session/sessionSlice';
import { localizedName } from './i18n';

/** Role keys → the role names of req §6 (sent by the server as public-config `roles`). */
/** staffManager (issue 22, decision 0079): manages staff accounts and reads the audit trail. */
export const ROLE_KEYS = { foreignAdmin: 'foreign_admin', kzAdmin: 'kz_admin', staffManager: 'staff_manager' };

export const DEFAULT_DOMAIN = Object.freeze({
  roles: Object.freeze({
    [ROLE_KEYS.foreignAdmin]: 'Админ',
    [ROLE_KEYS.kzAdmin]: 'Админ (граждане КЗ)',
    [ROLE_KEYS.staffManager]: 'Управление персоналом',
  }),
  kazakhstanCitizenshipNameEn: 'Citizen of the Republic of Kazakhstan',
});

const nonEmpty = (value) => typeof value === 'string' && value.trim() !== '';

/** The domain from a public-config answer: every value the server sends wins over the default. */
export function domainFromConfig(config) {
  const roles = { ...DEFAULT_DOMAIN.roles };
  const sent = (config && config.roles) || {};
  Object.values(ROLE_KEYS).forEach((key) => {
    if (nonEmpty(sent[key])) roles[key] = sent[key];
  });
  const label = config && config.kazakhstan_citizenship_name_en;
  return { roles, kazakhstanCitizenshipNameEn: nonEmpty(label) ? label : DEFAULT_DOMAIN.kazakhstanCitizenshipNameEn };
}

/** The domain for components (public-config is cached for an hour and shared with the footer). */
export function useDomain() {
  const data = usePublicConfig();
  return useMemo(() => domainFromConfig(data), [data]);
}

// ---------------------------------------------------------------------------------------------------- roles

/** The role names of a user ({roles: [{name}] | [name]}). */
export function roleNames(user) {
  return ((user && user.roles) || []).map((r) => (typeof r === 'string' ? r : r && r.name)).filter(Boolean);
}

/** Whether the user holds the role with this key (ROLE_KEYS). */
export function hasRole(user, roleKey, domain = DEFAULT_DOMAIN) {
  return roleNames(user).includes(domain.roles[roleKey]);
}

/** The two admin shells (req §2 staff routes): /admin is guarded by the FOREIGN access check, /admin/kz by the KZ
 * one; refusal redirects to /. Here rather than in app/admin so the staff features can name their shell. */
export const ADMIN_SHELLS = {
  foreign: { key: 'foreign', base: '/admin', segment: 'FOREIGN' },
  kz: { key: 'kz', base: '/admin/kz', segment: 'KZ' },
};

/** The staff-management role's own screen, for an account with no admin role (issue 22, decision 0079). */
export const STAFF_ACCOUNTS_PATH = '/staff-accounts';

/** Path of the staff area for the user's roles (foreign admin → /admin, citizens' admin → /admin/kz, the
 * staff-management role alone → the staff accounts screen), or null for an applicant. */
export function adminPathFor(user, domain = DEFAULT_DOMAIN) {
  if (hasRole(user, ROLE_KEYS.foreignAdmin, domain)) return '/admin';
  if (hasRole(user, ROLE_KEYS.kzAdmin, domain)) return '/admin/kz';
  return hasRole(user, ROLE_KEYS.staffManager, domain) ? STAFF_ACCOUNTS_PATH : null;
}

/** Staff (an admin role or the staff-management role) are not applicants: they never pick a citizenship (issue 12
 * "Access", decision 0079). */
export function isStaff(user, domain = DEFAULT_DOMAIN) {
  return adminPathFor(user, domain) !== null;
}

/** Where a signed-in user who has not confirmed the e-mail yet is sent (the guards, and sign-in itself). */
export const VERIFY_OTP_PATH = '/auth?verify-otp=true';

/** Where a verified user lands after sign-in: staff in their area (adminPathFor), applicants at / (or /choose-flow). */
export function landingPathFor(user, domain = DEFAULT_DOMAIN) {
  const adminPath = adminPathFor(user, domain);
  if (adminPath) return adminPath;
  return hasCitizenship(user) ? '/' : '/choose-flow';
}

// ------------------------------------------------------------------------------------------------ citizenship

export function isKazakhstanCitizenship(citizenship, domain = DEFAULT_DOMAIN) {
  return Boolean(citizenship && citizenship.name_en === domain.kazakhstanCitizenshipNameEn);
}

export function isKazakhstanCitizen(user, domain = DEFAULT_DOMAIN) {
  return isKazakhstanCitizenship(user && user.citizenship, domain);
}

/** Citizenships most applicants hold after Kazakhstan's: the neighbours (ISO codes), in this order. */
export const NEIGHBOUR_CITIZENSHIP_CODES = Object.freeze(['RU', 'UZ', 'KG', 'CN', 'TM']);

// Russian territory names put the kind first ('о-в Мэн', 'о-ва Кука'): they sort by the island's name.
const SORT_PREFIXES = /^(о-ва|о-в|острова|остров)\s+/i;

/** The text a citizenship sorts by in this language. */
export function citizenshipSortKey(citizenship, lng) {
  return localizedName(citizenship, lng).replace(SORT_PREFIXES, '');
}

/** Kazakhstan first, then the neighbours, then the others by the interface language's alphabet (locale
 * collation), rows after order 1000 (stateless) last; territories that are not citizenships (selectable false)
 * are dropped. Without a language the server order is kept after the neighbours. */
export function sortCitizenships(list, domain = DEFAULT_DOMAIN, lng = null) {
  const items = (Array.isArray(list) ? list.filter(Boolean) : []).filter((c) => c.selectable !== false);
  const isKz = (c) => isKazakhstanCitizenship(c, domain);
  const rank = (c) => {
    if (isKz(c)) return -1;
    const neighbour = NEIGHBOUR_CITIZENSHIP_CODES.indexOf(c.code);
    if (neighbour >= 0) return neighbour;
    return (c.order ?? 1000) > 1000 ? 2000 : 1000;
  };
  const collator = lng ? new Intl.Collator(lng, { sensitivity: 'base', numeric: true }) : null;
  return items
    .map((c, index) => ({ c, index, rank: rank(c), key: collator ? citizenshipSortKey(c, lng) : '' }))
    .sort((a, b) => a.rank - b.rank || (collator ? collator.compare(a.key, b.key) : 0) || a.index - b.index)
    .map((entry) => entry.c);
}

const foldText = (text) => String(text || '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Whether a citizenship matches a typed search in any of its three names (case and accents ignored; every word
 * of the query must appear). */
export function citizenshipMatches(citizenship, query) {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const names = foldText([citizenship.name_ru, citizenship.name_kk, citizenship.name_en].join(' '));
  return words.every((word) => names.includes(word));
}

// -------------------------------------------------------------------------------------------- study programs

/** Hidden programmes (StudyProgram.additional_data.is_hidden, req §3) are never offered to applicants. */
export function isOfferedProgram(program) {
  return Boolean(program) && !(program.additional_data && program.additional_data.is_hidden);
}

// --------------------------------------------------------------------------------------------------- financing

/** How an application is financed (server/models/application.py FINANCINGS); a missing one counts as paid. */
export const FINANCINGS = Object.freeze(['scholarship', 'paid']);
export const DEFAULT_FINANCING = 'paid';

// ------------------------------------------------------------------------------------------------ rule context

/** The rule context of the questionnaire engine (decision 0020), the keys server/forms/context.py builds:
 * one flag per study-program kind (the answer of GET /users/get-study-program-info), the financing (a missing
 * one counts as paid) and whether the applicant is a citizen of Kazakhstan. */
export const RULE_CONTEXT = Object.freeze({
  programFlags: Object.freeze([
    'isRegularBachelors',
    'isMastersScientificOrPedagogical',
    'isMastersSpecialized',
    'isMastersJointWithNBK',
    'isMastersMBA',
    'isMastersEMBA',
    'isDoctoralPHD',
    'isDoctoralDBA',
  ]),
  defaultFinancing: DEFAULT_FINANCING,
});

/** ctx for the engine: program flags, study programme and degree, financing, citizenship, answers, option lists. */
export function buildRuleContext({ programInfo, application, answers, options, domain = DEFAULT_DOMAIN }) {
  const info = programInfo || {};
  const flags = Object.fromEntries(RULE_CONTEXT.programFlags.map((flag) => [flag, Boolean(info[flag])]));
  return {
    ...flags,
    studyProgramId: info.studyProgramId ?? (application ? application.study_program_id : null) ?? null,
    degree: (application && application.study_program && application.study_program.degree) || null,
    financing: (application && application.financing) || RULE_CONTEXT.defaultFinancing,
    isKazakhstanCitizen: isKazakhstanCitizenship(application && application.citizenship, domain),
    answers: answers || {},
    options: options || {},
  };
}
