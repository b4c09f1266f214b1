import { CHECKBOX_WIDTH, hiddenColumns } from './columnFit';

const columns = [
  { field: 'student', minWidth: 170, priority: 0 },
  { field: 'program', minWidth: 150, priority: 1 },
  { field: 'social_category', minWidth: 130, priority: 5 },
  { field: 'unt_score', minWidth: 80, priority: 4 },
  { field: 'status', minWidth: 130, priority: 0 },
  { field: 'actions', minWidth: 170, priority: 0 },
];

test('a wide grid shows every column', () => {
  expect(hiddenColumns(columns, 2000, { selectable: true })).toEqual({});
});

test('the least important columns go first until the rest fit; status and actions stay', () => {
  // 830 px of columns; 700 px: the social category (priority 5) goes, 700 ≥ 700 fits
  expect(hiddenColumns(columns, 700)).toEqual({ social_category: false });
  expect(hiddenColumns(columns, 650)).toEqual({ social_category: false, unt_score: false });
  // the selection checkbox counts
  expect(hiddenColumns(columns, 700 + CHECKBOX_WIDTH - 1, { selectable: true })).toEqual({ social_category: false, unt_score: false });
  // never below what priority 0 needs: those are never hidden
  expect(hiddenColumns(columns, 100)).toEqual({ program: false, social_category: false, unt_score: false });
});

test('an unknown width (before the first layout, or in jsdom) hides nothing', () => {
  expect(hiddenColumns(columns, 0)).toEqual({});
  expect(hiddenColumns(columns, undefined)).toEqual({});
});

test('on a phone the status goes last of all, so that the actions fit', () => {
  const withStatusLast = columns.map((c) => (c.field === 'status' ? { ...c, priority: 0.5 } : c));
  // 1366-like widths keep the status
  expect(hiddenColumns(withStatusLast, 700)).toEqual({ social_category: false });
  // 390 px: student + actions only
  expect(hiddenColumns(withStatusLast, 345)).toEqual({
    program: false,
    social_category: false,
    unt_score: false,
    status: false,
  });
});
