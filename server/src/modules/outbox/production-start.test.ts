import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

test('main.ts refuses to start in production without the code delivery providers, naming what is missing', async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, MERIDIAN_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
  for (const name of ['SMTP_URL', 'SMTP_FROM', 'SMS_WEBHOOK_URL', 'SMS_WEBHOOK_TOKEN', 'DATABASE_URL']) delete env[name];
  env.DATA_DIR = path.join(os.tmpdir(), `meridian-never-started-${process.pid}`);
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A server that starts anyway is stopped, and fails the assertions below.
  const stop = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(stop);
  assert.notEqual(code, 0);
  assert.match(stderr, /Production needs a provider for verification codes; set SMTP_URL \(e-mail codes\), SMS_WEBHOOK_URL \(SMS codes\)/);
});
