/**
 * @jest-environment-options {"html": "<!DOCTYPE html><html lang=\"ru\"><head></head><body></body></html>"}
 */
/* The applicant's prerendered first screens (prerender/renderPages.jsx, decision 0070) hydrate without a mismatch:
 * the markup rendered as SHELL_USER is adopted as it is (the heading stays the same DOM node), then the stored user
 * fills in what is theirs; nothing is fetched for the shell user; a signed-out visitor of the public home page is
 * hydrated too and sees the sign-in button. boot() runs as in the browser, on markup rendered the way the build
 * renders it (the same App, StaticRouter, SHELL_USER's store). */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { act, screen, waitFor } from '@testing-library/react';
import App from '../app/App';
import { makeStore } from '../app/store';
import { SHELL_USER } from '../session/sessionSlice';
import i18n, { SERVED_LANGUAGE } from '../i18n';
import boot from '../boot';
import { listenForEarlySubmits } from './earlySubmit';
import { withProgress } from '../features/stepper/progressFixtures';

const USER = {
  id: 7,
  email: 'applicant@example.com',
  token: 'real-token',
  is_verified: true,
  citizenship_id: 3,
  citizenship: { id: 3, name_ru: 'Германия', name_kk: 'Германия', name_en: 'Germany' },
};

/** What React logs when the client's render does not match the server's markup (then it renders afresh). */
const MISMATCH = /hydrat|did not match|server HTML|server rendered/i;
const mismatches = () => errors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => MISMATCH.test(text));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Server-renders location as the build does; renders again until the lazily loaded screens are in (no fallback). */
async function prerender(location, preloaded = { session: { user: SHELL_USER } }) {
  const store = makeStore(preloaded);
  let html = '';
  for (let pass = 0; pass < 20; pass += 1) {
    html = renderToString(createElement(App, { store, Router: StaticRouter, location }));
    if (!html.includes('<!--$!-->') && !html.includes('<!--$?-->')) return html;
    await act(async () => {
      await settle();
    });
  }
  throw new Error(`${location} did not finish rendering: ${html.slice(0, 300)}`);
}

function mountPrerendered(route, html, pathname) {
  // The server render in a window-ful test warns about useLayoutEffect; only the client's messages count.
  errors.mockClear();
  document.body.innerHTML = `<div id="root" data-prerendered="${route}">${html}</div>`;
  window.history.replaceState({}, '', pathname);
}

