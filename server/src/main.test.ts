import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { testStore, type TestStore } from './testing/test-db.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Running {
  child: ChildProcess;
  base: string;
  /** Resolves when the server logs a line that matches. */
  logged(match: (line: Record<string, unknown>) => boolean): Promise<void>;
  exited: Promise<number | null>;
}

let store: TestStore;
before(async () => {
  store = await testStore();
});
after(() => store.cleanup());

/** Starts src/main.ts as a real process on a free port, against this file's store. */
async function startServer(): Promise<Running> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...store.env,
      PORT: '0',
      HOST: '127.0.0.1',
      MERIDIAN_ENV: 'development',
      MERIDIAN_TEST_SLOW_ROUTE: '1',
      PUBLIC_DIR: store.env.DATA_DIR,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const waiters: { match: (line: Record<string, unknown>) => boolean; resolve: () => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, unknown>;
    for (const waiter of [...waiters]) {
      if (waiter.match(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  const logged = (match: (line: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve) => waiters.push({ match, resolve }));

  let base = '';
  await Promise.race([
    logged((line) => {
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(line.msg))?.[1];
      if (address) base = address;
      return Boolean(address);
    }),
    exited.then((code) => Promise.reject(new Error(`server exited with ${code} before listening`))),
  ]);
  return { child, base, logged, exited };
}

const requestLogged = (url: string) => (line: Record<string, unknown>) =>
  line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === url;

test('SIGTERM lets an in-flight request finish, closes websockets and the database, and exits 0', async () => {
  const server = await startServer();
  const socket = new WebSocket(`${server.base.replace('http', 'ws')}/ws/health`);
  await once(socket, 'message');
  const socketClosed = once(socket, 'close');

  const slowUrl = '/__test/slow?ms=1500';
  const inFlight = fetch(server.base + slowUrl);
  await server.logged(requestLogged(slowUrl));
  server.child.kill('SIGTERM');

  const response = await inFlight;
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { code: 0, msg: 'ok', data: { sleptMs: 1500 } });
  await socketClosed;
  const responded = Date.now();
  assert.equal(await server.exited, 0);
  // Without `Connection: close` the idle keep-alive connection would hold the exit for the 72 s keep-alive timeout.
  assert.ok(Date.now() - responded < 5000, 'exits promptly once the request is answered');
  await assert.rejects(fetch(`${server.base}/health`), 'the port no longer accepts connections');
});

test('a second signal exits at once without waiting for in-flight requests', async () => {
  const server = await startServer();
  const slowUrl = '/__test/slow?ms=8000';
  const inFlight = fetch(server.base + slowUrl).catch((error: unknown) => error);
  await server.logged(requestLogged(slowUrl));
  const started = Date.now();
  server.child.kill('SIGTERM');
  await server.logged((line) => line.msg === 'shutting down');
  server.child.kill('SIGINT');

  assert.equal(await server.exited, 1);
  assert.ok(Date.now() - started < 5000);
  assert.ok((await inFlight) instanceof Error, 'the in-flight request was cut off');
});

/** Runs `pnpm ops` (src/ops/cli.ts) as an operator would, against this file's store. */
async function ops(argv: string[], stdin = ''): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/ops/cli.ts', ...argv], {
    cwd: serverDir,
    env: { ...process.env, ...store.env, MERIDIAN_OPERATOR: 'ops-carol', LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin!.end(stdin);
  const [code] = await once(child, 'exit');
  return { code: code as number | null, out, err };
}

test('pnpm ops reaches the running server through its operator socket, with the same rules and audit', async () => {
  const server = await startServer();
  try {
    const verified = await ops(['ledger', 'verify']);
    assert.equal(verified.code, 0, verified.err);
    assert.match(verified.out, /Ledger OK/);
    const refused = await ops(['kyc:approve', '999999']);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /No KYC submission 999999/);
    const published = await ops(['news:publish', 'Operator channel check', '-'], '<p>Sent <b>through</b> the socket</p>');
    assert.equal(published.code, 0, published.err);
    const audit = await ops(['audit', '1']);
    assert.match(audit.out, /ops-carol {2}news:publish/);
    const news = (await (await fetch(`${server.base}/asset/api/news/latestNew`)).json()) as { data: { title: string } };
    assert.equal(news.data.title, 'Operator channel check');
  } finally {
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0);
  }
  // With the server stopped, the command opens the store itself.
  const offline = await ops(['ledger', 'verify']);
  assert.equal(offline.code, 0, offline.err);
  assert.match(offline.out, /Ledger OK/);
});
