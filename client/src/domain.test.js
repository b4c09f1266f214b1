import {
  DEFAULT_DOMAIN,
  RULE_CONTEXT,
  adminPathFor,
  buildRuleContext,
  domainFromConfig,
  isKazakhstanCitizen,
  isStaff,
  landingPathFor,
  isOfferedProgram,
  sortCitizenships,
} from './domain';

const KZ = { id: 1, name_en: 'Citizen of the Republic of Kazakhstan' };
const UZ = { id: 2, name_en: 'Uzbekistan' };

describe('domain values from public-config', () => {
  test('defaults until the server sends them', () => {
    expect(domainFromConfig(undefined)).toEqual(DEFAULT_DOMAIN);
    expect(domainFromConfig({ contact_phone: '+7' })).toEqual(DEFAULT_DOMAIN);
    expect(DEFAULT_DOMAIN.roles).toEqual({
      foreign_admin: 'Админ',
      kz_admin: 'Админ (граждане КЗ)',
      staff_manager: 'Управление персоналом',
    });
  });

  test('values the server sends win; blank ones are ignored', () => {
    const domain = domainFromConfig({
      roles: { foreign_admin: 'Admin F', kz_admin: '  ' },
      kazakhstan_citizenship_name_en: 'Kazakhstan',
    });
    expect(domain.roles).toEqual({
      foreign_admin: 'Admin F',
      kz_admin: 'Админ (граждане КЗ)',
      staff_manager: 'Управление персоналом',
    });
    expect(domain.kazakhstanCitizenshipNameEn).toBe('Kazakhstan');
    expect(isKazakhstanCitizen({ citizenship: { name_en: 'Kazakhstan' } }, domain)).toBe(true);
    expect(isKazakhstanCitizen({ citizenship: KZ }, domain)).toBe(false);
  });
});

describe('roles (req §6)', () => {
  test('admin area per role', () => {
    expect(adminPathFor({ roles: [{ name: 'Админ' }] })).toBe('/admin');
    expect(adminPathFor({ roles: ['Админ (граждане КЗ)'] })).toBe('/admin/kz');
    expect(adminPathFor({ roles: [] })).toBeNull();
    expect(adminPathFor(null)).toBeNull();
  });

  test('sign-in lands staff where they work: a staff manager without an admin role on the staff screen (issue 22)', () => {
    const user = (...roles) => ({ roles: roles.map((name) => ({ name })) });
    expect(landingPathFor(user('Управление персоналом'))).toBe('/staff-accounts');
    expect(isStaff(user('Управление персоналом'))).toBe(true); // never sent to /choose-flow
    // an admin role keeps its shell (the staff screen is in its menu)
    expect(landingPathFor(user('Управление персоналом', 'Админ'))).toBe('/admin');
    expect(landingPathFor(user('Админ (граждане КЗ)', 'Управление персоналом'))).toBe('/admin/kz');
    // applicants
    expect(landingPathFor(user())).toBe('/choose-flow');
    expect(landingPathFor({ roles: [], citizenship_id: 3 })).toBe('/');
    expect(isStaff(user())).toBe(false);
    // the role's name as the server sends it (public-config) is the one recognised
    const domain = domainFromConfig({ roles: { staff_manager: 'HR' } });
    expect(landingPathFor(user('HR'), domain)).toBe('/staff-accounts');
    expect(landingPathFor(user('Управление персоналом'), domain)).toBe('/choose-flow');
  });
});

describe('citizenship (req §9)', () => {
  test('a citizen of Kazakhstan is recognised by name_en', () => {
    expect(isKazakhstanCitizen({ citizenship: KZ })).toBe(true);
    expect(isKazakhstanCitizen({ citizenship: UZ })).toBe(false);
    expect(isKazakhstanCitizen({ citizenship: null })).toBe(false);
    expect(isKazakhstanCitizen(null)).toBe(false);
  });

  test('Kazakhstan is listed first, the others keep the server order', () => {
    const third = { id: 3, name_en: 'Germany' };
    expect(sortCitizenships([UZ, third, KZ, null])).toEqual([KZ, UZ, third]);
    expect(sortCitizenships(undefined)).toEqual([]);
  });
});

test('hidden programmes are not offered (req §3)', () => {
  expect(isOfferedProgram({ id: 1, additional_data: {} })).toBe(true);
  expect(isOfferedProgram({ id: 1 })).toBe(true);
  expect(isOfferedProgram({ id: 2, additional_data: { is_hidden: true } })).toBe(false);
  expect(isOfferedProgram(null)).toBe(false);
});

describe('rule context (decision 0020)', () => {
  test('every program flag, the programme, degree, financing and citizenship', () => {
    const ctx = buildRuleContext({
      programInfo: { isMastersMBA: true, studyProgramId: 4 },
      application: { study_program_id: 4, study_program: { degree: 'master' }, financing: 'scholarship', citizenship: KZ },
      answers: { fillStepMainInfo: { first_name: 'Dana' } },
      options: { genders: [] },
    });
    RULE_CONTEXT.programFlags.forEach((flag) => expect(ctx[flag]).toBe(flag === 'isMastersMBA'));
    expect(ctx).toMatchObject({
      studyProgramId: 4,
      degree: 'master',
      financing: 'scholarship',
      isKazakhstanCitizen: true,
      answers: { fillStepMainInfo: { first_name: 'Dana' } },
      options: { genders: [] },
    });
  });

  test('before anything is loaded: flags false, financing paid, empty answers and options', () => {
    const ctx = buildRuleContext({});
    expect(ctx).toEqual({
      ...Object.fromEntries(RULE_CONTEXT.programFlags.map((flag) => [flag, false])),
      studyProgramId: null,
      degree: null,
      financing: 'paid',
      isKazakhstanCitizen: false,
      answers: {},
      options: {},
    });
  });
});
