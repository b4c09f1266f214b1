/* The fields of one step, drawn from its definition: hidden fields (visible_if) are not rendered.
 *
 * Issue 27 (a mid-range phone, decision 0070): every field is a memoized FieldControl that gets only what it reads —
 * its value, error, required flag, stable callbacks — so a key press or a Next draws again the fields whose inputs
 * changed, not the whole step. A newly opened step is drawn in batches: the first screenful at once, the rest in
 * background renders (one commit per batch, input handled in between) instead of one long task. */
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import Grid from '@mui/material/Grid2';
import { evaluate, visibleFields } from '../../forms-engine/engine';
import FieldControl, { sameFieldInputs } from './fields/FieldControl';
import GroupField, { FIELD_GAP, displayedRowCount } from './fields/GroupField';

// File fields take half the width on desktop (the documents step in two columns), all of it on a phone (issue 10).
const WIDE = new Set(['textarea', 'kato', 'institution', 'group', 'option_groups', 'radio', 'switch', 'multiselect', 'checkbox']);
const NO_ERRORS = {};
const NO_UPLOADS = {};
const HALF = { xs: 12, md: 6 };

/** One field in its grid cell ('half', 'wide' or a group's 'row'), memoized like FieldControl: MUI's Grid cells are
 * styled components, and drawing 14 of them again on every key press was part of the cost. */
const FieldCell = memo(function FieldCell({ cell, ...props }) {
  const control = <FieldControl {...props} />;
  if (cell === 'row') {
    return (
      <Grid container>
        <Grid size={12}>{control}</Grid>
      </Grid>
    );
  }
  return <Grid size={cell === 'wide' ? 12 : HALF}>{control}</Grid>;
}, sameFieldInputs);

/** Controls drawn in the first render of a step (about a phone's first screen), then in each later batch. */
export const FIRST_BATCH = 6;
export const NEXT_BATCH = 6;

/** The height a control of a later batch will take (measured at 412 and 1280 px: an outlined field with its helper
 * line 79 px, a switch or radio group 130, an upload 95), so nothing below it moves when it is drawn (CLS). */
const PLACEHOLDER_HEIGHT = { switch: 130, radio: 130, file: 95, image: 95, checkbox: 42, textarea: 143 };
function placeholderHeight(field, weight) {
  return PLACEHOLDER_HEIGHT[field.type] || 79 * weight;
}

/** The answers with every group padded to the rows on screen, so visibility is known for rows not saved yet. */
export function withDisplayedRows(step, data, ctx) {
  const out = { ...(data || {}) };
  (step.fields || []).forEach((f) => {
    if (f.type !== 'group') return;
    const rows = Array.isArray(out[f.key]) ? out[f.key] : [];
    const count = displayedRowCount(f, rows, ctx);
    if (count > rows.length) out[f.key] = [...rows, ...Array.from({ length: count - rows.length }, () => ({}))];
  });
  return out;
}

function isRequired(step, field, data, ctx) {
  if (field.required === true) return true;
  if (field.required_if) {
    try {
      return evaluate(field.required_if, data, ctx, step);
    } catch {
      return false;
    }
  }
  return false;
}

/** How many controls of the step are drawn: FIRST_BATCH, then NEXT_BATCH more per background render until the
 * step is whole; every one at once with `all` (a step opened to focus one of its fields, a step showing errors).
 * Counted per step key (a refetched definition of the open step hides nothing again); once whole, a field that
 * appears later (visible_if, a row added) is drawn at once. */
function useDrawnCount(stepKey, total, all) {
  const [drawn, setDrawn] = useState(null);
  let count = drawn && drawn.stepKey === stepKey ? drawn.count : FIRST_BATCH;
  if (all || count >= total) count = Infinity;
  if (!drawn || drawn.stepKey !== stepKey || drawn.count !== count) setDrawn({ stepKey, count });
  useEffect(() => {
    if (count === Infinity) return;
    // a transition: React renders the batch in slices and lets a key press or a tap go first
    startTransition(() => {
      setDrawn((prev) => (prev && prev.stepKey === stepKey && prev.count === count ? { stepKey, count: count + NEXT_BATCH } : prev));
    });
  }, [stepKey, count]);
  return count;
}

