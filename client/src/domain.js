/* The client's domain constants, each defined here and nowhere else in client/src (issue 9 §4): the admin role
 * names (spec §6), the Kazakhstan citizenship (spec §4: recognised by name_en), the hidden-program rule (spec §3)
 * the financings and the rule context of the questionnaire engine (decision 0020).
 *
 * The server owns these values. Role names and the citizenship label are read from GET /public-config at run time
 * (`useDomain()`); DEFAULT_DOMAIN holds the same values for the moment before the answer arrives and for a server
 * that does not send them. Components get the values through useDomain(); the helpers below take the domain as an
 * argument, so they stay pure and testable.
 */
import { useMemo } from 'react';
import { useGetPublicConfigQuery } from './api/publicConfigApi';
import { hasCitizenship } from './session/sessionSlice';

/** Role keys → the role names of spec §6 (sent by the server as public-config `roles`). */
export const ROLE_KEYS = { foreignAdmin: 'foreign_admin', kzAdmin: 'kz_admin' };

export const DEFAULT_DOMAIN = Object.freeze({
  roles: Object.freeze({ [ROLE_KEYS.foreignAdmin]: 'Админ', [ROLE_KEYS.kzAdmin]: 'Админ (граждане КЗ)' }),
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
  const { data } = useGetPublicConfigQuery();
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

/** Path of the admin area for the user's roles (foreign admin → /admin, citizens' admin → /admin/kz), or null. */
export function adminPathFor(user, domain = DEFAULT_DOMAIN) {
  if (hasRole(user, ROLE_KEYS.foreignAdmin, domain)) return '/admin';
  if (hasRole(user, ROLE_KEYS.kzAdmin, domain)) return '/admin/kz';
  return null;
}

/** Staff (either admin role) are not applicants: they never pick a citizenship (issue 12 "Access"). */
export function isStaff(user, domain = DEFAULT_DOMAIN) {
  return adminPathFor(user, domain) !== null;
}

/** Where a verified user lands after sign-in: staff in their admin shell, applicants at / (or /choose-flow first). */
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

/** Kazakhstan first, the others in server order (the choose-flow and apply citizenship lists). */
export function sortCitizenships(list, domain = DEFAULT_DOMAIN) {
  const items = Array.isArray(list) ? list.filter(Boolean) : [];
  const isKz = (c) => isKazakhstanCitizenship(c, domain);
  return [...items.filter(isKz), ...items.filter((c) => !isKz(c))];
}

// -------------------------------------------------------------------------------------------- study programs

/** Hidden programmes (StudyProgram.additional_data.is_hidden, spec §3) are never offered to applicants. */
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
