const preset = require('@meridian/tooling/jest');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // the home tiles and the desktop nav come from the remotes' manifests: every shell test sees today's five
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/testing/jest-slots.ts'],
};
