const path = require('path');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  // MUI + user-event on a 2-core CI machine: generous per-test limit.
  testTimeout: 30000,
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.js', '**/*.test.jsx'],
  moduleFileExtensions: ['js', 'jsx', 'json'],
  transform: {
    '^.+\\.jsx?$': ['babel-jest', { configFile: path.join(__dirname, 'babel.config.js') }],
  },
  // The app imports MUI's "no CSS variables" theme modules by path (app/theme.js, decision 0070); those paths have no
  // package.json pointing jest at the CommonJS build, so they are mapped to it here.
  moduleNameMapper: {
    '^@mui/material/styles/(createThemeNoVars|ThemeProviderNoVars)$': '@mui/material/node/styles/$1',
    // The per-language catalogue chunks are built from webpack contexts (i18n/lazyCatalogues/); jest reads the same
    // texts through catalogues.js.
    '^\\./lazyCatalogues/((?:staff-|forms-)?(?:ru|kk|en))$': '<rootDir>/src/i18n/lazyCatalogues/jest/$1.js',
  },
  setupFiles: ['<rootDir>/src/setupPolyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/src/setupTests.js'],
};
