// The e2e step: each test file in its own `node --test` process, two at a time (each file starts its own server,
// data folder and Chromium), its output printed whole when it ends so two files never interleave. A file that fails
// is run once more alone: a browser suite on a loaded two-core machine has timing failures that say nothing about
// the product, and a rerun that passes is reported as flaky by name, never hidden; one that fails again fails the step.
import { formatMs } from '../lib.mjs';
import { nodeTestCounts } from './test-counts.mjs';

/** The names of the failed test cases in a TAP output (`not ok N - name`, at any depth). */
export function failedTestNames(tap) {
  return [...tap.matchAll(/^\s*not ok \d+ - (.+)$/gm)].map((m) => m[1].trim());
}

/**
 * Runs `files` with `runFile(file) → {code, output}` at most `concurrency` at a time, then each failed file once
 * more alone. Returns the step's code, every output in order, counts from each file's last run, and the flaky ones.
 * @param {string[]} files
 * @param {{ runFile: (file: string) => Promise<{code: number, output: string}>, concurrency?: number, print?: (s: string) => void }} options
 */
export async function runE2eFiles(files, { runFile, concurrency = 2, print = (s) => process.stdout.write(s) }) {
  const outputs = [];
  const timed = async (file, label) => {
    const t0 = Date.now();
    const res = await runFile(file);
    const text = `\n── ${file}${label} · ${res.code === 0 ? 'passed' : 'FAILED'} · ${formatMs(Date.now() - t0)}\n${res.output}`;
    outputs.push(text);
    print(text);
    return res;
  };

  const last = new Map();
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) last.set(file, await timed(file, ''));
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, worker));

  const flaky = [];
  for (const file of files.filter((f) => last.get(f).code !== 0)) {
    const first = last.get(file);
    const again = await timed(file, ' (run again alone, once)');
    last.set(file, again);
    if (again.code === 0) flaky.push({ file, tests: failedTestNames(first.output) });
  }

  const counts = { passed: 0, failed: 0 };
  for (const file of files) {
    const { passed, failed } = nodeTestCounts(last.get(file).output);
    counts.passed += passed;
    counts.failed += failed;
  }
  const failedFiles = files.filter((f) => last.get(f).code !== 0);
  if (flaky.length) {
    const lines = flaky.map(({ file, tests }) => `  ${file}: ${tests.length ? tests.join('; ') : '(no test case named: the file itself failed)'}`);
    const text = `\nflaky: failed, then passed when run again alone:\n${lines.join('\n')}\n`;
    outputs.push(text);
    print(text);
  }
  return { code: failedFiles.length ? 1 : 0, output: outputs.join(''), counts, flaky, failedFiles };
}
