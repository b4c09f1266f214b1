import { requiredRedirect } from './guards';
import { adminPathFor, isKazakhstanCitizen } from './sessionSlice';

describe('route guards (spec §6)', () => {
  test('no user → /auth', () => {
    expect(requiredRedirect(null)).toBe('/auth');
    expect(requiredRedirect({ email: 'a@b.kz' })).toBe('/auth');
  });
  test('unverified → verify step', () => {
    expect(requiredRedirect({ token: 't', is_verified: false })).toBe('/auth?verify-otp=true');
  });
  test('verified without citizenship → /choose-flow', () => {
    expect(requiredRedirect({ token: 't', is_verified: true, citizenship_id: null })).toBe('/choose-flow');
    expect(requiredRedirect({ token: 't', is_verified: true }, { needsCitizenship: false })).toBeNull();
  });
  test('complete user stays', () => {
    expect(requiredRedirect({ token: 't', is_verified: true, citizenship_id: 1 })).toBeNull();
  });
  test('admin link per role', () => {
    expect(adminPathFor({ roles: [{ name: 'Админ' }] })).toBe('/admin');
    expect(adminPathFor({ roles: [{ name: 'Админ (граждане КЗ)' }] })).toBe('/admin/kz');
    expect(adminPathFor({ roles: [] })).toBeNull();
    expect(adminPathFor(null)).toBeNull();
  });
  test('Kazakhstan citizen is recognised by name_en', () => {
    expect(isKazakhstanCitizen({ citizenship: { name_en: 'Citizen of the Republic of Kazakhstan' } })).toBe(true);
    expect(isKazakhstanCitizen({ citizenship: { name_en: 'Uzbekistan' } })).toBe(false);
    expect(isKazakhstanCitizen({ citizenship: null })).toBe(false);
  });
});
