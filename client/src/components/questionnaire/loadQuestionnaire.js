/* The questionnaire (form engine, field kinds, the light date field, uploads) as its own chunk: /apply's program step does
 * not need it, and /apply/<id> and /stepper/<id> start it early (app/preloadRoute.js) next to the route's own chunks
 * (decision 0070). Its form labels (the larger catalogues' "forms" part, in the interface language) come with it:
 * no other applicant screen shows them (issue 27). */
import { FORM_CATALOGUES, loadCatalogues } from '../../i18n';

export default function loadQuestionnaire() {
  return Promise.all([
    import(/* webpackChunkName: "questionnaire" */ './Questionnaire'),
    loadCatalogues(undefined, FORM_CATALOGUES),
  ]).then(([module]) => module);
}
