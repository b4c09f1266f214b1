import { readsFor } from './routeTable';

describe('readsFor (the API reads the entry starts for a URL)', () => {
  test('the id of the URL is put into the paths', () => {
    expect(readsFor('/stepper/7')).toEqual([{ path: '/users/application/7' }, { path: '/public-config' }]);
    expect(readsFor('/apply/42/submitted')).toEqual([{ path: '/users/application/42' }]);
  });

  test("/apply/<id> also reads the questionnaire's steps and saved answers: the id goes into a POST body as a number", () => {
    expect(readsFor('/apply/42/')).toEqual([
      { path: '/users/application/42' },
      { path: '/public-config' },
      // The body the questionnaire's getQuestionnaireSteps sends (questionnaireApi.js): the same text, field order included.
      { path: '/users/steps', method: 'POST', body: { application_id: 42, type: 'fill' } },
      { path: '/users/fill-items/42' },
    ]);
    expect(JSON.stringify(readsFor('/apply/42')[2].body)).toBe('{"application_id":42,"type":"fill"}');
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
