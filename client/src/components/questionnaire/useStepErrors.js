/* The errors shown under the fields, per step: rule errors (objects, re-checked as the answers change, so a fixed
 * field loses its error at once and a field still wrong keeps it) and the server's texts (strings, cleared by
 * editing the field). Also the error toast: it names one field and closes once that field's error is gone. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fieldErrorMap, fieldErrorTexts, firstProblem, stepErrors } from './validation';

/** The field the last error toast named ({stepKey, path}, or null). `forget` also closes the toast. */
export function useErrorToast(hideError) {
  const named = useRef(null);
  return useMemo(
    () => ({
      named: () => named.current,
      pointAt: (target) => {
        named.current = target;
      },
      forget: () => {
        named.current = null;
        hideError();
      },
    }),
    [hideError],
  );
}

export default function useStepErrors({ step, data, ctx, toast, t, i18n }) {
  const [errors, setErrors] = useState({});

  const clearError = useCallback((key, path) => {
    setErrors((prev) => {
      const own = prev[key];
      if (!own || !(path in own)) return prev;
      const next = { ...own };
      delete next[path];
      return { ...prev, [key]: next };
    });
  }, []);

  const shown = step ? errors[step.key] : null;
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
    const named = toast.named();
    if (named && !((errors[named.stepKey] || {})[named.path])) toast.forget();
  }, [errors, toast]);

  /** An edit of `paths` removes the server's texts under them (rule errors wait for the re-check above). */
  const clearServerErrors = useCallback(
    (key, paths) => {
      const own = errors[key] || {};
      paths.forEach((p) => {
        if (typeof own[p] === 'string') clearError(key, p);
      });
    },
    [errors, clearError],
  );

  const clearStep = useCallback((key) => setErrors((prev) => ({ ...prev, [key]: {} })), []);

  const texts = useMemo(
    () => fieldErrorTexts(step ? errors[step.key] : null, t),
    // i18n.language: inline errors are drawn again in a newly chosen language (issue 10)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [errors, step, t, i18n.language],
  );

  // The field a failed Next focuses (useSaveSubmit: the first missing field, else a date order, else the first
  // error; a refused save: the first field the server named). StepForm draws it with its error at once and lets the
  // other fields' errors follow in a background render (issue 27).
  const focusPath = useMemo(() => {
    const own = step ? errors[step.key] : null;
    if (!own) return null;
    const list = Object.entries(own).map(([field, error]) => ({ field, key: error && typeof error === 'object' ? error.key : null }));
    const problem = firstProblem(list);
    return problem ? problem.field : null;
  }, [errors, step]);

  return { texts, focusPath, setErrors, clearServerErrors, clearStep };
}
