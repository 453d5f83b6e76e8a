const preset = require('@meridian/tooling/jest');

module.exports = { ...preset, rootDir: __dirname, setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/testing/jest-slots.ts'] };
