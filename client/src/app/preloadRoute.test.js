import { chunksFor } from './preloadRoute';

describe('chunksFor (the downloads started before the app runs)', () => {
  it.each([
    ['/auth', false, ['auth']],
    ['/', false, ['layout', 'home']],
    ['/', true, ['layout', 'home']],
    ['/apply', true, ['layout', 'apply']],
    ['/apply/', true, ['layout', 'apply']],
    ['/apply/42', true, ['layout', 'ownApplication', 'apply', 'questionnaire']],
    ['/apply/42/submitted', true, ['layout', 'ownApplication', 'submitted']],
    ['/stepper/7', true, ['layout', 'ownApplication', 'stepper']],
  ])('%s (signed in: %s)', (path, signedIn, chunks) => {
    expect(chunksFor(path, signedIn)).toEqual(chunks);
  });

  it('fetches nothing for pages a signed-out visitor is sent away from', () => {
    expect(chunksFor('/apply', false)).toEqual([]);
    expect(chunksFor('/apply/42', false)).toEqual([]);
  });

  it('fetches nothing for unknown paths and the staff shells', () => {
    expect(chunksFor('/nowhere/at/all', true)).toEqual([]);
    expect(chunksFor('/admin/kz/users', true)).toEqual([]);
  });
});
