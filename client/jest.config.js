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
  setupFiles: ['<rootDir>/src/setupPolyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/src/setupTests.js'],
};
