// The steps build, start, test and bench share: install, build the packages, assemble build/public.
import fs from 'node:fs';
import path from 'node:path';
import { assemble } from '../assemble.mjs';
import { ROOT, formatMs, pnpm, pnpmCommand } from '../lib.mjs';
import { banner, log } from './output.mjs';

export const FRONT_END_FILTERS = ['--filter', './shell', '--filter', './mf-*'];
const BUILD_FILTERS = [...FRONT_END_FILTERS, '--filter', './server'];
const FIXTURE_FILTERS = ['--filter', './e2e/fixtures/broken-remote'];
export const CONCURRENCY = '--workspace-concurrency=2'; // two cores here: two webpack builds at a time is the most that helps

export async function install(env = process.env) {
  const lockfile = fs.existsSync(path.join(ROOT, 'pnpm-lock.yaml'));
  const args = ['install', lockfile ? '--frozen-lockfile' : '--no-frozen-lockfile', '--prefer-offline', '--config.confirmModulesPurge=false'];
  const res = await pnpm(args, { env });
  if (res.code !== 0 && lockfile) {
    log('\npnpm install --frozen-lockfile failed: if a package.json changed, run `npx pnpm@' +
      pnpmCommand().args[1].split('@')[1] + ' install` and commit the updated pnpm-lock.yaml.');
  }
  return res;
}

export async function buildPackages({ withFixture = false, env = process.env } = {}) {
  const filters = withFixture ? [...BUILD_FILTERS, ...FIXTURE_FILTERS] : BUILD_FILTERS;
  return pnpm(['-r', CONCURRENCY, ...filters, 'run', 'build'], { env });
}

export function assembleStep() {
  try {
    assemble();
    return { code: 0 };
  } catch (err) {
    console.error(`\n${err.message}`);
    return { code: 1 };
  }
}

export async function installAndBuild({ withFixture = false, env } = {}) {
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
