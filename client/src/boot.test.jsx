import { canHydrate } from './boot';
import { SERVED_LANGUAGE } from './i18n';

function container(prerendered) {
  const element = document.createElement('div');
  if (prerendered) element.setAttribute('data-prerendered', prerendered);
  return element;
}
const AUTH = { pathname: '/auth', search: '' };

describe('canHydrate (the prerendered /auth page is hydrated only when the app would render the same)', () => {
  it('hydrates a signed-out visitor in the served language', () => {
    expect(canHydrate(container('/auth'), { user: null, language: SERVED_LANGUAGE, location: AUTH })).toBe(true);
  });

  it('renders afresh for a signed-in user (who is sent on to their landing page)', () => {
    const user = { token: 't', is_verified: true };
    expect(canHydrate(container('/auth'), { user, language: SERVED_LANGUAGE, location: AUTH })).toBe(false);
  });

  it('renders afresh when the stored language is not the served one', () => {
    const other = SERVED_LANGUAGE === 'en' ? 'kk' : 'en';
    expect(canHydrate(container('/auth'), { user: null, language: other, location: AUTH })).toBe(false);
  });

  it('renders afresh for the verify step and for pages that were not prerendered', () => {
    const verify = { pathname: '/auth', search: '?verify-otp=true' };
    expect(canHydrate(container('/auth'), { user: null, language: SERVED_LANGUAGE, location: verify })).toBe(false);
    expect(canHydrate(container(null), { user: null, language: SERVED_LANGUAGE, location: AUTH })).toBe(false);
    const home = { pathname: '/', search: '' };
    expect(canHydrate(container('/auth'), { user: null, language: SERVED_LANGUAGE, location: home })).toBe(false);
  });
});

describe('canHydrate (the applicant pages prerendered as SHELL_USER)', () => {
  const user = { token: 't', is_verified: true, citizenship_id: 3 };
  const at = (pathname, search = '') => ({ pathname, search });

  it('hydrates a stored user on the page the markup was rendered for', () => {
    expect(canHydrate(container('/'), { user, language: SERVED_LANGUAGE, location: at('/') })).toBe(true);
    expect(canHydrate(container('/apply'), { user, language: SERVED_LANGUAGE, location: at('/apply') })).toBe(true);
    expect(canHydrate(container('/apply/:id'), { user, language: SERVED_LANGUAGE, location: at('/apply/42') })).toBe(true);
  });

  it('hydrates an anonymous visitor on the public home page only (the others send them to /auth)', () => {
    expect(canHydrate(container('/'), { user: null, language: SERVED_LANGUAGE, location: at('/') })).toBe(true);
    expect(canHydrate(container('/apply'), { user: null, language: SERVED_LANGUAGE, location: at('/apply') })).toBe(false);
    expect(canHydrate(container('/apply/:id'), { user: null, language: SERVED_LANGUAGE, location: at('/apply/4') })).toBe(
      false,
    );
  });

  it('renders afresh with a query, in another language or on another path', () => {
    const other = SERVED_LANGUAGE === 'en' ? 'kk' : 'en';
    expect(canHydrate(container('/'), { user, language: SERVED_LANGUAGE, location: at('/', '?payment=1') })).toBe(false);
    expect(canHydrate(container('/apply'), { user, language: other, location: at('/apply') })).toBe(false);
    expect(canHydrate(container('/apply'), { user, language: SERVED_LANGUAGE, location: at('/apply/4') })).toBe(false);
    expect(canHydrate(container('/apply/:id'), { user, language: SERVED_LANGUAGE, location: at('/apply') })).toBe(false);
  });
});
