/* The questionnaire (spec §2 Questionnaire, DESIGN §7): steps from POST /users/steps, saved answers from
 * GET /users/fill-items/{id}, live rules through the shared engine, Back / Next / Submit, saves through
 * POST /users/bulk-upsert-user-data. Reused by /apply (foreign applicants) and the citizens' stepper.
 *
 * Props: applicationId, type ('fill'), onSubmitted(application), fromAdmin + adminSelectedUserId (staff),
 * readOnly (force), testIdPrefix.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { prepare, setValue, trim } from '../../forms-engine/engine';
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
import { RAW_TYPES, buildCtx, isPlainObject, optionTypesOf, pendingIds, setPathRaw } from './data';
import { buildUpsertBody, formPayload } from './multipart';
import { fieldErrorMap, firstProblem, serverFieldErrors, snackbarText, stepErrors } from './validation';
import StepForm from './StepForm';
import useOptionLists from './useOptionLists';

/** The questionnaire refetches its steps and answers 1 second after a step change (spec §7). */
export const REFETCH_DELAY_MS = 1000;
const PARTIAL_SAVE_KEYS = new Set(['fill_required', 'min_items', 'check_dates', 'fillStepParents_choose_signer_label']);

function fieldOf(step, path) {
  const parts = path.split('.');
  const top = (step.fields || []).find((f) => f.key === parts[0]);
  if (!top || parts.length === 1) return { field: top || null, group: null };
  return { field: (top.fields || []).find((f) => f.key === parts[2]) || null, group: top };
}

