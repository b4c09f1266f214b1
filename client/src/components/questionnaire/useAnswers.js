/* The answers of every step: the saved ones (fill items) under the unsaved edits (drafts, per step), the open
 * step's data, its option lists and the rule context. Edits go through the shared rule engine (derived values,
 * exclusive options, filters); text-like fields are written raw while typing. Files chosen but not saved yet wait
 * in `fileStore` (the answers hold a pending reference to them). */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { prepare, setValue, trim } from '../../forms-engine/engine';
import { buildRuleContext } from '../../domain';
import { RAW_TYPES, isPlainObject, optionTypesOf, setPathRaw } from './data';
import useOptionLists from './useOptionLists';

/** The definition of the field at `path` ("field" or "group.<i>.field") and its group, if any. */
function fieldOf(step, path) {
  const parts = path.split('.');
  const top = (step.fields || []).find((f) => f.key === parts[0]);
  if (!top || parts.length === 1) return { field: top || null, group: null };
  return { field: (top.fields || []).find((f) => f.key === parts[2]) || null, group: top };
}

/** `next` with each part equal to `prev`'s (deeply) replaced by prev's own object. An edit copies the whole step
 * (setPathRaw, the engine's setValue and prepare), so without this every list, row or file reference of the step
 * would be a new object after each key press and its memoized control drawn again (issue 27). */
export function keepUnchanged(prev, next) {
  if (Object.is(prev, next)) return prev;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((item, i) => {
      const kept = keepUnchanged(prev[i], item);
      if (kept !== prev[i]) same = false;
      return kept;
    });
    return same ? prev : out;
  }
  if (isPlainObject(prev) && isPlainObject(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out = {};
    keys.forEach((key) => {
      const kept = keepUnchanged(prev[key], next[key]);
      if (!(key in prev) || kept !== prev[key]) same = false;
      out[key] = kept;
    });
    return same ? prev : out;
  }
  return next;
}

/** {formKey: data} of the saved fill items. */
function savedAnswers(items) {
  const out = {};
  (items || []).forEach((item) => {
    out[item.type] = isPlainObject(item.data) ? item.data : {};
  });
  return out;
}

export default function useAnswers({ step, loaded, readOnly, domain }) {
  const [drafts, setDrafts] = useState({});
  const fileStore = useRef(new Map()).current;

  const saved = useMemo(() => savedAnswers(loaded.items), [loaded.items]);
  const answers = useMemo(() => ({ ...saved, ...drafts }), [saved, drafts]);
  const optionTypes = useMemo(() => optionTypesOf(step), [step]);
  const { options, loading: optionsLoading } = useOptionLists(optionTypes);
  const { programInfo, application } = loaded;
  const ctx = useMemo(
    () => buildRuleContext({ programInfo, application, answers, options, domain }),
    [programInfo, application, answers, options, domain],
  );
  const data = useMemo(() => (step ? answers[step.key] || {} : {}), [step, answers]);

  // The last committed render's values, for the effect below and for change/changeGroup, which stay the same
  // functions for the questionnaire's life (they reach every memoized field; issue 27). Written in a layout effect,
  // not during render: a render React throws away (an interrupted concurrent render) must not leave the ref on a step
  // or answers that never reached the screen. Safe for every reader: change/changeGroup run from the fields' event
  // handlers, which React calls only between commits, after this commit's layout effects have run (no field calls
  // them from a layout effect, which could run before this parent's); the passive effect below runs after all layout
  // effects of its commit.
  const latest = useRef({});
  useLayoutEffect(() => {
    latest.current = { answers, ctx, step, saved };
  }, [answers, ctx, step, saved]);

  // Derived values and auto-selected options, once the step's option lists and saved answers are there. Runs
  // when the step or what it depends on arrives, not on every keystroke (typing goes through setValue).
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
      setDrafts((prev) => ({ ...prev, [step.key]: keepUnchanged(current, prepared) }));
    }
  }, [step, optionsLoading, loaded.items, readOnly]);

  /** Sets the value at `path` of the open step (and the `extra` {path: value} beside it). */
  const change = useCallback(
    (path, value, extra) => {
      const { step, saved, ctx } = latest.current;
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
        return { ...prev, [step.key]: keepUnchanged(base, next) };
      });
    },
    [],
  );

  /** Replaces the rows of a repeated group of the open step (added or removed rows). */
  const changeGroup = useCallback(
    (groupKey, rows) => {
      const { step, saved, ctx } = latest.current;
      setDrafts((prev) => {
        const base = prev[step.key] !== undefined ? prev[step.key] : saved[step.key] || {};
        let next = { ...base, [groupKey]: rows };
        try {
          next = prepare(step, next, ctx);
        } catch {
          // keep the raw rows
        }
        return { ...prev, [step.key]: keepUnchanged(base, next) };
      });
    },
    [],
  );

  return { saved, drafts, setDrafts, answers, data, ctx, optionsLoading, fileStore, change, changeGroup };
}
