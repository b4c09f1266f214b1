/* A queue row's "Next" (req §2 table columns: "actions (send to next stage)"; issue 23): the move the server named
 * for the row (row.next_stage) goes through the same state machine call as the bulk move, for this one row. It asks
 * first, like the panel (stageConfirm.js): an enrolment says it cannot be undone; a receipt of the documents loads the
 * application to say how many documents nobody has reviewed yet. A refusal (a document sent back, ...) is said in the
 * admin's language. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ConfirmDialog from '../../components/ConfirmDialog';
import { useSnackbar } from '../../components/SnackbarProvider';
import { apiErrorMessage } from '../../components/apiError';
import { adminApi, useBulkTransitionMutation } from './adminApi';
import { statusText, studentName } from './applicationLabels';
import { stageConfirmation, unreviewedCount } from './stageConfirm';

/** Foreign forward moves → the status they set (the confirmation names it). */
const FOREIGN_TARGET = { accept: 1, await_visa: 2, enrol: 3 };
/** Citizens' moves → their button's text (the panel's). */
const CITIZEN_LABELS = {
  confirm_documents: 'admin.actions.confirm_documents',
  enrol_scholarship: 'admin.actions.enrol_scholarship',
};

/** The dialog's texts for `row`'s move (stageConfirm.js), and its confirm button's label. */
function ask(t, shellKey, row, unreviewed) {
  const transition = row.next_stage;
  const name = studentName(row.user);
  const moveText =
    shellKey === 'foreign' && FOREIGN_TARGET[transition] !== undefined
      ? t('admin.confirm.next_text', {
          id: row.id,
          name,
          from: statusText(t, row, shellKey),
          to: statusText(t, { ...row, status: FOREIGN_TARGET[transition] }, shellKey),
        })
      : t('admin.confirm.move_text', { id: row.id, name });
  const label = t(CITIZEN_LABELS[transition] || 'admin.actions.next');
  const texts = stageConfirmation(t, {
    transition,
    id: row.id,
    name,
    title: shellKey === 'foreign' ? t('admin.confirm.next_title') : t('admin.confirm.move_title', { action: label }),
    moveText,
    unreviewed: unreviewed || 0,
  });
  return { ...texts, label };
}

/** `row`: the row whose Next was pressed (null: closed); `onClose()` clears it; `focusAfter()` names where the focus
 * goes after a move (the row may have left the queue). */
export default function QueueRowNext({ shellKey, row, onClose, focusAfter = () => null }) {
  const { t, i18n } = useTranslation();
  const { showError, showSuccess } = useSnackbar();
  const [move, { isLoading }] = useBulkTransitionMutation();
  const [loadApplication] = adminApi.endpoints.adminApplication.useLazyQuery();
  const [unreviewed, setUnreviewed] = useState(null); // null while the documents are being counted
  const focusNext = useRef(null);
  const transition = row ? row.next_stage : null;

  useEffect(() => {
    setUnreviewed(null);
    if (!row || transition !== 'confirm_documents') return undefined;
    let live = true;
    loadApplication(row.id)
      .unwrap()
      .then((item) => live && setUnreviewed(unreviewedCount(item)))
      .catch(() => live && setUnreviewed(0));
    return () => {
      live = false;
    };
  }, [row, transition, loadApplication]);

  // The last row stays drawn while the dialog closes.
  const [shown, setShown] = useState(row);
  if (row && row !== shown) setShown(row);
  const asked = shown ? ask(t, shellKey, shown, unreviewed) : { title: '', text: '', warning: null, label: '' };
  const counting = Boolean(row) && transition === 'confirm_documents' && unreviewed === null;

  const confirm = async () => {
    try {
      const answer = await move({ ids: [Number(row.id)], transition: 'next' }).unwrap();
      const result = (answer.results || [])[0];
      if (result && result.success) {
        showSuccess(t('seams.row_next.done', { id: row.id, name: studentName(row.user) }));
        focusNext.current = focusAfter;
      } else {
        showError((result && result.message) || apiErrorMessage(null, t, i18n));
      }
    } catch (error) {
      showError(apiErrorMessage(error, t, i18n));
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open={Boolean(row)}
      busy={isLoading || counting}
      title={asked.title}
      text={counting ? t('seams.confirm.checking') : asked.text}
      warning={counting ? null : asked.warning}
      confirmLabel={asked.label}
      onCancel={onClose}
      onConfirm={confirm}
      focusNext={focusNext}
      testId="row-next-confirm"
    />
  );
}
