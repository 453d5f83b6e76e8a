#!/usr/bin/env node
// The single entry behind the root package.json scripts. Node builtins only: it runs before anything is installed.
//
//   node scripts/platform.mjs start [--skip-build]   install, build, assemble, run the server in the foreground
//   node scripts/platform.mjs build                  install, build, assemble build/public
//   node scripts/platform.mjs test                   install, typecheck, lint, jest, server tests (PGlite and
//                                                    PostgreSQL), build, e2e in Chromium; prints "N passed, N failed"
//                                                    [--keep-going] [--only=install,typecheck,lint,scripts,unit,server,server-pg,build,e2e]
//   node scripts/platform.mjs dev                    server in watch mode + webpack dev servers of shell and remotes
//   node scripts/platform.mjs bench [--skip-build]   build, then bundle sizes (scripts/bench-bundles.mjs) and cold
//                                                    route loads in Chromium (scripts/bench-routes.mjs), then the
//                                                    trading benchmarks (server/bench/triggers.mjs, orders.mjs)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { assemble, writeSlotTexts } from './assemble.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePostgres, scratchDatabase } from './ensure-postgres.mjs';
import { REMOTES, ROOT, formatMs, pnpm, pnpmCommand, readJson, run, waitForHttp } from './lib.mjs';

const FRONT_END_FILTERS = ['--filter', './shell', '--filter', './mf-*'];
const BUILD_FILTERS = [...FRONT_END_FILTERS, '--filter', './server'];
const FIXTURE_FILTERS = ['--filter', './e2e/fixtures/broken-remote'];
const CONCURRENCY = '--workspace-concurrency=2'; // two cores here: two webpack builds at a time is the most that helps

const log = (msg = '') => console.log(msg);
const banner = (msg) => log(`\n\x1b[1m▶ ${msg}\x1b[0m`);

// ---------------------------------------------------------------- common steps

async function install(env = process.env) {
  const lockfile = fs.existsSync(path.join(ROOT, 'pnpm-lock.yaml'));
  const args = ['install', lockfile ? '--frozen-lockfile' : '--no-frozen-lockfile', '--prefer-offline', '--config.confirmModulesPurge=false'];
  const res = await pnpm(args, { env });
  if (res.code !== 0 && lockfile) {
    log('\npnpm install --frozen-lockfile failed: if a package.json changed, run `npx pnpm@' +
      pnpmCommand().args[1].split('@')[1] + ' install` and commit the updated pnpm-lock.yaml.');
  }
  return res;
}

async function buildPackages({ withFixture = false, env = process.env } = {}) {
  const filters = withFixture ? [...BUILD_FILTERS, ...FIXTURE_FILTERS] : BUILD_FILTERS;
  return pnpm(['-r', CONCURRENCY, ...filters, 'run', 'build'], { env });
}

function assembleStep() {
  try {
    assemble();
    return { code: 0 };
  } catch (err) {
    console.error(`\n${err.message}`);
    return { code: 1 };
  }
}

async function installAndBuild({ withFixture = false, env } = {}) {
  const timings = [];
  const stepsToRun = [
    ['install', () => install(env)],
    ['build packages', () => buildPackages({ withFixture, env })],
    ['assemble build/public', async () => assembleStep()],
  ];
  for (const [name, fn] of stepsToRun) {
    banner(name);
    const t0 = Date.now();
    const res = await fn();
    timings.push([name, Date.now() - t0]);
    if (res.code !== 0) {
      console.error(`\n✗ ${name} failed (exit ${res.code})`);
      return false;
    }
  }
  log(`\n${timings.map(([n, ms]) => `${n}: ${formatMs(ms)}`).join(', ')}`);
  return true;
}

// ---------------------------------------------------------------- start

