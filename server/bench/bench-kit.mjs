// The frame the server benchmarks share: child processes (the real server, a bare comparison server) started on
// loopback and always killed, a hard deadline that ends a stuck run, and a throw-away data folder. Each bench
// keeps only what it measures.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** This checkout's server folder; BENCH_SERVER_DIR measures another checkout's (e.g. main) the same way. */
export const SERVER_DIR = path.resolve(process.env.BENCH_SERVER_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

const children = new Set();

function track(child) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** A free loopback port (the server logs at the level it is deployed with, so its start line cannot be relied on). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the real server (src/main.ts through tsx, the workspace packages from source) on a free loopback port, once /health answers; its logs are discarded (still written: their cost is part of what is measured). */
export async function startServer(env) {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise((_, reject) => child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${stderr}`))));
  for (let attempt = 0; attempt < 300; attempt++) {
    const ready = await Promise.race([fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false), exited]);
    if (ready) return { child, port };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('server did not become healthy in 90 s');
}

/**
 * Runs `source` as an inline module in the server folder (so it finds the server's own packages, e.g. `ws`): the
 * bare server a bench compares against. It prints "bare listening on <port>" once ready.
 */
export function startBareServer(source, env) {
  const child = track(spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /bare listening on (\d+)/.exec(output);
      if (match) resolve({ child, port: Number(match[1]) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}:\n${output.slice(-2000)}`)));
  });
}

/** a / b to two places, for the ratio lines a bench ends on. */
export const ratio = (a, b) => (b === 0 ? (a === 0 ? '1.00' : 'n/a') : (a / b).toFixed(2));

/**
 * Runs a bench with a throw-away data folder; every child is killed and the folder removed however it ends, and
 * the whole run is stopped (exit 2) after `deadlineSeconds`.
 */
export async function runBench(deadlineSeconds, bench) {
  const hardDeadline = setTimeout(() => {
    console.error('bench: hard deadline reached, stopping');
    for (const child of children) child.kill('SIGKILL');
    process.exit(2);
  }, deadlineSeconds * 1000);
  hardDeadline.unref();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  try {
    await bench(dataDir);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    clearTimeout(hardDeadline);
  }
}

/** The value at percentile `p` of ascending `sorted`. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs measured apart, taken as one: calls per second over their time, percentiles over all their latencies. */
export function summary(runs) {
  const n = runs.reduce((sum, r) => sum + r.n, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  return { n, seconds, times, perSecond: n / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Calls `once(i)` n times, `concurrency` at a time, and times each call. */
export async function timed(n, concurrency, once) {
  const times = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      const t = performance.now();
      await once(i);
      times.push(performance.now() - t);
    }
  }));
  return summary([{ n, seconds: (performance.now() - start) / 1000, times }]);
}

/**
 * Wraps a Db so that every statement it sends is counted: a round trip is a query or exec, and a top-level
 * transaction adds its BEGIN and COMMIT (nested transaction() calls join the outer one, as the adapters do).
 * `transactions` lists each top-level transaction's statement count (BEGIN and COMMIT included).
 */
export function countingDb(db) {
  // `sql`: the statements themselves (their first line), for BENCH_SQL=1
  const counts = { statements: 0, transactions: [], sql: [] };
  const wrap = (inner, onStatement) => ({
    kind: inner.kind,
    query: (sql, params) => (onStatement(), counts.sql.push(sql.trim().split('\n')[0]), inner.query(sql, params)),
    exec: (sql) => (onStatement(), counts.sql.push(sql.trim().split('\n')[0]), inner.exec(sql)),
    transaction: (fn) => fn(wrap(inner, onStatement)),
    close: () => inner.close(),
  });
  const outer = {
    ...wrap(db, () => counts.statements++),
    transaction: async (fn) => {
      let n = 2;
      counts.statements += 2;
      try {
        return await db.transaction((tx) => fn(wrap(tx, () => (n++, counts.statements++))));
      } finally {
        counts.transactions.push(n);
      }
    },
  };
  const reset = () => {
    counts.statements = 0;
    counts.transactions = [];
    counts.sql = [];
  };
  return { db: outer, counts, reset };
}
