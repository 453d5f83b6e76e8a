// `bench`: build (unless --skip-build), then bundle sizes, cold route loads in Chromium, and the trading benchmarks.
import path from 'node:path';
import { ensureChromium } from '../ensure-chromium.mjs';
import { ROOT, run } from '../lib.mjs';
import { log } from './output.mjs';
import { installAndBuild } from './steps.mjs';

export async function bench(args) {
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
  // and the market read routes against bare node:http (issue 24)
  for (const script of ['triggers.mjs', 'orders.mjs', 'ticker-list.mjs']) {
    const result = await run(process.execPath, ['--conditions=source', '--import', 'tsx', path.join('bench', script)], { cwd: path.join(ROOT, 'server') });
    if (result.code !== 0) process.exit(result.code);
  }
  if (budgetMissed) log('\n✗ a route missed its target (see "Targets" above)');
  process.exit(budgetMissed ? 2 : 0);
}
