/* Where the home page's cards lead (req §1 home cards, §2 routes; issue 10 "the home 'state grant' card does not
 * ask the path again"). A citizen of Kazakhstan who picks "State grant at the university" or "Fee-paying admission"
 * has already said how they will study: the card goes straight to the stepper with that financing
 * (/stepper?type=…, the physical-presence notice, then the programme), as the same cards of /local-select-path do;
 * the financing is stored on the application when it is created (POST /users/create-application) and the
 * questionnaire's rules read it (ctx.financing). Only the general "Apply" card opens the citizens' path choice.
 * Foreign applicants have one path (/apply); anonymous visitors sign in first. */
import { isKazakhstanCitizen } from '../../domain';

/** card: 'scholarship' | 'paid' | 'apply' → the in-app path the card opens for this user. */
export function homeCardPath(card, user, domain) {
  if (!user || !user.token) return '/auth';
  if (!isKazakhstanCitizen(user, domain)) return '/apply';
  if (card === 'scholarship' || card === 'paid') return `/stepper?type=${card}`;
  return '/local-select-path';
}

/** The citizens' grant paths: a foreign applicant gets neither card (issue 23). */
export const CITIZEN_ONLY_CARDS = ['scholarship', 'gov_grant'];

/** Whether a main card shows. `serverMain`: the cards GET /users/home-cards listed for the signed-in caller (it
 * decides); until it answers, the stored citizenship does, so a citizen's prerendered cards do not blink. */
export function homeCardShown(card, user, domain, serverMain) {
  if (!user || !user.token) return true;
  if (Array.isArray(serverMain)) return serverMain.includes(card);
  return !CITIZEN_ONLY_CARDS.includes(card) || isKazakhstanCitizen(user, domain);
}
