/* Which step is open and how the applicant moves between steps: Back, Next and the jumps to a step with errors.
 * A move scrolls to the top, closes any error toast (it never follows the applicant to another step, issue 10),
 * and 1 s later the steps and answers are fetched again (req §7). */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** The questionnaire refetches its steps and answers 1 second after a step change (req §7). */
export const REFETCH_DELAY_MS = 1000;

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

/** `loadedSteps`: the steps as loaded (null until then); `onLeave` runs on every move. */
export default function useStepNavigation(loadedSteps, { refetch, onLeave }) {
  const [currentKey, setCurrentKey] = useState(null);
  const topRef = useRef(null);
  // The field a move should focus instead of the new step's heading (a step the server found errors on).
  const arrivalField = useRef(null);

  const steps = useMemo(() => loadedSteps || [], [loadedSteps]);
  const foundIndex = steps.findIndex((s) => s.key === currentKey);
  const index = foundIndex >= 0 ? foundIndex : 0;
  const step = steps[index] || null;
  const isLast = index === steps.length - 1;

  useDelayedOnChange(index, REFETCH_DELAY_MS, refetch);

  // The same functions from render to render (the stepper's buttons and the actions are memoized, issue 27).
  const goTo = useCallback(
    (key, { focusPath = null } = {}) => {
      onLeave();
      arrivalField.current = focusPath;
      setCurrentKey(key);
      if (topRef.current && topRef.current.scrollIntoView) topRef.current.scrollIntoView({ block: 'start' });
    },
    [onLeave],
  );

  const onBack = useCallback(() => {
    if (index > 0) goTo(steps[index - 1].key);
  }, [index, steps, goTo]);

  /** The field to focus on arriving at the step (once), or null for its heading. */
  const takeArrivalField = useCallback(() => {
    const path = arrivalField.current;
    arrivalField.current = null;
    return path;
  }, []);

  /** Whether a field waits to be focused on arriving (the step is then drawn whole at once, StepForm). */
  const awaitsArrivalField = Boolean(arrivalField.current);

  return { steps, index, step, isLast, topRef, goTo, onBack, takeArrivalField, awaitsArrivalField };
}
