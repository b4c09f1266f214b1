/* Saving the open step and submitting the questionnaire (req §7 POST /users/bulk-upsert-user-data, multipart):
 * Next validates the step, saves it and moves on; Submit on the last step also submits; staff save drafts as
 * documents come. A step with files is sent through XHR so each file shows its progress, and a failed upload keeps
 * the files for a retry. Server field errors land under their fields, on whichever step they belong to. */
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../session/sessionSlice';
import { useSnackbar } from '../SnackbarProvider';
import { announce } from '../focus/announce';
import { apiErrorMessage } from '../apiError';
import { questionnaireApi, useBulkUpsertUserDataMutation } from './questionnaireApi';
import { pendingIds } from './data';
import { buildUpsertBody, formPayload } from './multipart';
import { fieldErrorMap, firstProblem, serverFieldErrors, snackbarText, stepErrors } from './validation';
import { fileProgress, postWithProgress } from './uploadProgress';
import { focusField } from './focusField';

/** Rule errors that still let Next save what is typed (the step stays open with the errors shown). */
const PARTIAL_SAVE_KEYS = new Set(['fill_required', 'min_items', 'check_dates', 'fillStepParents_choose_signer_label']);

/**
 * @param props the questionnaire's own: applicationId, saveOnly, fromAdmin, adminSelectedUserId, onSubmitted, onSaved
 * @param nav useStepNavigation's answer; answers: useAnswers'; feedback: {setErrors} of useStepErrors and the toast
 * @param waiting true while anything loads (then nothing is saved)
 */
// How long "Step … saved" stays beside the form.
const SAVED_NOTICE_MS = 8000;