let requests;
let errors;
let root = null;
beforeEach(() => {
  requests = [];
  errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  global.fetch = jest.fn(async (input) => {
    const url = typeof input === 'string' ? input : input.url;
    requests.push(new URL(url, 'http://localhost').pathname);
    let body = {};
    if (url.includes('/users/self')) body = USER;
    if (url.includes('/users/application/')) return new Promise(() => {}); // the application is still on its way
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  // The app of one test must not go on asking (the header's deferred reads) during the next one.
  if (root) act(() => root.unmount());
  root = null;
  errors.mockRestore();
  document.body.innerHTML = '';
});

async function hydrate() {
  await act(async () => {
    root = boot();
    // index.jsx starts the app after the first paint; hydration runs in transitions and lazy chunks.
    for (let i = 0; i < 10; i += 1) await settle();
  });
}

it('the page is served in Russian here (the docblock\'s <html lang>)', () => {
  expect(SERVED_LANGUAGE).toBe('ru');
});

// pageReadPending: the page's own read (the application) never answers here; what nothing on the first screen is
// drawn from waits for it (api/firstScreen.js).
describe.each([
  ['/', '/', false],
  ['/apply', '/apply', false],
  ['/apply/:id', '/apply/5', true],
  ['/stepper/:id', '/stepper/5', true],
])('the prerendered %s page', (route, pathname, pageReadPending) => {
  it('is hydrated for a signed-in applicant, then shows the user', async () => {
    const lang = 'ru';
    await i18n.changeLanguage(lang);
    const html = await prerender(pathname);
    expect(html).not.toContain('applicant@example.com');
    window.localStorage.setItem('dorm_user', JSON.stringify(USER));
    window.localStorage.setItem('qabyldau_lang', lang);
    mountPrerendered(route, html, pathname);
    const heading = document.querySelector('h1');
    expect(heading).not.toBeNull();

    await hydrate();
    expect(await screen.findByTestId('user-chip')).toHaveTextContent('applicant@example.com');
    // Adopted, not replaced: the same heading element, and React reported no mismatch.
    expect(document.querySelector('h1')).toBe(heading);
    expect(document.getElementById('root')).toHaveAttribute('data-prerendered', route);
    expect(mismatches()).toEqual([]);
    if (pageReadPending) {
      // The session refresh and the header's counts wait for the page's own read (api/firstScreen.js).
      await act(async () => {
        for (let i = 0; i < 10; i += 1) await settle();
      });
      expect(requests).not.toContain('/api/v1/users/self');
      expect(requests).not.toContain('/api/v1/notifications/unread-count');
    } else {
      await waitFor(() => expect(requests).toContain('/api/v1/users/self'));
    }
    // The stored user's requests went out with the real token only after hydration; none for the shell user.
    const authorizations = global.fetch.mock.calls
      .map(([request]) => request.headers && request.headers.get && request.headers.get('Authorization'))
      .filter(Boolean);
    expect(authorizations.every((value) => value === 'Bearer real-token')).toBe(true);
  });
});

describe('the prerendered /apply/<id> page once the application arrives', () => {
  it('reads the application once: the guard and the page share the answer', async () => {
    await i18n.changeLanguage('ru');
    const html = await prerender('/apply/5');
    window.localStorage.setItem('dorm_user', JSON.stringify(USER));
    window.localStorage.setItem('qabyldau_lang', 'ru');
    mountPrerendered('/apply/:id', html, '/apply/5');
    const application = { id: 5, status: 'draft', study_program: { id: 9, name_ru: 'Физика' }, citizenship: USER.citizenship };
    const answer = global.fetch.getMockImplementation();
    global.fetch.mockImplementation(async (input) => {
      const url = typeof input === 'string' ? input : input.url;
      if (!url.includes('/users/application/')) return answer(input);
      requests.push(new URL(url, 'http://localhost').pathname);
      const body = JSON.stringify({ item: application });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    });

    await hydrate();
    await waitFor(() => expect(requests).toContain('/api/v1/users/application/5'));
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await settle();
    });
    expect(requests.filter((path) => path === '/api/v1/users/application/5')).toHaveLength(1);
    expect(mismatches()).toEqual([]);
  });
});

