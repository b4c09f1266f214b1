/* Issue 10: the home "state grant" card does not ask the path again — a citizen of Kazakhstan goes from the card
 * straight to the stepper with the financing chosen, never through /local-select-path's path question. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import i18n from '../../i18n';
import { setUser } from '../../session/userStore';
import { SHELL_USER } from '../../session/sessionSlice';
import { makeStore, mockFetch, renderWithProviders } from '../../testUtils';
import HomePage from './HomePage';
import { homeCardPath, homeCardShown } from './homeCards';

const KAZAKHSTAN = { id: 1, name_en: 'Citizen of the Republic of Kazakhstan', name_ru: 'Гражданин Республики Казахстан' };
const UZBEKISTAN = { id: 2, name_en: 'Uzbekistan', name_ru: 'Узбекистан' };
const citizen = { id: 9, email: 'c@example.kz', token: 'tk', is_verified: true, citizenship_id: 1, citizenship: KAZAKHSTAN, roles: [] };
const foreigner = { ...citizen, email: 'f@example.uz', citizenship_id: 2, citizenship: UZBEKISTAN };

const PATH_CHOICE = <Route key="choice" path="/local-select-path" element={<h1>path choice</h1>} />;
const STEPPER = <Route key="stepper" path="/stepper" element={<h1>stepper</h1>} />;

const ALL_MAIN = ['scholarship', 'partners', 'gov_grant', 'paid'];
let mainCards = ALL_MAIN;

beforeEach(async () => {
  await i18n.changeLanguage('ru');
  mainCards = ALL_MAIN;
  mockFetch((url) => {
    // GET /users/home-cards: the server decides which cards apply (issue 23).
    if (url.endsWith('/users/home-cards')) return { body: { success: true, main: mainCards, side: ['apply'] } };
    return { body: { success: true, list: [], total: 0 } };
  });
});

test('the cards lead a citizen to the path they name, a foreigner to /apply, a visitor to /auth', () => {
  expect(homeCardPath('scholarship', citizen)).toBe('/stepper?type=scholarship');
  expect(homeCardPath('paid', citizen)).toBe('/stepper?type=paid');
  expect(homeCardPath('apply', citizen)).toBe('/local-select-path'); // only the general card asks for the path
  ['scholarship', 'paid', 'apply'].forEach((card) => {
    expect(homeCardPath(card, foreigner)).toBe('/apply');
    expect(homeCardPath(card, null)).toBe('/auth');
    expect(homeCardPath(card, { email: 'x@example.kz' })).toBe('/auth');
  });
});

test("a citizen's state grant card opens the stepper with the grant path, not the path question", async () => {
  setUser(citizen);
  renderWithProviders(<HomePage />, { route: '/', path: '/', extraRoutes: [PATH_CHOICE, STEPPER] });
  const card = await screen.findByTestId('card-scholarship');
  expect(card).toHaveTextContent('Государственный грант в университете');
  expect(card).toHaveAttribute('href', '/stepper?type=scholarship');
  expect(screen.getByTestId('card-paid')).toHaveAttribute('href', '/stepper?type=paid');
  expect(screen.getByTestId('card-apply')).toHaveAttribute('href', '/local-select-path');

  await userEvent.setup({ delay: null }).click(card);
  expect(await screen.findByRole('heading', { name: 'stepper' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/stepper?type=scholarship');
  expect(screen.queryByRole('heading', { name: 'path choice' })).toBeNull();
});

test("a foreign applicant's cards lead to /apply, and the citizens' grant cards are not shown", async () => {
  mainCards = ['partners', 'paid'];
  setUser(foreigner);
  renderWithProviders(<HomePage />, { route: '/', path: '/' });
  expect(await screen.findByTestId('card-paid')).toHaveAttribute('href', '/apply');
  expect(screen.getByTestId('card-apply')).toHaveAttribute('href', '/apply');
  expect(screen.queryByTestId('card-scholarship')).toBeNull();
  expect(screen.queryByTestId('card-gov-grant')).toBeNull();
});

test('the prerendered page (nobody known yet) keeps the cards\' space empty, so no card moves when they appear', () => {
  // SHELL_USER stands for whoever opens the page; drawing every card and then removing a foreigner's citizen cards
  // shifted the rest by a quarter of a phone's screen (decision 0070).
  setUser(null);
  renderWithProviders(<HomePage />, { route: '/', path: '/', store: makeStore({ session: { user: SHELL_USER } }) });
  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  ['card-scholarship', 'card-partners', 'card-gov-grant', 'card-paid', 'card-apply', 'card-meetings'].forEach((id) =>
    expect(screen.queryByTestId(id)).toBeNull(),
  );
  expect(screen.getByRole('region', { name: i18n.t('home.main_cards') }).closest('[aria-busy="true"]')).not.toBeNull();
});

test('a visitor who is not signed in sees every card', () => {
  setUser(null);
  renderWithProviders(<HomePage />, { route: '/', path: '/' });
  ['card-scholarship', 'card-gov-grant', 'card-paid', 'card-apply'].forEach((id) => expect(screen.getByTestId(id)).toBeInTheDocument());
});


test('until the server answers, the stored citizenship decides the grant cards; then the server does', () => {
  expect(homeCardShown('scholarship', foreigner, undefined, undefined)).toBe(false);
  expect(homeCardShown('gov_grant', foreigner, undefined, undefined)).toBe(false);
  expect(homeCardShown('paid', foreigner, undefined, undefined)).toBe(true);
  expect(homeCardShown('scholarship', citizen, undefined, undefined)).toBe(true);
  expect(homeCardShown('scholarship', citizen, undefined, ['paid'])).toBe(false);
  expect(homeCardShown('scholarship', null, undefined, undefined)).toBe(true);
});
