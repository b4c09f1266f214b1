import { lazy } from 'react';
import { loadCatalogues } from '../i18n';

/** React.lazy for a route that needs the larger catalogues: its chunk and theirs (of the interface language; `parts`
 * as loadCatalogues takes them, by default all) load in parallel. */
export function lazyWithCatalogues(importer, parts) {
  return lazy(() => Promise.all([importer(), loadCatalogues(undefined, parts)]).then(([module]) => module));
}