async function start(args) {
  if (!args.includes('--skip-build') && !(await installAndBuild())) process.exit(1);
  const port = process.env.PORT || '8080';
  banner('starting the server');
  const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: port },
    stdio: 'inherit',
  });
  let exited = false;
  child.on('exit', (code, signal) => {
    exited = true;
    process.exit(code ?? (signal ? 1 : 0));
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  try {
    await waitForHttp(`http://127.0.0.1:${port}/health`, { timeoutMs: 120_000, isAlive: () => !exited });
    log(`\nMeridian is running at http://localhost:${port}`);
    log(process.env.MOBILE_ONLY === 'false'
      ? '(desktop layout allowed: MOBILE_ONLY=false)'
      : '(mobile-only by default: use a phone-sized window, or start with MOBILE_ONLY=false for the desktop layout)');
  } catch (err) {
    if (!exited) console.error(`the server did not answer /health: ${err.message}`);
  }
}

// ---------------------------------------------------------------- test

// eslint-disable-next-line no-control-regex -- ANSI colour codes are exactly what is stripped
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** jest: "Tests:       1 failed, 2 skipped, 40 passed, 43 total" (one line per package). */
function jestCounts(output) {
  let passed = 0;
  let failed = 0;
  for (const m of stripAnsi(output).matchAll(/Tests:\s+([^\n]*?\d+ total)/g)) {
    passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  }
  return { passed, failed };
}

/** node --test: TAP "# pass 12" / "# fail 0", or the spec reporter's "ℹ pass 12". */
function nodeTestCounts(output) {
  let passed = 0;
  let failed = 0;
  for (const m of stripAnsi(output).matchAll(/(?:^|\s)[#ℹ] (pass|fail) (\d+)[ \t]*$/gm)) {
    if (m[1] === 'pass') passed += Number(m[2]);
    else failed += Number(m[2]);
  }
  return { passed, failed };
}

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

async function test(args) {
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
      counts: nodeTestCounts,
      run: async () => {
        const chromium = await ensureChromium({ log });
        log(`CHROMIUM_PATH=${chromium}`);
        const files = e2eTestFiles();
        if (!files.length) {
          console.error('no e2e test files in e2e/tests');
          return { code: 1, output: '' };
        }
        return run(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=tap', ...files], {
          env: { ...withoutDatabaseEnv(env), CHROMIUM_PATH: chromium },
          capture: true,
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
    const counts = step.counts ? step.counts(res.output ?? '') : null;
    // A step that fails without a failing test case (a suite that does not compile, a lint or type error, a crash)
    // still counts as one failure, so the last line never reads "0 failed" on a failed run.
    let extraFailure = false;
    if (!ok && (counts?.failed ?? 0) === 0) extraFailure = true;
    results.push({ name: step.name, status: ok ? 'passed' : 'FAILED', ms, counts, extraFailure, code: res.code });
    if (!ok) failedStep ??= step.name;
  }
  await runCleanups();

  // summary
  const totals = results.reduce(
    (t, r) => ({ passed: t.passed + (r.counts?.passed ?? 0), failed: t.failed + (r.counts?.failed ?? 0) + (r.extraFailure ? 1 : 0) }),
    { passed: 0, failed: 0 },
  );
  const width = Math.max(...results.map((r) => r.name.length));
  log('\n' + '─'.repeat(width + 44));
  log(`${'step'.padEnd(width)}  ${'result'.padEnd(8)}  ${'time'.padStart(12)}  tests`);
  log('─'.repeat(width + 44));
  for (const r of results) {
    let tests = r.counts ? `${r.counts.passed} passed, ${r.counts.failed} failed` : '';
    if (r.extraFailure) tests += `${tests ? '; ' : ''}step failure counted as 1 failed`;
    log(`${r.name.padEnd(width)}  ${r.status.padEnd(8)}  ${(r.status === 'skipped' ? '-' : formatMs(r.ms)).padStart(12)}  ${tests}`);
  }
  log('─'.repeat(width + 44));
  log(`total ${formatMs(results.reduce((s, r) => s + r.ms, 0))}`);
  if (failedStep) {
    const failures = results.filter((r) => r.status === 'FAILED').map((r) => `"${r.name}" (exit ${r.code})`);
    console.error(`\n✗ failed: ${failures.join(', ')}${keepGoing ? '' : '; later steps were skipped'}. The output is above.`);
  } else {
    log('\n✓ every step passed');
  }
  log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(failedStep ? 1 : 0);
}

// ---------------------------------------------------------------- dev

function devPort(dir, fallback) {
  try {
    return readJson(path.join(ROOT, dir, 'package.json')).meridian?.devPort ?? fallback;
  } catch {
    return fallback;
  }
}

async function dev() {
  if ((await install()).code !== 0) process.exit(1);
  const serverPort = process.env.PORT || '8080';
  // The server serves PUBLIC_DIR/mf-config.json; in dev it points every remote at its webpack dev server.
  const devPublic = path.join(ROOT, 'build/dev-public');
  fs.mkdirSync(devPublic, { recursive: true });
  const remotes = REMOTES.map(({ dir, name }, i) => {
    const port = devPort(dir, 3001 + i);
    const routesFile = path.join(ROOT, dir, 'meridian.routes.json');
    const { routes = [], slots } = fs.existsSync(routesFile) ? readJson(routesFile) : {};
    // the slot texts are written as the assembler writes them, under remotes/<name>/dev/ of the dev public folder
    const textsDir = path.join(devPublic, 'remotes', name, 'dev');
    if (slots) fs.mkdirSync(textsDir, { recursive: true });
    const slotTexts = slots ? writeSlotTexts(dir, name, slots, textsDir) : undefined;
    return { name, version: 'dev', manifest: `http://localhost:${port}/mf-manifest.json`, routes, slots, slotTexts, port, dir };
  });
  fs.writeFileSync(
    path.join(devPublic, 'mf-config.json'),
    `${JSON.stringify({ remotes: remotes.map((r) => ({ name: r.name, version: r.version, manifest: r.manifest, routes: r.routes, slots: r.slots, slotTexts: r.slotTexts })) }, null, 2)}\n`,
  );

  const { cmd, args: pre } = pnpmCommand();
  const children = [
    spawn(cmd, [...pre, '--filter', '@meridian/server', 'run', 'dev'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PORT: serverPort, PUBLIC_DIR: process.env.PUBLIC_DIR || devPublic, MOBILE_ONLY: process.env.MOBILE_ONLY ?? 'false' },
    }),
    spawn(cmd, [...pre, '-r', '--parallel', ...FRONT_END_FILTERS, 'run', 'dev'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, MERIDIAN_SERVER: `http://127.0.0.1:${serverPort}` },
    }),
  ];
  const stopAll = (sig) => children.forEach((c) => c.exitCode === null && c.kill(sig));
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(sig));
  children.forEach((c) =>
    c.on('exit', (code) => {
      stopAll('SIGTERM');
      process.exitCode = code ?? 1;
    }),
  );

  log(`
Meridian dev:
  open      http://localhost:${devPort('shell', 3000)}      shell dev server (proxies the API, streams and /mf-config.json)
  server    http://localhost:${serverPort}      tsx watch, mf-config from ${path.relative(ROOT, devPublic)}/
${remotes.map((r) => `  ${r.name.padEnd(12)}http://localhost:${r.port}      standalone preview of ${r.dir}`).join('\n')}
`);
}

// ---------------------------------------------------------------- bench

async function bench(args) {
  if (!args.includes('--skip-build') && !(await installAndBuild())) process.exit(1);
  const bundles = await run(process.execPath, [path.join(ROOT, 'scripts/bench-bundles.mjs')]);
  if (bundles.code !== 0) process.exit(bundles.code);
  const chromium = await ensureChromium({ log });
  const routes = await run(process.execPath, [path.join(ROOT, 'scripts/bench-routes.mjs')], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
  // a missed route budget (BUDGET_MISSED of bench-routes.mjs) still lets the trading benchmarks run, then fails
  const budgetMissed = routes.code === 2;
  if (routes.code !== 0 && !budgetMissed) process.exit(routes.code);
  // the trading engine (server/bench): trigger index against a scan; orders over HTTP and the positions stream
  for (const script of ['triggers.mjs', 'orders.mjs']) {
    const result = await run(process.execPath, ['--conditions=source', '--import', 'tsx', path.join('bench', script)], { cwd: path.join(ROOT, 'server') });
    if (result.code !== 0) process.exit(result.code);
  }
  if (budgetMissed) log('\n✗ a route missed its target (see "Targets" above)');
  process.exit(budgetMissed ? 2 : 0);
}

// ---------------------------------------------------------------- main

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case 'start':
    await start(rest);
    break;
  case 'build':
    process.exit((await installAndBuild({ withFixture: rest.includes('--with-fixture') })) ? 0 : 1);
    break;
  case 'test':
    await test(rest);
    break;
  case 'dev':
    await dev();
    break;
  case 'bench':
    await bench(rest);
    break;
  default:
    console.error('usage: node scripts/platform.mjs <start|build|test|dev|bench>');
    process.exit(2);
}
