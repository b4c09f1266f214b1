import { readsFor } from './routeTable';

describe('readsFor (the API reads the entry starts for a URL)', () => {
  test('the id of the URL is put into the paths', () => {
    expect(readsFor('/stepper/7')).toEqual([{ path: '/users/application/7' }, { path: '/public-config' }]);
    expect(readsFor('/apply/42/')).toEqual([{ path: '/users/application/42' }, { path: '/public-config' }]);
  });

  test('a POST read keeps its method and body', () => {
    expect(readsFor('/dormitory')).toEqual([
      { path: '/users/halls' },
      { path: '/users/check-booking', method: 'POST', body: {} },
      { path: '/public-config' },
    ]);
  });

  test('no reads for pages without them, unknown pages or ids that are not numbers', () => {
    expect(readsFor('/auth')).toEqual([]);
    expect(readsFor('/nowhere')).toEqual([]);
    expect(readsFor('/stepper/abc')).toEqual([]);
    expect(readsFor('/stepper/007')).toEqual([]);
    expect(readsFor('/stepper/..%2Fadmin')).toEqual([]);
  });
});