export default function useSaveSubmit({ props, nav, answers: state, feedback, readOnly, waiting }) {
  const { applicationId, saveOnly, fromAdmin, adminSelectedUserId, onSubmitted, onSaved } = props;
  const { steps, step, index, isLast, goTo } = nav;
  const { drafts, setDrafts, answers, data, ctx, fileStore } = state;
  const { setErrors, toast } = feedback;
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const { showError, showSuccess } = useSnackbar();
  const user = useSelector(selectUser);
  const [upsert, { isLoading: upserting }] = useBulkUpsertUserDataMutation();
  // Per pending file: {progress: 0..100, failed} while a save carrying it runs or after it failed (issue 10).
  const [uploads, setUploads] = useState({});
  const [uploading, setUploading] = useState(false);
  const saving = upserting || uploading;
  const busy = Boolean(waiting || saving);

  // Issue 23: a saved step says so, beside the form (useQuestionnaire → Questionnaire) and to screen readers; not in
  // a toast: the toast covered the control the keyboard reached next (an upload's "Replace file"; WCAG 2.4.11).
  const [savedNotice, setSavedNotice] = useState(null);
  useEffect(() => {
    if (!savedNotice) return undefined;
    const timer = setTimeout(() => setSavedNotice(null), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [savedNotice]);
  const tellSaved = (savedStep) => {
    const text = t('seams.step_saved_named', { step: t(savedStep.title) });
    setSavedNotice({ key: savedStep.key, text });
    announce(text);
  };

  const submittedMessage = (result) => {
    const key = result && result.message_key;
    if (key && i18n.exists(`messages.${key}`)) return t(`messages.${key}`);
    return (result && result.message) || t('messages.questionnary_submitted');
  };

  /** Saves the current step (and submits with isSubmit). Returns true on success. */
  const save = async (isSubmit, { silent = false } = {}) => {
    const key = step.key;
    const sent = drafts[key];
    if (sent === undefined && !isSubmit) return true;
    const payload = formPayload(key, sent !== undefined ? sent : answers[key] || {}, fileStore);
    const body = buildUpsertBody({
      applicationId,
      isSubmit: isSubmit && !saveOnly,
      forms: [payload],
      fromAdmin,
      adminSelectedUserId,
    });
    const ids = pendingIds(sent);
    try {
      const result = ids.length ? await sendWithProgress(body, ids) : await upsert(body).unwrap();
      if (result && Array.isArray(result.fill_items)) {
        dispatch(questionnaireApi.util.updateQueryData('getFillItems', applicationId, () => result.fill_items));
      }
      setDrafts((prev) => {
        if (prev[key] !== sent) return prev;
        const next = { ...prev };
        delete next[key];
        return next;
      });
      ids.forEach((id) => fileStore.delete(id));
      if (ids.length) setUploads({});
      // A partial save (silent) keeps the rule errors just shown; a real save clears the step's errors.
      if (!silent) setErrors((prev) => ({ ...prev, [key]: {} }));
      if (isSubmit) {
        if (!saveOnly) showSuccess(submittedMessage(result));
        if (onSubmitted) onSubmitted(result && result.application);
      }
      return true;
    } catch (error) {
      if (ids.length) {
        // The files stay chosen (nothing of the step is lost); each offers a retry of the save.
        setUploads(Object.fromEntries(ids.map((id) => [id, { progress: 0, failed: true }])));
      }
      const byForm = serverFieldErrors(error && error.data);
      setErrors((prev) => ({ ...prev, ...byForm }));
      if (!silent) {
        const withErrors = steps.find((s) => byForm[s.key] && Object.keys(byForm[s.key]).length);
        const firstPath = withErrors ? Object.keys(byForm[withErrors.key])[0] : null;
        // On another step the field is focused once that step is drawn (instead of its heading, decision 0077).
        if (withErrors && withErrors.key !== key) goTo(withErrors.key, { focusPath: firstPath });
        else if (firstPath) setTimeout(() => focusField(firstPath), 0);
        showError(apiErrorMessage(error, t, i18n));
        toast.pointAt(firstPath ? { stepKey: withErrors.key, path: firstPath } : null);
      }
      return false;
    }
  };

  /** The save of a step with files, through XHR so each file shows its progress; throws like unwrap(). */
  async function sendWithProgress(body, ids) {
    const entries = ids.map((id) => ({ id, size: (fileStore.get(id) || {}).size || 0 }));
    setUploading(true);
    setUploads(Object.fromEntries(ids.map((id) => [id, { progress: 0, failed: false }])));
    try {
      const answer = await postWithProgress('/users/bulk-upsert-user-data', body, {
        token: user && user.token,
        onProgress: (loaded, total) => {
          const byId = fileProgress(entries, loaded, total);
          setUploads(Object.fromEntries(ids.map((id) => [id, { progress: byId[id], failed: false }])));
        },
      });
      if (answer.error) throw answer.error;
      dispatch(questionnaireApi.util.invalidateTags(['Application']));
      return answer.data;
    } finally {
      setUploading(false);
    }
  }

  /** Retry of a failed upload: the same step save again (the other answers of the step are still there). */
  const retryUploads = () => {
    if (!busy && step && !readOnly) save(false);
  };

  /** Next (or Submit on the last step): validate the step, save it, move on. */
  const onNext = async (isSubmit = false) => {
    if (!step || busy) return;
    if (readOnly) {
      if (!isLast) goTo(steps[index + 1].key);
      return;
    }
    const found = stepErrors(step, data, ctx);
    if (found.length) {
      const problem = firstProblem(found);
      setErrors((prev) => ({ ...prev, [step.key]: fieldErrorMap(found) }));
      // §5 + issue 10: the toast names the field, and the page takes the applicant to it.
      setTimeout(() => focusField(problem && problem.field), 0);
      if (drafts[step.key] !== undefined && found.every((e) => PARTIAL_SAVE_KEYS.has(e.key))) {
        await save(false, { silent: true }); // never lose what is already typed (design §1)
      }
      showError(snackbarText(step, problem, t));
      toast.pointAt(problem ? { stepKey: step.key, path: problem.field } : null);
      return;
    }
    const changed = drafts[step.key] !== undefined;
    const ok = await save(isSubmit);
    // Issue 23: a step that was saved says so (a step left unchanged was not sent, and says nothing).
    if (ok && !isSubmit && changed) tellSaved(step);
    if (ok && !isSubmit && !isLast) goTo(steps[index + 1].key);
  };

  /** A partial save of the current step (the server validates what is sent, in save mode): staff attach the
   * documents handed over as they come. */
  const onSaveDraft = async () => {
    if (!step || busy || readOnly) return;
    const changed = drafts[step.key] !== undefined;
    const ok = await save(false);
    if (ok && changed) tellSaved(step);
    if (ok && onSaved) onSaved();
  };

  return { saving, busy, uploads, retryUploads, onNext, onSaveDraft, savedNotice };
}
