// The federation preset's shared config: a deployed remote takes the money entry from the shell (import: false,
// never a copy of its own); the shell and a development build (the standalone preview) provide one.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { sharedConfig, SHELL_PROVIDED } = require('../tooling/federation.cjs');

test('a deployed remote consumes @meridian/shared/money from the shell and bundles none', () => {
  assert.deepEqual([...SHELL_PROVIDED], ['@meridian/shared/money']);
  const remote = sharedConfig(path.join(root, 'mf-accounts'), { consumeOnly: true });
  assert.equal(remote['@meridian/shared/money'].import, false);
  assert.equal(remote['@meridian/shared/money'].singleton, true);
  assert.equal(remote['@meridian/shared/money'].strictVersion, true);
  // the rest keeps its fallback
  assert.equal(remote['@meridian/shared'].import, undefined);
  assert.equal(remote['decimal.js'].import, undefined);
});

test('the shell provides the money entry although none of its modules imports it; a development build keeps its own copy', () => {
  const shell = sharedConfig(path.join(root, 'shell'), { host: true });
  assert.equal(shell['@meridian/shared/money'].import, path.join(root, 'shared/src/money/index.ts'));
  assert.equal(sharedConfig(path.join(root, 'mf-accounts'))['@meridian/shared/money'].import, undefined);
});
