import { lazy } from 'react';
import { loadCatalogues } from '../i18n';

/** React.lazy for a route that needs the larger catalogues: its chunk and theirs load in parallel. */
export function lazyWithCatalogues(importer) {
  return lazy(() => Promise.all([importer(), loadCatalogues()]).then(([module]) => module));
}
