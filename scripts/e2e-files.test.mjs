// The e2e step's file runner (scripts/platform/e2e-files.mjs): two at a time, a failed file once more alone, flaky
// files named, a file that fails twice fails the step.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failedTestNames, runE2eFiles } from './platform/e2e-files.mjs';

const tap = (passed, failedNames = []) =>
  `${failedNames.map((n, i) => `not ok ${i + 1} - ${n}\n  ---\n  location: 'x'\n  ...`).join('\n')}\n# pass ${passed}\n# fail ${failedNames.length}\n`;

function fakeFiles(plan) {
  const calls = [];
  let running = 0;
  let most = 0;
  const runFile = async (file) => {
    calls.push(file);
    running += 1;
    most = Math.max(most, running);
    await new Promise((r) => setTimeout(r, 5));
    running -= 1;
    const answer = plan[file].shift();
    return { code: answer.failed.length ? 1 : 0, output: tap(answer.passed, answer.failed) };
  };
  return { runFile, calls, most: () => most };
}

test('every file passes: each runs once, two at a time, counts summed', async () => {
  const f = fakeFiles({ a: [{ passed: 3, failed: [] }], b: [{ passed: 2, failed: [] }], c: [{ passed: 1, failed: [] }] });
  const res = await runE2eFiles(['a', 'b', 'c'], { runFile: f.runFile, print: () => {} });
  assert.deepEqual([res.code, res.counts, res.flaky, f.calls.sort(), f.most()], [0, { passed: 6, failed: 0 }, [], ['a', 'b', 'c'], 2]);
});

test('a file that fails, then passes alone: the step passes, its failed test named as flaky, counted by its last run', async () => {
  const f = fakeFiles({ a: [{ passed: 2, failed: ['desktop: the proof'] }, { passed: 3, failed: [] }], b: [{ passed: 1, failed: [] }] });
  const lines = [];
  const res = await runE2eFiles(['a', 'b'], { runFile: f.runFile, print: (s) => lines.push(s) });
  assert.equal(res.code, 0);
  assert.deepEqual(res.counts, { passed: 4, failed: 0 });
  assert.deepEqual(res.flaky, [{ file: 'a', tests: ['desktop: the proof'] }]);
  assert.equal(f.calls.filter((c) => c === 'a').length, 2);
  assert.match(lines.join(''), /flaky: failed, then passed when run again alone:\n {2}a: desktop: the proof/);
});

test('a file that fails twice fails the step, with its last failures counted; it is run again only once', async () => {
  const f = fakeFiles({ a: [{ passed: 1, failed: ['x'] }, { passed: 1, failed: ['x'] }], b: [{ passed: 1, failed: [] }] });
  const res = await runE2eFiles(['a', 'b'], { runFile: f.runFile, print: () => {} });
  assert.deepEqual([res.code, res.counts, res.flaky, res.failedFiles], [1, { passed: 2, failed: 1 }, [], ['a']]);
  assert.equal(f.calls.length, 3);
});

test('failed test names are read at any depth of the TAP output', () => {
  assert.deepEqual(failedTestNames('ok 1 - fine\n    not ok 2 - inner one\nnot ok 3 - outer\n'), ['inner one', 'outer']);
});
