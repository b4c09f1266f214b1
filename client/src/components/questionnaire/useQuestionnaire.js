/* The questionnaire's state and behaviour (req §2 Questionnaire, §5, §7; design §7), without any markup.
 * <Questionnaire/> draws what it returns. The parts, each a hook of its own:
 *   useQuestionnaireData — the application, its steps (POST /users/steps) and saved answers (GET /users/fill-items);
 *   useStepNavigation    — the open step, Back / Next moves, the refetch 1 s after a step change;
 *   useAnswers           — saved answers under unsaved edits, the rule engine (derived values), option lists;
 *   useStepErrors        — the errors under the fields and the error toast;
 *   useSaveSubmit        — validate, save and submit through POST /users/bulk-upsert-user-data, upload progress. */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomain } from '../../domain';
import { useSnackbar } from '../SnackbarProvider';
import useQuestionnaireData from './useQuestionnaireData';
import useStepNavigation from './useStepNavigation';
import useAnswers from './useAnswers';
import useStepErrors, { useErrorToast } from './useStepErrors';
import useSaveSubmit from './useSaveSubmit';

/** A function that stays the same from render to render and calls the latest `fn`: what the memoized fields and
 * actions get (issue 27), so a render of the questionnaire does not draw them again for a new callback alone. */
function useSteadyCallback(fn) {
  const latest = useRef(fn);
  // Not written during render: Questionnaire renders through useDeferredValue, and a background render React throws
  // away would leave the ref on that render's closure (Next acting on a step that was never shown). The wrapped
  // functions run from events only, which come after the commit's layout effects (as in useAnswers.js).
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args) => latest.current(...args), []);
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
  const domain = useDomain();
  const { hideError } = useSnackbar();
  const loaded = useQuestionnaireData(applicationId, type);
  const { application } = loaded;
  const toast = useErrorToast(hideError);
  const nav = useStepNavigation(loaded.steps, { refetch: loaded.refetchStepsAndAnswers, onLeave: toast.forget });
  const { steps, step, index, isLast } = nav;

  const submitted = Boolean(application && application.submittedAt);
  // saveOnly: steps answered after the submission (the citizens' stepper: self-upload, grant documents, program);
  // the last step saves without is_submit and hands over to onSubmitted, which takes the stepper's Next.
  const readOnly = forceReadOnly || (submitted && !fromAdmin && !saveOnly);

  const answers = useAnswers({ step, loaded, readOnly, domain });
  const { saved, data, ctx, fileStore, change, changeGroup } = answers;
  const feedback = useStepErrors({ step, data, ctx, toast, t, i18n });
  const { clearServerErrors, clearStep } = feedback;
  const { saving, busy, uploads, retryUploads, onNext, onSaveDraft, savedNotice } = useSaveSubmit({
    props: { applicationId, saveOnly, fromAdmin, adminSelectedUserId, onSubmitted, onSaved },
    nav,
    answers,
    feedback: { setErrors: feedback.setErrors, toast },
    readOnly,
    waiting: loaded.loading || answers.optionsLoading || loaded.fetching,
  });

  const onChange = useSteadyCallback((path, value, extra) => {
    if (!step || readOnly) return;
    change(path, value, extra);
    clearServerErrors(step.key, [path, ...Object.keys(extra || {})]);
  });

  const onGroupChange = useSteadyCallback((groupKey, rows) => {
    if (!step || readOnly) return;
    changeGroup(groupKey, rows);
    clearStep(step.key);
  });
  const steadyNext = useSteadyCallback(onNext);
  const steadySaveDraft = useSteadyCallback(onSaveDraft);
  const steadyRetryUploads = useSteadyCallback(retryUploads);

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
    errors: feedback.texts,
    errorFocus: feedback.focusPath,
    readOnly,
    submitted,
    saving,
    savedNotice,
    busy,
    fileStore,
    uploads,
    retryUploads: steadyRetryUploads,
    topRef: nav.topRef,
    takeArrivalField: nav.takeArrivalField,
    awaitsArrivalField: nav.awaitsArrivalField,
    goTo: nav.goTo,
    onChange,
    onGroupChange,
    onNext: steadyNext,
    onSaveDraft: steadySaveDraft,
    onBack: nav.onBack,
  };
}
