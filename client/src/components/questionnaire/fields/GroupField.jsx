/* Repeatable groups (parents: the first parent + 'Add parent' for the second; foreign languages; medical
 * examinations) and option groups (one block per chosen option of a multiselect). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { localizedName } from '../../../i18n';
import { isPlainObject, testIdOf } from '../data';
import { focusElement } from '../../focus/focusElement';
import { firstTabbable } from '../../focus/focusTargets';

const KNOWN_GROUPS = ['parents', 'foreign_languages', 'medical_examinations'];
/** The space between two fields one above the other (theme spacing units: 16 px), on the step and in a group's rows
 * alike. A field's helper line (a hint such as the IIN's, or an error) ends where the next field's floating label
 * begins, which rises above its outline: 8 px left the two texts almost touching. */
export const FIELD_GAP = 2;
// A row's fields (its Remove button comes first in the DOM but is not where a new row is filled in).
const FIELD = 'input:not([type="hidden"]), textarea, select';

function numberOf(expr, ctx) {
  if (typeof expr === 'number') return expr;
  if (isPlainObject(expr) && 'if' in expr) {
    // only ctx flags are used in group limits (decision 0020)
    const c = expr.if;
    const truthy = c && 'ctx' in c ? Boolean(ctx[c.ctx]) : false;
    return numberOf(truthy ? expr.then : expr.else, ctx);
  }
  return null;
}

/** Rows to show: the saved ones, and at least one (or min_items) for a required group so it can be filled. */
export function displayedRowCount(field, rows, ctx) {
  const min = numberOf(field.min_items, ctx) || 0;
  const base = field.required || min > 0 ? Math.max(1, min) : 0;
  return Math.max(rows.length, base);
}

export default function GroupField({ step, field, path, value, ctx, readOnly, error, renderRowField, onGroupChange, visiblePaths }) {
  const { t, i18n } = useTranslation();
  const box = useRef(null);
  // Decision 0077: after a row is added the focus goes to its first field; after one is removed, to the row that took
  // its place, else the Add button, else the group's heading. Done once the rows are drawn again.
  const focusRow = useRef(null);
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || !box.current) return;
    focusRow.current = null;
    const row = box.current.querySelector(`[data-testid="${testIdOf(path)}-row-${index}"]`);
    const add = box.current.querySelector(`[data-testid="${testIdOf(path)}-add"]`);
    focusElement(firstTabbable(row, FIELD) || add || box.current.querySelector('h3'));
  });
  const groupKey = field.key;
  const name = KNOWN_GROUPS.includes(groupKey) ? groupKey : 'default';
  const label = t(field.label || `form.${step.key}.${groupKey}`);

  if (field.type === 'option_groups') {
    const map = isPlainObject(value) ? value : {};
    const segments = [...visiblePaths]
      .filter((p) => p.startsWith(`${groupKey}.`))
      .map((p) => p.split('.')[1])
      .filter((s, i, all) => all.indexOf(s) === i);
    if (!segments.length) return null;
    const sourceDef = (step.fields || []).find((f) => f.key === field.source);
    const type = sourceDef ? sourceDef.options || `${step.key}_${sourceDef.key}` : null;
    return (
      <Stack spacing={2} component="section" aria-label={label}>
        {segments.map((segment) => {
          const option = ((ctx.options || {})[type] || []).find((o) => String(o.id) === segment);
          return (
            <Paper key={segment} variant="outlined" sx={{ p: 2 }} data-testid={`${testIdOf(path)}-${segment}`}>
              <Typography component="h3" variant="subtitle1" sx={{ mb: FIELD_GAP }}>
                {option ? localizedName(option, i18n.language) : label}
              </Typography>
              <Stack spacing={FIELD_GAP}>
                {(field.fields || []).map((sub) => renderRowField(sub, `${groupKey}.${segment}.${sub.key}`, (map[segment] || {})[sub.key], map[segment] || {}))}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  const rows = Array.isArray(value) ? value : [];
  const count = displayedRowCount(field, rows, ctx);
  const max = numberOf(field.max_items, ctx);
  const min = numberOf(field.min_items, ctx) || 0;
  const keep = field.required || min > 0 ? Math.max(1, min) : 0;
  const canAdd = !readOnly && (max === null || count < max);

  const addRow = () => {
    const next = rows.slice();
    while (next.length < count) next.push({});
    next.push({});
    focusRow.current = count;
    onGroupChange(groupKey, next);
  };
  const removeRow = (index) => {
    const next = rows.slice();
    next.splice(index, 1);
    focusRow.current = index;
    onGroupChange(groupKey, next);
  };

  return (
    <Box component="section" aria-label={label} data-testid={testIdOf(path)} ref={box}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>{label}</Typography>
      <Stack spacing={2}>
        {Array.from({ length: count }, (_, index) => {
          const row = isPlainObject(rows[index]) ? rows[index] : {};
          const title = t(`questionnaire.group.row.${name}`, { n: index + 1, label });
          return (
            <Paper key={index} variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={title} data-testid={`${testIdOf(path)}-row-${index}`}>
              <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: FIELD_GAP }}>
                <Typography component="legend" variant="subtitle1">{title}</Typography>
                {!readOnly && index >= keep && (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteOutlineIcon />}
                    onClick={() => removeRow(index)}
                    data-testid={`${testIdOf(path)}-remove-${index}`}
                    aria-label={t('questionnaire.group.remove_named', { title })}
                  >
                    {t('questionnaire.group.remove')}
                  </Button>
                )}
              </Stack>
              <Stack spacing={FIELD_GAP}>
                {(field.fields || []).map((sub) => {
                  const subPath = `${groupKey}.${index}.${sub.key}`;
                  // visiblePaths is computed with the displayed (possibly not yet saved) rows
                  if (!visiblePaths.has(subPath) || sub.render === false) return null;
                  return renderRowField(sub, subPath, row[sub.key], row);
                })}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      {canAdd && (
        <Button startIcon={<AddIcon />} onClick={addRow} sx={{ mt: 1 }} data-testid={`${testIdOf(path)}-add`}>
          {t(`questionnaire.group.add.${name}`, { label })}
        </Button>
      )}
    </Box>
  );
}
