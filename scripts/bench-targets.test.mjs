// The route bench's verdict (scripts/bench-routes.mjs): the budgets of issue 10 §5, checked on measured rows.
// Run: node --test scripts/bench-targets.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TARGETS, TIMING_TARGETS, targetMisses, targetResults, timingResults } from './bench-routes.mjs';

const row = (name, jsWireCounted, cls = 0) => ({ name, jsWireCounted, cls });

test('home is held to 180 KiB, every other route to 250 KiB, and every route to no layout shift', () => {
  const results = targetResults([row('home', TARGETS.homeJs), row('quote', TARGETS.otherJs), row('wallet', 1000)]);
  assert.deepEqual(targetMisses(results), []);
  assert.ok(results.every((t) => t.jsOk && t.clsOk));
});

test('one byte over a budget, or any layout shift, is a miss naming the route', () => {
  const misses = targetMisses(targetResults([row('home', TARGETS.homeJs + 1), row('chart', TARGETS.otherJs + 1), row('wallet', 1000, 0.001)]));
  assert.equal(misses.length, 3);
  assert.match(misses[0], /^home: JS transferred 180\.0 KiB > 180\.0 KiB$/);
  assert.match(misses[1], /^chart: JS transferred/);
  assert.match(misses[2], /^wallet: CLS 0\.001 > 0\.00$/);
});

test('a route other than home is not held to home’s budget', () => {
  assert.deepEqual(targetMisses(targetResults([row('trade', TARGETS.homeJs + 10 * 1024)])), []);
});

test('a library loaded twice is a miss; the per-build federation glue is not', () => {
  const glue = { name: '@module-federation/webpack-bundler-runtime', versions: ['2.9.2'], scripts: ['/main.js', '/remotes/mf_trading/0.1.0/remoteEntry.js'] };
  const decimal = { name: 'decimal.js', versions: ['10.6.0'], scripts: ['/platform.js', '/remotes/mf_trading/0.1.0/1.js'] };
  const runtimeCore = { name: '@module-federation/runtime-core', versions: ['2.9.2'], scripts: ['/main.js', '/remotes/mf_trading/0.1.0/remoteEntry.js'] };
  const twoVersions = { ...glue, versions: ['2.9.2', '2.8.0'] };
  assert.deepEqual(targetMisses(targetResults([{ ...row('home', 1000), duplicates: [glue] }])), []);
  const misses = targetMisses(targetResults([{ ...row('quote', 1000), duplicates: [glue, decimal, runtimeCore, twoVersions] }]));
  assert.deepEqual(misses, ['quote: loaded twice: decimal.js, @module-federation/runtime-core, @module-federation/webpack-bundler-runtime']);
});

test('timing: LCP within 2× the baseline on every route, and the chart with no task over 50 ms', () => {
  const baseline = { lcp: 1000 };
  const [home, chart, slowChart] = timingResults(baseline, [
    { name: 'home', lcp: 2000, longest: 300, tbt: 250 },
    { name: 'chart', lcp: 2001, longest: TIMING_TARGETS.chartLongestTask, tbt: 0 },
    { name: 'chart', lcp: 500, longest: 51, tbt: 1 },
  ]);
  assert.ok(home.lcpOk && home.longestOk, 'only the chart is held to the long-task target');
  assert.ok(!chart.lcpOk && chart.longestOk);
  assert.ok(slowChart.lcpOk && !slowChart.longestOk);
});
