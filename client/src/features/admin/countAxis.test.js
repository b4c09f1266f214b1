import { countAxis } from './DashboardPage';

test('count axes are whole numbers from zero, at least 0..1 on an empty dashboard', () => {
  const empty = countAxis([0, 0, 0]);
  expect(empty).toMatchObject({ min: 0, max: 1, tickMinStep: 1 });
  expect(empty.valueFormatter(0.5)).toBe('1');
  expect(countAxis([3, 17, 0]).max).toBe(17);
  expect(countAxis(undefined).max).toBe(1);
});