describe('the prerendered /stepper/<id> page once the application arrives', () => {
  it('keeps the heading, reads the application once and replaces the skeleton with the step', async () => {
    await i18n.changeLanguage('ru');
    const html = await prerender('/stepper/5');
    // What every applicant sees first: the heading and the stepper's skeleton, nothing about the application.
    expect(html).toContain('data-testid="stepper-skeleton"');
    expect(html).not.toContain('data-testid="stepper-action-');
    window.localStorage.setItem('dorm_user', JSON.stringify(USER));
    window.localStorage.setItem('qabyldau_lang', 'ru');
    mountPrerendered('/stepper/:id', html, '/stepper/5');
    const heading = document.querySelector('h1');
    let answerApplication;
    const application = withProgress({ id: 5, current_step: 1, financing: 'paid', study_program: { id: 9, name_ru: 'Физика' } });
    const answer = global.fetch.getMockImplementation();
    global.fetch.mockImplementation(async (input) => {
      const url = typeof input === 'string' ? input : input.url;
      if (!url.includes('/users/application/')) return answer(input);
      requests.push(new URL(url, 'http://localhost').pathname);
      await new Promise((resolve) => {
        answerApplication = resolve;
      });
      return new Response(JSON.stringify({ item: application }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });

    await hydrate();
    await waitFor(() => expect(requests).toContain('/api/v1/users/application/5'));
    // The office's contacts are read while the application is on its way, not after it.
    expect(requests).toContain('/api/v1/public-config');
    expect(screen.getByTestId('stepper-skeleton')).toBeInTheDocument();
    expect(document.getElementById('root')).toHaveAttribute('data-prerendered', '/stepper/:id');

    await act(async () => {
      answerApplication();
      for (let i = 0; i < 10; i += 1) await settle();
    });
    expect(await screen.findByTestId('stepper-action-instruction')).toBeInTheDocument();
    expect(screen.queryByTestId('stepper-skeleton')).toBeNull();
    expect(screen.getByTestId('stepper-program')).toHaveTextContent('Физика');
    expect(document.querySelector('h1')).toBe(heading);
    expect(requests.filter((path) => path === '/api/v1/users/application/5')).toHaveLength(1);
    expect(mismatches()).toEqual([]);
  });
});

describe('the prerendered home page for a signed-out visitor', () => {
  it('is hydrated, asks nothing of a session and offers to sign in', async () => {
    await i18n.changeLanguage('ru');
    const html = await prerender('/');
    mountPrerendered('/', html, '/');
    const heading = document.querySelector('h1');

    await hydrate();
    expect(await screen.findByTestId('sign-in-link')).toBeInTheDocument();
    expect(document.querySelector('h1')).toBe(heading);
    expect(mismatches()).toEqual([]);
    expect(requests).not.toContain('/api/v1/users/self');
    expect(requests).not.toContain('/api/v1/users/halls');
    expect(requests).not.toContain('/api/v1/users/home-page-messages');
    expect(screen.getByTestId('card-apply')).toHaveAttribute('href', '/auth');
  });
});

describe('the prerendered /apply page for a signed-out visitor', () => {
  it('is rendered afresh and sends them to /auth', async () => {
    await i18n.changeLanguage('ru');
    const html = await prerender('/apply');
    mountPrerendered('/apply', html, '/apply');

    await hydrate();
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(document.getElementById('root')).not.toHaveAttribute('data-prerendered');
    expect(requests).not.toContain('/api/v1/users/self');
  });
});

describe('the prerendered /auth page used before the app has hydrated it', () => {
  it('keeps what was typed and sends the sign-in pressed meanwhile (prerender/earlySubmit.js)', async () => {
    await i18n.changeLanguage('ru');
    const html = await prerender('/auth', {});
    window.localStorage.clear();
    window.localStorage.setItem('qabyldau_lang', 'ru');
    mountPrerendered('/auth', html, '/auth');
    const signIns = [];
    const answer = global.fetch.getMockImplementation();
    global.fetch.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(new URL(input, 'http://localhost'), init);
      if (request.url.includes('/auth/sign-in')) {
        signIns.push(await request.clone().json());
        return new Response(JSON.stringify({ success: false, message: 'Неверный e-mail или пароль', errors: {} }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return answer(input, init);
    });
    // The entry's listener is in place before the app starts (index.jsx); the person types and presses the button.
    listenForEarlySubmits(document);
    const email = document.querySelector('[data-testid="signin-email"]');
    const password = document.querySelector('[data-testid="signin-password"]');
    email.value = 'early@example.com';
    password.value = 'typed-before-hydration';
    document.querySelector('[data-testid="signin-submit"]').click();
    expect(signIns).toEqual([]); // nobody listens yet, and method="dialog" sends nothing anywhere

    await hydrate();
    // The same fields, still holding what was typed, and the press was sent once the form was hydrated.
    expect(document.querySelector('[data-testid="signin-email"]')).toBe(email);
    expect(email.value).toBe('early@example.com');
    await waitFor(() => expect(signIns).toHaveLength(1));
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await settle();
    });
    expect(signIns).toHaveLength(1); // sent once: React's handler and the replay never both
    expect(signIns[0]).toMatchObject({ email: 'early@example.com', password: 'typed-before-hydration' });
    expect(mismatches()).toEqual([]);
  });
});
