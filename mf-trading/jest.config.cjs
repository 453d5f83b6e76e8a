const preset = require('@meridian/tooling/jest');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // jsdom has no canvas, and ECharts ships ES modules jest does not transform: tests draw on a recording fake
  // the push invalidations come from the manifest's slots, as the shell registers them
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/testing/jest-slots.ts'],
  moduleNameMapper: { ...preset.moduleNameMapper, '^echarts/(core|charts|components|renderers)$': '<rootDir>/src/testing/fake-echarts.ts' },
};
