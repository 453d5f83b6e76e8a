// The test command's counts, read from jest's and node --test's output (scripts/platform/test-counts.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jestCounts, nodeTestCounts } from './platform/test-counts.mjs';

test('jest: every package line adds up, colours stripped', () => {
  const output = 'Tests:       1 failed, 2 skipped, 40 passed, 43 total\n\x1b[1mTests:\x1b[22m       \x1b[32m7 passed\x1b[39m, 7 total\n';
  assert.deepEqual(jestCounts(output), { passed: 47, failed: 1 });
});

test('node --test: TAP and spec reporter totals', () => {
  assert.deepEqual(nodeTestCounts('# pass 12\n# fail 0\nℹ pass 3\nℹ fail 2\n'), { passed: 15, failed: 2 });
});
