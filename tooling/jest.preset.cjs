// The jest preset every front-end package uses: swc transform, jsdom, CSS modules as identity proxies.
const path = require('node:path');

module.exports = {
  testEnvironment: require.resolve('jest-environment-jsdom'),
  transform: {
    '^.+\\.[cm]?[jt]sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: { '\\.css$': require.resolve('identity-obj-proxy') },
  setupFiles: [path.join(__dirname, 'jest.polyfills.cjs')],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  clearMocks: true,
};
