/* Which queue columns a grid of a given width shows (issue 23: at 1366 px the status and the actions must be seen
 * without scrolling sideways). Each column has a minimum width and a priority (0: always shown); the least important
 * columns are hidden, one at a time, until the rest fit. Everything the hidden columns said is in the panel. */

/** The data grid's selection checkbox column. */
export const CHECKBOX_WIDTH = 50;

/** {field: false} for the columns `width` px cannot hold (none when the width is not known yet). */
export function hiddenColumns(columns, width, { selectable = false } = {}) {
  if (!width || width <= 0) return {};
  const shown = [...columns];
  const total = () => shown.reduce((sum, c) => sum + (c.minWidth || c.width || 100), selectable ? CHECKBOX_WIDTH : 0);
  const hidden = {};
  const byPriority = columns.filter((c) => c.priority > 0).sort((a, b) => b.priority - a.priority);
  for (const column of byPriority) {
    if (total() <= width) break;
    shown.splice(shown.indexOf(column), 1);
    hidden[column.field] = false;
  }
  return hidden;
}
