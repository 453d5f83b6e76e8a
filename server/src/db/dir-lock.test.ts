import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { acquireDirLock } from './dir-lock.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-lock-'));
});
after(() => rm(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, 'meridian.lock');

test('one holder at a time; release frees the folder', async () => {
  const lock = await acquireDirLock(dir);
  assert.equal(await readFile(lockFile(), 'utf8'), String(process.pid));
  await assert.rejects(acquireDirLock(dir), /already open in this process/);
  await lock.release();
  await (await acquireDirLock(dir)).release();
});

test('a lock held by another running process is refused; one left by a dead process is taken over', async () => {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  try {
    await writeFile(lockFile(), String(other.pid));
    await assert.rejects(acquireDirLock(dir), new RegExp(`in use by process ${other.pid}`));
  } finally {
    other.kill();
    await once(other, 'exit');
  }
  const lock = await acquireDirLock(dir);
  assert.equal(await readFile(lockFile(), 'utf8'), String(process.pid));
  await lock.release();
});
