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
  moduleNameMapper: {
    '\\.css$': require.resolve('identity-obj-proxy'),
    // contracts/ is Node ESM TypeScript: its source, and its './x.js' imports meaning './x.ts'
    '^@meridian/contracts$': path.join(__dirname, '../contracts/src/index.ts'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // shared/src/remote imports the library by its own name (the remotes' builds take that from the singleton)
    '^@meridian/shared$': path.join(__dirname, '../shared/src/index.ts'),
  },
  setupFiles: [path.join(__dirname, 'jest.polyfills.cjs')],
  // the texts of shared and of the package under test, all languages, read from their locales JSON files
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs'), path.join(__dirname, '../shared/src/testing/jest-texts.ts'), path.join(__dirname, '../shared/src/testing/jest-pages.ts')],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  clearMocks: true,
};
