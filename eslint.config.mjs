// ESLint 9 flat config for the whole workspace (`pnpm lint` = `eslint .` at the root).
// TypeScript rules are the non-type-aware recommended set, to stay fast; type errors are tsc -b's job.
//
// The architecture rule (DESIGN.md §1): a remote never imports another remote's source, the shell never imports
// any remote's source (it reaches them only through the federation runtime), `shared` imports neither, and no
// front-end package imports the server's source (request/response types live in `shared`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const REMOTE_DIRS = ['mf-accounts', 'mf-trading', 'mf-stocks', 'mf-invest', 'mf-c2c'];

// (the rule compiles patterns with the "u" flag, where "\-" is an invalid escape: "-" is left as it is)
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * no-restricted-imports patterns that forbid the source of the given packages: by package name
 * (@meridian/<dir>, any subpath) and by any path that has <dir> as a segment ("../../mf-stocks/src/x").
 */
function forbidPackages(dirs, why) {
  const alternation = dirs.map(escape).join('|');
  return [
    { regex: `^@meridian/(${alternation})(/|$)`, message: why },
    { regex: `^(?!@meridian/)(.*/)?(${alternation})(/|$)`, message: why },
  ];
}

const SERVER_SOURCE = [
  { regex: '^@meridian/server(/|$)', message: 'front-end code must not import the server: shared request/response types live in @meridian/shared.' },
  { regex: '^(\\.\\./)+server(/|$)', message: 'front-end code must not import the server: shared request/response types live in @meridian/shared.' },
];

/** One block per front-end package (flat config does not merge a rule's options across blocks). */
const architecture = [
  ...REMOTE_DIRS.map((dir) => ({
    files: [`${dir}/**/*.{ts,tsx,js,jsx,mjs,cjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidPackages(
              [...REMOTE_DIRS.filter((d) => d !== dir), 'shell'],
              `${dir} must not import another remote's or the shell's source: go through URLs (navigation), @meridian/shared, or a module the owner exposes through federation.`,
            ),
            ...SERVER_SOURCE,
          ],
        },
      ],
    },
  })),
  {
    files: ['shell/**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidPackages(REMOTE_DIRS, 'the shell must not import a remote\'s source: it loads remotes only through the federation runtime (mf-config.json + loadRemote).'),
            ...SERVER_SOURCE,
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidPackages([...REMOTE_DIRS, 'shell'], '@meridian/shared is below every front-end package: it must not import the shell or a remote.'),
            ...SERVER_SOURCE,
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/build/**',
      '**/node_modules/**',
      '**/data/**',
      '**/coverage/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      '**/*.tsbuildinfo',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'warn' } },

  // JavaScript: scripts, configs, e2e
  { ...js.configs.recommended, files: ['**/*.{js,mjs,cjs,jsx}'] },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    // e2e callbacks passed to page.evaluate run in the browser
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // TypeScript: recommended, not type-aware
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: TS_FILES })),
  {
    files: TS_FILES,
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['{shared,shell,mf-*,e2e/fixtures}/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}', '**/jest.setup.*'],
    languageOptions: { globals: { ...globals.jest } },
  },

  // React hooks on components
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  ...architecture,
);
