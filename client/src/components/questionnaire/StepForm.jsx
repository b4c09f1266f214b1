/* The fields of one step, drawn from its definition: hidden fields (visible_if) are not rendered. */
import { useMemo } from 'react';
import Grid from '@mui/material/Grid2';
import { evaluate, visibleFields } from '../../forms-engine/engine';
import FieldControl from './fields/FieldControl';
import GroupField, { displayedRowCount } from './fields/GroupField';

// File fields take half the width on desktop (the documents step in two columns), all of it on a phone (issue 10).
const WIDE = new Set(['textarea', 'kato', 'institution', 'group', 'option_groups', 'radio', 'switch', 'multiselect', 'checkbox']);

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

export default function StepForm({
  step, data, ctx, onChange, onGroupChange, errors = {}, readOnly, fileStore, applicationId, uploads = {}, onRetryUpload,
}) {
  const padded = useMemo(() => withDisplayedRows(step, data, ctx), [step, data, ctx]);
  const visible = useMemo(() => new Set(visibleFields(step, padded, ctx)), [step, padded, ctx]);

  const control = (field, path, value, row) => (
    <FieldControl
      key={path}
      step={step}
      field={field}
      path={path}
      value={value}
      data={data}
      row={row}
      ctx={ctx}
      onChange={onChange}
      error={errors[path]}
      readOnly={readOnly}
      required={row ? field.required === true : isRequired(step, field, data, ctx)}
      fileStore={fileStore}
      applicationId={applicationId}
      uploads={uploads}
      onRetryUpload={onRetryUpload}
    />
  );

  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      {(step.fields || []).map((field) => {
        if (field.render === false || !visible.has(field.key)) return null;
        const wide = WIDE.has(field.type);
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
                error={errors[field.key]}
                visiblePaths={visible}
                onGroupChange={onGroupChange}
                renderRowField={(sub, subPath, value, row) => (
                  <Grid container key={subPath}>
                    <Grid size={12}>{control(sub, subPath, value, row)}</Grid>
                  </Grid>
                )}
              />
            </Grid>
          );
        }
        return (
          <Grid key={field.key} size={{ xs: 12, md: wide ? 12 : 6 }}>
            {control(field, field.key, data[field.key], null)}
          </Grid>
        );
      })}
    </Grid>
  );
}
