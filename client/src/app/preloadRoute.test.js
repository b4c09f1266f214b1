import { chunksFor } from './preloadRoute';
import { routeChunks } from './routeChunks';
import routePreloads from './routePreloads.json';

const { routes } = routePreloads;

describe('chunksFor (the downloads started before the app runs)', () => {
  it.each([
    ['/auth', false, ['auth']],
    ['/', false, ['layout', 'home']],
    ['/', true, ['layout', 'home']],
    ['/apply', true, ['layout', 'apply']],
    ['/apply/', true, ['layout', 'apply']],
    ['/apply/42', true, ['layout', 'own-application', 'apply', 'questionnaire']],
    ['/apply/42/submitted', true, ['layout', 'own-application', 'submitted']],
    // A citizen's stepper shows the questionnaire on one step of many: it is loaded when that step is shown, not
    // with the page (~150 KB that competed with the first screen's chunks; issue 27).
    ['/stepper/7', true, ['layout', 'own-application', 'stepper']],
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

  it('names only chunks the client can load', () => {
    routes.forEach((route) => route.chunks.forEach((name) => expect(typeof routeChunks[name]).toBe('function')));
  });
});
