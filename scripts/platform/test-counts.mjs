// How many tests passed and failed, read from jest's and node --test's output (the test command's summary).
// eslint-disable-next-line no-control-regex -- ANSI colour codes are exactly what is stripped
const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

/** jest: "Tests:       1 failed, 2 skipped, 40 passed, 43 total" (one line per package). */
export function jestCounts(output) {
  let passed = 0;
  let failed = 0;
  for (const m of stripAnsi(output).matchAll(/Tests:\s+([^\n]*?\d+ total)/g)) {
    passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
  }
  return { passed, failed };
}

/** node --test: TAP "# pass 12" / "# fail 0", or the spec reporter's "ℹ pass 12". */
export function nodeTestCounts(output) {
  let passed = 0;
  let failed = 0;
  for (const m of stripAnsi(output).matchAll(/(?:^|\s)[#ℹ] (pass|fail) (\d+)[ \t]*$/gm)) {
    if (m[1] === 'pass') passed += Number(m[2]);
    else failed += Number(m[2]);
  }
  return { passed, failed };
}
