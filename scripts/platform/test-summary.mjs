// The test command's closing table: each step's result, time and counts, then "N passed, N failed".
import { formatMs } from '../lib.mjs';
import { log } from './output.mjs';

/** A step failing without a failing test case (a compile, lint or type error, a crash) counts as one failure. */
export function printSummary(results, { failedStep, keepGoing }) {
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
    if (r.flaky) tests += `; ${r.flaky} flaky (passed when run again alone; named above)`;
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
}
