// `test`: every check in order (install, typecheck, lint, script tests, jest, server tests on PGlite and
// PostgreSQL, build, e2e), or those of --only=; a table of steps and "N passed, N failed" at the end.
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from '../ensure-chromium.mjs';
import { ensurePostgres, scratchDatabase } from '../ensure-postgres.mjs';
import { ROOT, pnpm, run } from '../lib.mjs';
import { banner, log } from './output.mjs';
import { CONCURRENCY, FRONT_END_FILTERS, assembleStep, buildPackages, install } from './steps.mjs';
import { runE2eFiles } from './e2e-files.mjs';
import { jestCounts, nodeTestCounts } from './test-counts.mjs';
import { printSummary } from './test-summary.mjs';

function withoutDatabaseEnv(env) {
  const copy = { ...env };
  delete copy.DATABASE_URL;
  delete copy.TEST_DATABASE_URL;
  return copy;
}

function e2eTestFiles() {
  const dir = path.join(ROOT, 'e2e/tests');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /\.test\.[cm]?js$/.test(f))
    .sort()
    .map((f) => path.join('e2e/tests', f));
}

export async function test(args) {
  // --only=unit,e2e runs just those steps; --keep-going runs every step even after a failure (exit still 1)
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
  const keepGoing = args.includes('--keep-going');
  const env = { ...process.env, CI: 'true', FORCE_COLOR: '0' };
  const cleanups = [];
  const runCleanups = async () => {
    while (cleanups.length) await cleanups.pop()().catch(() => {});
  };
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, async () => {
      await runCleanups();
      process.exit(130);
    });
  }

  /** @type {{ id: string, name: string, run: () => Promise<{code: number, output?: string}>, counts?: (out: string) => {passed: number, failed: number} }[]} */
  const steps = [
    { id: 'install', name: 'install', run: () => install(env) },
    { id: 'typecheck', name: 'typecheck (tsc -b)', run: () => pnpm(['typecheck'], { env }) },
    { id: 'lint', name: 'lint (eslint .)', run: () => pnpm(['lint'], { env }) },
    {
      id: 'scripts',
      name: 'script tests (node --test scripts/)',
      counts: nodeTestCounts,
      run: () => {
        const files = fs.readdirSync(path.join(ROOT, 'scripts')).filter((f) => f.endsWith('.test.mjs')).map((f) => path.join(ROOT, 'scripts', f));
        return run(process.execPath, ['--test', '--test-reporter=tap', ...files], { env, capture: true });
      },
    },
    {
      id: 'unit',
      name: 'unit + component tests (jest)',
      counts: jestCounts,
      run: () =>
        pnpm(['-r', CONCURRENCY, '--no-bail', '--filter', './shared', ...FRONT_END_FILTERS, 'run', 'test', '--ci'], {
          env,
          capture: true,
        }),
    },
    {
      id: 'server',
      name: 'server tests (embedded PGlite)',
      counts: nodeTestCounts,
      run: () => pnpm(['--filter', '@meridian/server', 'run', 'test'], { env: withoutDatabaseEnv(env), capture: true }),
    },
    {
      id: 'server-pg',
      name: 'server tests (PostgreSQL)',
      counts: nodeTestCounts,
      run: async () => {
        const pg = await ensurePostgres({ log });
        cleanups.push(pg.stop);
        const db = await scratchDatabase(pg.url, { log });
        cleanups.push(db.drop);
        log(`TEST_DATABASE_URL=${db.url}`);
        try {
          return await pnpm(['--filter', '@meridian/server', 'run', 'test'], {
            env: { ...withoutDatabaseEnv(env), TEST_DATABASE_URL: db.url },
            capture: true,
          });
        } finally {
          await runCleanups();
        }
      },
    },
    {
      id: 'build',
      name: 'production build + assemble',
      run: async () => {
        const res = await buildPackages({ withFixture: true, env });
        return res.code !== 0 ? res : assembleStep();
      },
    },
    {
      id: 'e2e',
      name: 'end-to-end (Chromium)',
      run: async () => {
        const chromium = await ensureChromium({ log });
        log(`CHROMIUM_PATH=${chromium}`);
        const files = e2eTestFiles();
        if (!files.length) {
          console.error('no e2e test files in e2e/tests');
          return { code: 1, output: '' };
        }
        // Two files at a time: each starts its own server, data folder and Chromium on free ports, and most of a
        // file's time is waiting on the page, so two overlap well on two cores (measured: the whole suite in the
        // same 24 minutes under a load of 20–36 as one at a time on an idle machine).
        const fileEnv = { ...withoutDatabaseEnv(env), CHROMIUM_PATH: chromium };
        return runE2eFiles(files, {
          runFile: (file) => run(process.execPath, ['--test', '--test-reporter=tap', file], { env: fileEnv, capture: true, quiet: true }),
        });
      },
    },
  ];

  const results = [];
  let failedStep = null;
  for (const step of steps) {
    if ((failedStep && !keepGoing) || (only && !only.includes(step.id))) {
      results.push({ name: step.name, status: 'skipped', ms: 0 });
      continue;
    }
    banner(step.name);
    const t0 = Date.now();
    let res;
    try {
      res = await step.run();
    } catch (err) {
      console.error(`\n${err.stack || err.message}`);
      res = { code: 1, output: '' };
    }
    const ms = Date.now() - t0;
    const ok = res.code === 0;
    const counts = res.counts ?? (step.counts ? step.counts(res.output ?? '') : null);
    // A step that fails without a failing test case (a suite that does not compile, a lint or type error, a crash)
    // still counts as one failure, so the last line never reads "0 failed" on a failed run.
    let extraFailure = false;
    if (!ok && (counts?.failed ?? 0) === 0) extraFailure = true;
    const flaky = res.flaky?.length ? res.flaky.reduce((n, f) => n + Math.max(1, f.tests.length), 0) : 0;
    results.push({ name: step.name, status: ok ? 'passed' : 'FAILED', ms, counts, extraFailure, flaky, code: res.code });
    if (!ok) failedStep ??= step.name;
  }
  await runCleanups();

  printSummary(results, { failedStep, keepGoing });
  process.exit(failedStep ? 1 : 0);
}
