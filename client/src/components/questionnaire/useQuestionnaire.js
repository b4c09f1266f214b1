/* The questionnaire's state and behaviour (spec §2 Questionnaire, §5, §7; DESIGN §7), without any markup:
 * loads the application, its steps (POST /users/steps), the saved answers (GET /users/fill-items/{id}), the
 * program flags and the option lists; keeps the unsaved answers of each step; runs the shared rule engine
 * (derived values, validation); moves between steps (refetching 1 s after a step change); saves a step and
 * submits through POST /users/bulk-upsert-user-data. <Questionnaire/> draws what it returns. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectUser } from '../../session/sessionSlice';
import { useTranslation } from 'react-i18next';
import { prepare, setValue, trim } from '../../forms-engine/engine';
import { buildRuleContext, useDomain } from '../../domain';
import { useSnackbar } from '../SnackbarProvider';
import { apiErrorMessage } from '../apiError';
import {
  questionnaireApi,
  useBulkUpsertUserDataMutation,
  useGetApplicationDetailQuery,
  useGetFillItemsQuery,
  useGetQuestionnaireStepsQuery,
  useGetStudyProgramInfoQuery,
} from './questionnaireApi';
import { RAW_TYPES, isPlainObject, optionTypesOf, pendingIds, setPathRaw, testIdOf } from './data';
import { buildUpsertBody, formPayload } from './multipart';
import { fieldErrorMap, fieldErrorTexts, firstProblem, serverFieldErrors, snackbarText, stepErrors } from './validation';
import useOptionLists from './useOptionLists';
import { fileProgress, postWithProgress } from './uploadProgress';

/** The questionnaire refetches its steps and answers 1 second after a step change (spec §7). */
export const REFETCH_DELAY_MS = 1000;
/** Rule errors that still let Next save what is typed (the step stays open with the errors shown). */
const PARTIAL_SAVE_KEYS = new Set(['fill_required', 'min_items', 'check_dates', 'fillStepParents_choose_signer_label']);

/** The definition of the field at `path` ("field" or "group.<i>.field") and its group, if any. */
function fieldOf(step, path) {
  const parts = path.split('.');
  const top = (step.fields || []).find((f) => f.key === parts[0]);
  if (!top || parts.length === 1) return { field: top || null, group: null };
  return { field: (top.fields || []).find((f) => f.key === parts[2]) || null, group: top };
}

/** {formKey: data} of the saved fill items. */
function savedAnswers(items) {
  const out = {};
  (items || []).forEach((item) => {
    out[item.type] = isPlainObject(item.data) ? item.data : {};
  });
  return out;
}

/** Loading and failure of the three answers the questionnaire cannot start without. */
function useQuestionnaireData(applicationId, type) {
  const appQuery = useGetApplicationDetailQuery(applicationId);
  const application = appQuery.data;
  const infoQuery = useGetStudyProgramInfoQuery(application && application.study_program_id, { skip: !application });
  const stepsQuery = useGetQuestionnaireStepsQuery({ applicationId, type });
  const itemsQuery = useGetFillItemsQuery(applicationId);
  const queries = [appQuery, stepsQuery, itemsQuery];
  const failed = queries.find((q) => q.isError);
  return {
    application,
    programInfo: infoQuery.data,
    steps: stepsQuery.data ? stepsQuery.data.steps : null,
    items: itemsQuery.data,
    loading: Boolean(queries.some((q) => q.isLoading) || (application && infoQuery.isLoading)),
    fetching: stepsQuery.isFetching || itemsQuery.isFetching,
    error: failed ? failed.error : null,
    retry: () => queries.forEach((q) => q.refetch()),
    refetchStepsAndAnswers: () => {
      stepsQuery.refetch();
      itemsQuery.refetch();
    },
  };
}

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])';

/** Scrolls the field at `path` into view and focuses it (issue 10, §5: Next with an invalid field takes the
 * applicant there). The field's test id marks its input, or a box (radio group, group, file) holding one. */
export function focusField(path) {
  if (typeof document === 'undefined' || !path) return false;
  const marked = document.querySelector(`[data-testid="${testIdOf(path).replace(/["\\]/g, '\\$&')}"]`);
  if (!marked) return false;
  const target = marked.matches(FOCUSABLE) ? marked : marked.querySelector(FOCUSABLE);
  const box = (target && target.closest('.MuiFormControl-root, fieldset, section')) || marked;
  if (box.scrollIntoView) box.scrollIntoView({ block: 'center', behavior: 'smooth' });
  if (target && target.focus) target.focus({ preventScroll: true });
  return true;
}

