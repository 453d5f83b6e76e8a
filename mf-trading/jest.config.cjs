const preset = require('@meridian/tooling/jest');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // jsdom has no canvas, and ECharts ships ES modules jest does not transform: tests draw on a recording fake
  moduleNameMapper: { ...preset.moduleNameMapper, '^echarts/(core|charts|components|renderers)$': '<rootDir>/src/testing/fake-echarts.ts' },
};