export default function Questionnaire({
  applicationId,
  type = 'fill',
  onSubmitted,
  fromAdmin = false,
  adminSelectedUserId,
  readOnly: forceReadOnly = false,
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const { showError, showSuccess } = useSnackbar();
  const isMobile = useMediaQuery((theme) => theme.breakpoints.down('sm'));

  const appQuery = useGetApplicationDetailQuery(applicationId);
  const application = appQuery.data;
  const infoQuery = useGetStudyProgramInfoQuery(application && application.study_program_id, { skip: !application });
  const stepsQuery = useGetQuestionnaireStepsQuery({ applicationId, type });
  const itemsQuery = useGetFillItemsQuery(applicationId);
  const [upsert, { isLoading: saving }] = useBulkUpsertUserDataMutation();

  const [currentKey, setCurrentKey] = useState(null);
  const [drafts, setDrafts] = useState({});
  const [errors, setErrors] = useState({});
  const fileStore = useRef(new Map()).current;
  const topRef = useRef(null);

  const steps = useMemo(() => (stepsQuery.data ? stepsQuery.data.steps : []), [stepsQuery.data]);
  const foundIndex = steps.findIndex((s) => s.key === currentKey);
  const index = foundIndex >= 0 ? foundIndex : 0;
  const step = steps[index] || null;
  const isLast = index === steps.length - 1;

  const saved = useMemo(() => {
    const out = {};
    (itemsQuery.data || []).forEach((item) => { out[item.type] = isPlainObject(item.data) ? item.data : {}; });
    return out;
  }, [itemsQuery.data]);
  const answers = useMemo(() => ({ ...saved, ...drafts }), [saved, drafts]);

  const optionTypes = useMemo(() => optionTypesOf(step), [step]);
  const { options, loading: optionsLoading } = useOptionLists(optionTypes);
  const ctx = useMemo(
    () => buildCtx({ programInfo: infoQuery.data, application, answers, options }),
    [infoQuery.data, application, answers, options],
  );
  const data = useMemo(() => (step ? answers[step.key] || {} : {}), [step, answers]);

  const submitted = Boolean(application && application.submittedAt);
  const readOnly = forceReadOnly || (submitted && !fromAdmin);
  const initialLoading = appQuery.isLoading || stepsQuery.isLoading || itemsQuery.isLoading || (application && infoQuery.isLoading);
  const busy = Boolean(initialLoading || saving || optionsLoading || itemsQuery.isFetching || stepsQuery.isFetching);

  // --- refetch 1 s after a step change (spec §7)
  const refetchers = useRef({});
  refetchers.current = { steps: stepsQuery.refetch, items: itemsQuery.refetch };
  const firstStepRender = useRef(true);
  useEffect(() => {
    if (firstStepRender.current) {
      firstStepRender.current = false;
      return undefined;
    }
    const timer = setTimeout(() => {
      refetchers.current.steps();
      refetchers.current.items();
    }, REFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [index]);

  // --- derived values and auto-selected options once the step's option lists are there
  useEffect(() => {
    if (!step || readOnly || optionsLoading || !itemsQuery.data) return;
    const current = answers[step.key] || {};
    let prepared;
    try {
      prepared = prepare(step, current, ctx);
    } catch {
      return;
    }
    if (JSON.stringify(prepared) !== JSON.stringify(trim(current))) {
      setDrafts((prev) => ({ ...prev, [step.key]: prepared }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, optionsLoading, itemsQuery.data, readOnly]);

  const clearError = (key, path) => {
    setErrors((prev) => {
      const own = prev[key];
      if (!own || !(path in own)) return prev;
      const next = { ...own };
      delete next[path];
      return { ...prev, [key]: next };
    });
  };

  const onChange = useCallback((path, value, extra) => {
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
      Object.entries(extra || {}).forEach(([p, v]) => { next = setPathRaw(next, p, v, groupType); });
      return { ...prev, [step.key]: next };
    });
    clearError(step.key, path);
    Object.keys(extra || {}).forEach((p) => clearError(step.key, p));
  }, [step, readOnly, saved, ctx]);

  const onGroupChange = useCallback((groupKey, rows) => {
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
  }, [step, readOnly, saved, ctx]);

  const goTo = (key) => {
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
    const body = buildUpsertBody({ applicationId, isSubmit, forms: [payload], fromAdmin, adminSelectedUserId });
    try {
      const result = await upsert(body).unwrap();
      if (result && Array.isArray(result.fill_items)) {
        dispatch(questionnaireApi.util.updateQueryData('getFillItems', applicationId, () => result.fill_items));
      }
      setDrafts((prev) => {
        if (prev[key] !== sent) return prev;
        const next = { ...prev };
        delete next[key];
        return next;
      });
      pendingIds(sent).forEach((id) => fileStore.delete(id));
      setErrors((prev) => ({ ...prev, [key]: {} }));
      if (isSubmit) {
        showSuccess(submittedMessage(result));
        if (onSubmitted) onSubmitted(result && result.application);
      }
      return true;
    } catch (error) {
      const byForm = serverFieldErrors(error && error.data);
      setErrors((prev) => ({ ...prev, ...byForm }));
      if (!silent) {
        showError(apiErrorMessage(error, t, i18n));
        const withErrors = steps.find((s) => byForm[s.key] && Object.keys(byForm[s.key]).length);
        if (withErrors && withErrors.key !== key) goTo(withErrors.key);
      }
      return false;
    }
  };

  const onNext = async (isSubmit = false) => {
    if (!step || busy) return;
    if (readOnly) {
      if (!isLast) goTo(steps[index + 1].key);
      return;
    }
    const found = stepErrors(step, data, ctx);
    if (found.length) {
      setErrors((prev) => ({ ...prev, [step.key]: fieldErrorMap(found, t) }));
      if (drafts[step.key] !== undefined && found.every((e) => PARTIAL_SAVE_KEYS.has(e.key))) {
        await save(false, { silent: true }); // never lose what is already typed (DESIGN §1)
      }
      showError(snackbarText(step, firstProblem(found), t));
      return;
    }
    const ok = await save(isSubmit);
    if (ok && !isSubmit && !isLast) goTo(steps[index + 1].key);
  };

  const onBack = () => {
    if (index > 0) goTo(steps[index - 1].key);
  };

  if (initialLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="status" data-testid="questionnaire-loading">
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (appQuery.isError || stepsQuery.isError || itemsQuery.isError) {
    const error = appQuery.error || stepsQuery.error || itemsQuery.error;
    return (
      <Alert
        severity="error"
        data-testid="questionnaire-error"
        action={
          <Button color="inherit" size="small" onClick={() => { appQuery.refetch(); stepsQuery.refetch(); itemsQuery.refetch(); }}>
            {t('common.retry')}
          </Button>
        }
      >
        {apiErrorMessage(error, t, i18n)}
      </Alert>
    );
  }
  if (!step) return <Alert severity="info">{t('questionnaire.no_steps')}</Alert>;

  const progress = Math.round(((index + 1) / steps.length) * 100);

  return (
    <Box data-testid="questionnaire" ref={topRef}>
      {isMobile ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('questionnaire.progress', { current: index + 1, total: steps.length })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('questionnaire.progress', { current: index + 1, total: steps.length })}
            data-testid="questionnaire-progress"
          />
        </Box>
      ) : (
        <Stepper nonLinear activeStep={index} alternativeLabel sx={{ mb: 3 }} data-testid="questionnaire-stepper">
          {steps.map((s, i) => (
            <Step key={s.key} completed={Boolean(saved[s.key]) && i !== index}>
              <StepButton
                onClick={() => (i < index || readOnly ? goTo(s.key) : undefined)}
                disabled={!(i < index || readOnly)}
                data-testid={`questionnaire-stepper-${s.key}`}
              >
                {t(s.title)}
              </StepButton>
            </Step>
          ))}
        </Stepper>
      )}

      {submitted && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="questionnaire-submitted">
          {t('questionnaire.read_only')}
        </Alert>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="questionnaire-step-title">
        <Typography component="h2" variant="h5" id="questionnaire-step-title" sx={{ mb: 2 }} data-testid={`questionnaire-step-${step.key}`}>
          {t(step.title)}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); onNext(isLast); }}>
          <StepForm
            step={step}
            data={data}
            ctx={ctx}
            onChange={onChange}
            onGroupChange={onGroupChange}
            errors={errors[step.key] || {}}
            readOnly={readOnly}
            fileStore={fileStore}
            applicationId={applicationId}
          />
          <Stack direction="row" spacing={2} justifyContent="space-between" sx={{ mt: 3 }}>
            <Button variant="outlined" onClick={onBack} disabled={index === 0 || saving} data-testid="questionnaire-back">
              {t('questionnaire.back')}
            </Button>
            {!isLast && (
              <Button variant="contained" onClick={() => onNext(false)} disabled={busy} data-testid="questionnaire-next">
                {t('questionnaire.next')}
              </Button>
            )}
            {isLast && !readOnly && (
              <Button variant="contained" color="success" onClick={() => onNext(true)} disabled={busy} data-testid="questionnaire-submit">
                {t('questionnaire.submit')}
              </Button>
            )}
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