/** Runs `callback` `delay` ms after `key` changes (not on the first render); a newer change restarts the wait. */
function useDelayedOnChange(key, delay, callback) {
  const latest = useRef(callback);
  latest.current = callback;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const timer = setTimeout(() => latest.current(), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
}

export default function useQuestionnaire({
  applicationId,
  type = 'fill',
  onSubmitted,
  fromAdmin = false,
  adminSelectedUserId,
  readOnly: forceReadOnly = false,
  onSaved,
  saveOnly = false,
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const domain = useDomain();
  const { showError, showSuccess, hideError } = useSnackbar();
  const loaded = useQuestionnaireData(applicationId, type);
  const { application } = loaded;
  const [upsert, { isLoading: upserting }] = useBulkUpsertUserDataMutation();
  const user = useSelector(selectUser);
  // Per pending file: {progress: 0..100, failed} while a save carrying it runs or after it failed (issue 10).
  const [uploads, setUploads] = useState({});
  const [uploading, setUploading] = useState(false);
  const saving = upserting || uploading;

  const [currentKey, setCurrentKey] = useState(null);
  const [drafts, setDrafts] = useState({});
  const [errors, setErrors] = useState({});
  const fileStore = useRef(new Map()).current;
  const topRef = useRef(null);
  // The field the last error toast named ({stepKey, path}); the toast closes once that problem is gone.
  const toastFor = useRef(null);

  const steps = useMemo(() => loaded.steps || [], [loaded.steps]);
  const foundIndex = steps.findIndex((s) => s.key === currentKey);
  const index = foundIndex >= 0 ? foundIndex : 0;
  const step = steps[index] || null;
  const isLast = index === steps.length - 1;

  const saved = useMemo(() => savedAnswers(loaded.items), [loaded.items]);
  const answers = useMemo(() => ({ ...saved, ...drafts }), [saved, drafts]);
  const optionTypes = useMemo(() => optionTypesOf(step), [step]);
  const { options, loading: optionsLoading } = useOptionLists(optionTypes);
  const ctx = useMemo(
    () => buildRuleContext({ programInfo: loaded.programInfo, application, answers, options, domain }),
    [loaded.programInfo, application, answers, options, domain],
  );
  const data = useMemo(() => (step ? answers[step.key] || {} : {}), [step, answers]);

  const submitted = Boolean(application && application.submittedAt);
  // saveOnly: steps answered after the submission (the citizens' stepper: self-upload, grant documents, program);
  // the last step saves without is_submit and hands over to onSubmitted, which takes the stepper's Next.
  const readOnly = forceReadOnly || (submitted && !fromAdmin && !saveOnly);
  const busy = Boolean(loaded.loading || saving || optionsLoading || loaded.fetching);

  useDelayedOnChange(index, REFETCH_DELAY_MS, loaded.refetchStepsAndAnswers);

  // Derived values and auto-selected options, once the step's option lists and saved answers are there. Runs
  // when the step or what it depends on arrives, not on every keystroke (typing goes through setValue).
  const latest = useRef({});
  latest.current = { answers, ctx };
  useEffect(() => {
    if (!step || readOnly || optionsLoading || !loaded.items) return;
    const current = latest.current.answers[step.key] || {};
    let prepared;
    try {
      prepared = prepare(step, current, latest.current.ctx);
    } catch {
      return;
    }
    if (JSON.stringify(prepared) !== JSON.stringify(trim(current))) {
      setDrafts((prev) => ({ ...prev, [step.key]: prepared }));
    }
  }, [step, optionsLoading, loaded.items, readOnly]);

  const clearError = useCallback((key, path) => {
    setErrors((prev) => {
      const own = prev[key];
      if (!own || !(path in own)) return prev;
      const next = { ...own };
      delete next[path];
      return { ...prev, [key]: next };
    });
  }, []);

  // Rule errors on screen are re-checked as the answers change: a fixed field loses its error at once, a field
  // still wrong keeps it (issue 10). Server texts (strings) are cleared by the edit itself.
  const stepKey = step ? step.key : null;
  const shown = stepKey ? errors[stepKey] : null;
  useEffect(() => {
    if (!step || !shown || !Object.values(shown).some((e) => e && typeof e === 'object')) return;
    let now;
    try {
      now = fieldErrorMap(stepErrors(step, data, ctx));
    } catch {
      return;
    }
    const next = {};
    let changed = false;
    Object.entries(shown).forEach(([path, error]) => {
      if (typeof error === 'string') next[path] = error;
      else if (now[path]) {
        next[path] = now[path];
        if (now[path].key !== error.key) changed = true;
      } else changed = true;
    });
    if (changed) setErrors((prev) => ({ ...prev, [step.key]: next }));
  }, [step, data, ctx, shown]);

  useEffect(() => {
    const toast = toastFor.current;
    if (toast && !((errors[toast.stepKey] || {})[toast.path])) {
      toastFor.current = null;
      hideError();
    }
  }, [errors, hideError]);

  const onChange = useCallback(
    (path, value, extra) => {
      if (!step || readOnly) return;
      setDrafts((prev) => {
        const base = prev[step.key] !== undefined ? prev[step.key] : saved[step.key] || {};
        const { field, group } = fieldOf(step, path);
        const groupType = group ? group.type : 'group';
        let next;
        if (field && RAW_TYPES.has(field.type)) {
          next = setPathRaw(base, path, value, groupType);
        } else {
          try {
            next = setValue(step, base, path, value, ctx); // exclusive options, one_of_group, derived values, filters
          } catch {
            next = setPathRaw(base, path, value, groupType);
          }
        }
        Object.entries(extra || {}).forEach(([p, v]) => {
          next = setPathRaw(next, p, v, groupType);
        });
        return { ...prev, [step.key]: next };
      });
      const own = errors[step.key] || {};
      [path, ...Object.keys(extra || {})].forEach((p) => {
        if (typeof own[p] === 'string') clearError(step.key, p);
      });
    },
    [step, readOnly, saved, ctx, clearError, errors],
  );

  const onGroupChange = useCallback(
    (groupKey, rows) => {
      if (!step || readOnly) return;
      setDrafts((prev) => {
        const base = prev[step.key] !== undefined ? prev[step.key] : saved[step.key] || {};
        let next = { ...base, [groupKey]: rows };
        try {
          next = prepare(step, next, ctx);
        } catch {
          // keep the raw rows
        }
        return { ...prev, [step.key]: next };
      });
      setErrors((prev) => ({ ...prev, [step.key]: {} }));
    },
    [step, readOnly, saved, ctx],
  );

  const goTo = (key) => {
    // An error toast never follows the applicant to another step (issue 10).
    toastFor.current = null;
    hideError();
    setCurrentKey(key);
    if (topRef.current && topRef.current.scrollIntoView) topRef.current.scrollIntoView({ block: 'start' });
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
        if (withErrors && withErrors.key !== key) goTo(withErrors.key);
        showError(apiErrorMessage(error, t, i18n));
        const firstPath = withErrors ? Object.keys(byForm[withErrors.key])[0] : null;
        toastFor.current = firstPath ? { stepKey: withErrors.key, path: firstPath } : null;
        if (firstPath) setTimeout(() => focusField(firstPath), 0);
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
        await save(false, { silent: true }); // never lose what is already typed (DESIGN §1)
      }
      showError(snackbarText(step, problem, t));
      toastFor.current = problem ? { stepKey: step.key, path: problem.field } : null;
      return;
    }
    const ok = await save(isSubmit);
    if (ok && !isSubmit && !isLast) goTo(steps[index + 1].key);
  };

  /** A partial save of the current step (the server validates what is sent, in save mode): staff attach the
   * documents handed over as they come. */
  const onSaveDraft = async () => {
    if (!step || busy || readOnly) return;
    const ok = await save(false);
    if (ok && onSaved) onSaved();
  };

  const onBack = () => {
    if (index > 0) goTo(steps[index - 1].key);
  };

  const errorTexts = useMemo(
    () => fieldErrorTexts(step ? errors[step.key] : null, t),
    // i18n.language: inline errors are drawn again in a newly chosen language (issue 10)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [errors, step, t, i18n.language],
  );

  let status = 'ready';
  if (loaded.loading) status = 'loading';
  else if (loaded.error) status = 'error';
  else if (!step) status = 'empty';

  return {
    status,
    error: loaded.error,
    retry: loaded.retry,
    steps,
    step,
    index,
    isLast,
    saved,
    data,
    ctx,
    errors: errorTexts,
    readOnly,
    submitted,
    saving,
    busy,
    fileStore,
    uploads,
    retryUploads,
    topRef,
    goTo,
    onChange,
    onGroupChange,
    onNext,
    onSaveDraft,
    onBack,
  };
}
