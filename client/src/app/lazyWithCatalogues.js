import { createElement, lazy, useEffect } from 'react';
import { useStore } from 'react-redux';
import { firstScreenPageShown } from '../api/firstScreen';
import { loadCatalogues } from '../i18n';

/** The page as a route shows it: tells the store's first-screen watch (api/firstScreen.js) that a page is on screen,
 * so the reads nothing on it is drawn from wait for this page's own. */
function shownPage(Page) {
  function RoutePage(props) {
    const store = useStore();
    useEffect(() => firstScreenPageShown(store), [store]);
    return createElement(Page, props);
  }
  RoutePage.displayName = `RoutePage(${Page.displayName || Page.name || 'Page'})`;
  return RoutePage;
}

/** React.lazy for a route that needs the larger catalogues: its chunk and theirs (of the interface language; `parts`
 * as loadCatalogues takes them, by default all) load in parallel. `{ frame: true }` for what frames pages (a layout,
 * a guard): its mounting does not count as a page shown. */
export function lazyWithCatalogues(importer, parts, { frame = false } = {}) {
  return lazy(() =>
    Promise.all([importer(), loadCatalogues(undefined, parts)]).then(([module]) =>
      frame ? module : { default: shownPage(module.default) },
    ),
  );
}
