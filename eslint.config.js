/* ESLint (flat config) for the web client: `npx eslint client` (run by `make lint`, hence by `make test`).
 *
 * Besides the recommended JavaScript, React and hooks rules, import/no-restricted-paths encodes the client's layers
 * (client/README.md "Layers", docs/decisions/0063-client-layers.md), lowest first:
 *
 *   i18n, forms-engine  →  session  →  api  →  domain.js  →  components, resources  →  features  →  app
 *
 * A module may import its own layer and the layers left of it, never one to its right; a feature (features/<f>)
 * never imports another feature, nor anything under app/. Tests obey the same rules (they reach the whole app
 * through src/testUtils.jsx, which sits outside the layers). import/no-cycle follows `.js` and `.jsx` alike (the
 * import/* settings below).
 */
const fs = require('fs');
const path = require('path');
const js = require('@eslint/js');
const globals = require('globals');
const react = require('eslint-plugin-react');
const reactHooks = require('eslint-plugin-react-hooks');
const importPlugin = require('eslint-plugin-import');

const SRC = './client/src';
const FEATURES_DIR = path.join(__dirname, 'client', 'src', 'features');
const FEATURES = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const at = (...parts) => [SRC, ...parts].join('/');

/** Each layer and the layers it must never import. */
const LAYER_ZONES = [
  {
    target: [at('i18n'), at('forms-engine')],
    from: [at('session'), at('api'), at('domain.js'), at('components'), at('resources'), at('features'), at('app')],
    message: 'i18n/ and forms-engine/ are the bottom layer: they import no other layer.',
  },
  {
    target: at('session'),
    from: [at('api'), at('domain.js'), at('components'), at('resources'), at('features'), at('app')],
    message: 'session/ sits below api/: it imports only i18n/.',
  },
  {
    target: at('api'),
    from: [at('domain.js'), at('components'), at('resources'), at('features'), at('app')],
    message: 'api/ never imports app/, features/ or the UI layers (it may import session/ and i18n/).',
  },
  {
    target: at('domain.js'),
    from: [at('components'), at('resources'), at('features'), at('app')],
    message: 'domain.js sits below the UI: it may import api/, session/ and i18n/ only.',
  },
  {
    target: [at('components'), at('resources')],
    from: [at('features'), at('app')],
    message: 'components/ and resources/ are shared UI: they never import features/ or app/.',
  },
  {
    // All of app/, not only store/router/providers: a feature reaching into the shell for a helper (a loader, a
    // guard's path, the admin shell's context) ties it to the shell's chunks and hides what it really depends on.
    target: at('features'),
    from: at('app'),
    message: 'Features never import app/ (the application shell): move what they need to components/, session/, api/ or domain.js.',
  },
];

/** A feature never imports another feature. */
const FEATURE_ZONES = FEATURES.map((feature) => ({
  target: at('features', feature),
  from: at('features'),
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both need to components/, resources/ or domain.js.',
}));

module.exports = [
  // client/.prerender: the build's Node bundle of the /auth prerender (webpack.prerender.js).
  { ignores: ['client/dist/**', 'client/.prerender/**', 'node_modules/**'] },
  { settings: { react: { version: 'detect' } } },
  {
    files: ['client/**/*.{js,jsx}'],
    ...js.configs.recommended,
  },
  {
    files: ['client/**/*.{js,jsx}'],
    ...react.configs.flat.recommended,
  },
  {
    files: ['client/**/*.{js,jsx}'],
    ...react.configs.flat['jsx-runtime'],
  },
  {
    files: ['client/src/**/*.{js,jsx}'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    // Without these the import plugin parses only `.js`: every import of a `.jsx` module was a dead end for
    // import/no-cycle, import/named and import/default, so cycles through components went unseen.
    settings: {
      'import/extensions': ['.js', '.jsx'],
      'import/parsers': { espree: ['.js', '.jsx'] },
      'import/resolver': { node: { extensions: ['.js', '.jsx', '.json'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Props are documented where each component is declared; the project has no runtime prop-types.
      'react/prop-types': 'off',
      'import/no-unresolved': 'error',
      'import/named': 'error',
      'import/default': 'error',
      'import/first': 'error',
      'import/no-duplicates': 'error',
      'import/no-cycle': 'error',
      'import/no-self-import': 'error',
      'import/no-useless-path-segments': 'error',
      'import/no-restricted-paths': ['error', { zones: [...LAYER_ZONES, ...FEATURE_ZONES] }],
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['client/src/**/*.test.{js,jsx}', 'client/src/setupTests.js', 'client/src/setupPolyfills.js', 'client/src/testUtils.jsx'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    // Build and test tooling (webpack, babel, jest) runs in Node as CommonJS.
    files: ['client/*.config.js', 'client/webpack.*.js', 'client/src/prerender/markup.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
];