export default function StepForm({
  step, data, ctx, onChange, onGroupChange, errors = NO_ERRORS, readOnly, fileStore, applicationId, uploads = NO_UPLOADS,
  onRetryUpload, drawAll = false, errorFocus = null,
}) {
  // A failed Next draws the field that takes the focus with its error at once (focus and error description arrive
  // together, decision 0077); the other fields' errors follow in a background render, so the press is answered in
  // the next frame instead of after every field in error is drawn again. An error that goes away goes at once.
  const laterErrors = useDeferredValue(errors);
  const errorOf = (path) => (errors[path] === undefined || path === errorFocus ? errors[path] : laterErrors[path]);
  const padded = useMemo(() => withDisplayedRows(step, data, ctx), [step, data, ctx]);
  const visible = useMemo(() => new Set(visibleFields(step, padded, ctx)), [step, padded, ctx]);
  const shown = useMemo(
    () => (step.fields || []).filter((field) => field.render !== false && visible.has(field.key)),
    [step, visible],
  );
  // a group weighs as much as the controls of its rows
  const weights = shown.map((field) => {
    if (field.type !== 'group' && field.type !== 'option_groups') return 1;
    let n = 1;
    visible.forEach((path) => {
      if (path.startsWith(`${field.key}.`)) n += 1;
    });
    return n;
  });
  const total = weights.reduce((a, b) => a + b, 0);
  const limit = useDrawnCount(step.key, total, drawAll);
  // the controls drawn now: the first always, then while the batch has room (in the step's order)
  let drawnFields = 0;
  for (let used = 0; drawnFields < shown.length; drawnFields += 1) {
    if (drawnFields > 0 && used + weights[drawnFields] > limit) break;
    used += weights[drawnFields];
  }

  const cell = (field, path, value, row, kind) => {
    // upload progress goes to the uploads only: a progress event does not draw the other fields again
    const upload = field.type === 'file' || field.type === 'image';
    return (
      <FieldCell
        key={path}
        cell={kind}
        step={step}
        field={field}
        path={path}
        value={value}
        data={data}
        row={row}
        ctx={ctx}
        onChange={onChange}
        error={errorOf(path)}
        readOnly={readOnly}
        required={row ? field.required === true : isRequired(step, field, data, ctx)}
        fileStore={fileStore}
        applicationId={applicationId}
        uploads={upload ? uploads : NO_UPLOADS}
        onRetryUpload={upload ? onRetryUpload : undefined}
      />
    );
  };

  return (
    <Grid container columnSpacing={2} rowSpacing={FIELD_GAP}>
      {shown.map((field, i) => {
        const wide = WIDE.has(field.type);
        if (i >= drawnFields) {
          // a field of a later batch keeps its place (the footer and the buttons below do not jump: CLS)
          return (
            <Grid key={field.key} size={wide ? 12 : HALF}>
              <div style={{ height: placeholderHeight(field, weights[i]) }} data-pending-field={field.key} aria-hidden />
            </Grid>
          );
        }
        if (field.type === 'group' || field.type === 'option_groups') {
          return (
            <Grid key={field.key} size={12}>
              <GroupField
                step={step}
                field={field}
                path={field.key}
                value={data[field.key]}
                ctx={ctx}
                readOnly={readOnly}
                error={errorOf(field.key)}
                visiblePaths={visible}
                onGroupChange={onGroupChange}
                renderRowField={(sub, subPath, value, row) => cell(sub, subPath, value, row, 'row')}
              />
            </Grid>
          );
        }
        return cell(field, field.key, data[field.key], null, wide ? 'wide' : 'half');
      })}
    </Grid>
  );
}
