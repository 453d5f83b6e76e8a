#!/usr/bin/env node
// The single entry behind the root package.json scripts. Node builtins only: it runs before anything is installed.
//
//   node scripts/platform.mjs start [--skip-build]   install, build, assemble, run the server in the foreground
//   node scripts/platform.mjs build                  install, build, assemble build/public
//   node scripts/platform.mjs test                   install, typecheck, lint, jest, server tests (PGlite and
//                                                    PostgreSQL), build, e2e in Chromium; prints "N passed, N failed"
//                                                    [--keep-going] [--only=install,typecheck,lint,scripts,unit,server,server-pg,build,e2e]
//   node scripts/platform.mjs cluster [--processes=3] [--port=8080]  PostgreSQL, Redis and nginx (Debian's packages)
//                                                    and N server processes behind nginx (scripts/cluster.mjs)
//   node scripts/platform.mjs dev                    server in watch mode + webpack dev servers of shell and remotes
//   node scripts/platform.mjs bench [--skip-build]   build, then bundle sizes (scripts/bench-bundles.mjs) and cold
//                                                    route loads in Chromium (scripts/bench-routes.mjs), then the
//                                                    trading benchmarks (server/bench/triggers.mjs, orders.mjs)
//                                                    and the market read routes (server/bench/ticker-list.mjs)
import { bench } from './platform/bench.mjs';
import { dev } from './platform/dev.mjs';
import { start } from './platform/start.mjs';
import { installAndBuild } from './platform/steps.mjs';
import { test } from './platform/test.mjs';

/** Command -> what it runs (with the arguments after it). The steps themselves live in scripts/platform/. */
const COMMANDS = {
  start: (args) => start(args),
  build: async (args) => process.exit((await installAndBuild({ withFixture: args.includes('--with-fixture') })) ? 0 : 1),
  test: (args) => test(args),
  dev: () => dev(),
  bench: (args) => bench(args),
  cluster: async (args) => (await import('./cluster.mjs')).cluster(args),
};

const [command, ...rest] = process.argv.slice(2);
const runCommand = Object.hasOwn(COMMANDS, command ?? '') ? COMMANDS[command] : undefined;
if (!runCommand) {
  console.error(`usage: node scripts/platform.mjs <${Object.keys(COMMANDS).join('|')}>`);
  process.exit(2);
}
await runCommand(rest);
