import { requiredRedirect } from './guards';

describe('route guards (req §6)', () => {
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
});
