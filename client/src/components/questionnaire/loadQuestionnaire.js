/* The questionnaire (form engine, field kinds, the date picker, uploads) as its own chunk: /apply's program step does
 * not need it, and /apply/<id> starts it early (app/preloadRoute.js) next to the route's own chunk (decision 0070). */
export default function loadQuestionnaire() {
  return import(/* webpackChunkName: "questionnaire" */ './Questionnaire');
}
