/* What a staff stage move asks before it runs (issue 23, decision 0089): every move is confirmed (decision 0077);
 * an enrolment says it cannot be undone and that the applicant is told; confirming the documents' receipt says how
 * many documents nobody has reviewed yet. The panel's buttons and the queue rows' "Next" ask the same. */

/** Moves that enrol: the foreign "enrol" (awaiting visa → enrolled) and the citizens' "enrol_scholarship". */
export const ENROL_MOVES = new Set(['enrol', 'enrol_scholarship']);

/** Document review states nobody has decided on yet (decision 0074): new, or replaced after a send-back. */
const UNREVIEWED = new Set(['pending', 'replaced']);

/** How many of the application's documents (the panel's documents_review) await a staff verdict. */
export function unreviewedCount(item) {
  return ((item && item.documents_review) || []).filter((doc) => UNREVIEWED.has(doc.state)).length;
}

/** {title, text, warning} of the dialog before `transition` on application `id` of `name`; `moveText` is the
 * generic text of other moves; `unreviewed` counts the documents awaiting review (confirm_documents only). */
export function stageConfirmation(t, { transition, id, name, title, moveText, unreviewed = 0 }) {
  if (ENROL_MOVES.has(transition)) {
    return { title: t('seams.confirm.enrol_title'), text: t('seams.confirm.enrol_text', { id, name }), warning: null };
  }
  if (transition === 'confirm_documents') {
    return {
      title,
      text: t('seams.confirm.confirm_documents_text', { id, name }),
      warning: unreviewed > 0 ? t('seams.confirm.unreviewed', { count: unreviewed }) : null,
    };
  }
  return { title, text: moveText, warning: null };
}
