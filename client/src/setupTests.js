import '@testing-library/jest-dom';
import i18n from './i18n';
import { registerExtraCatalogues } from './i18n/catalogues';

// The app loads these with the first screen that needs them (i18n.loadCatalogues); tests render screens directly.
registerExtraCatalogues(i18n);

afterEach(() => {
  if (typeof window === 'undefined') return; // a test in Node's environment (prerender/questionnaireStyles.test.jsx)
  window.localStorage.clear();
  // The live region (components/focus/announce.js) lives outside React's tree: one test's messages must not be read
  // by the next.
  document.querySelectorAll('[data-testid="live-region"]').forEach((node) => node.remove());
});
