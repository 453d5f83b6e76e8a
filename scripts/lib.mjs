// Small helpers shared by the developer scripts. Node builtins only: these run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The five remotes: package folder -> federation name. The shell is `shell`. */
export const REMOTES = [
  { dir: 'mf-accounts', name: 'mf_accounts' },
  { dir: 'mf-trading', name: 'mf_trading' },
  { dir: 'mf-stocks', name: 'mf_stocks' },
  { dir: 'mf-invest', name: 'mf_invest' },
  { dir: 'mf-c2c', name: 'mf_c2c' },
];

export function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** pnpm is not on PATH: run the exact version pinned by "packageManager" through npx. */
export function pnpmCommand() {
  const pm = readJson(path.join(ROOT, 'package.json')).packageManager || '';
  const match = /^pnpm@([^+\s]+)/.exec(pm);
  if (!match) throw new Error(`package.json "packageManager" does not pin pnpm (found "${pm}")`);
  return { cmd: 'npx', args: ['--yes', `pnpm@${match[1]}`] };
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Run a command, streaming its output to ours. Resolves with { code, signal, output } where output is
 * everything it printed (stdout and stderr), so callers can read test counts from it. Never rejects on a
 * non-zero exit: callers decide.
 */
export function run(cmd, args, { cwd = ROOT, env = process.env, capture = false, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: capture || quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    const onData = (stream) => (data) => {
      if (capture) chunks.push(data);
      if (!quiet) stream.write(data);
    };
    if (child.stdout) child.stdout.on('data', onData(process.stdout));
    if (child.stderr) child.stderr.on('data', onData(process.stderr));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

export function runSync(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
}

export function pnpm(args, opts) {
  const { cmd, args: pre } = pnpmCommand();
  return run(cmd, [...pre, ...args], opts);
}

/**
 * Does something answer on host:port? Without `hello`, a TCP connect is the answer; with it, `hello` is sent and
 * the first bytes back must satisfy `expect` (a protocol's greeting, so a stray listener is not taken for it).
 * @param {{ timeoutMs?: number, hello?: Buffer, expect?: (data: Buffer) => boolean }} [options]
 * @returns {Promise<boolean>}
 */
export function tcpAnswers(host, port, { timeoutMs = 1000, hello, expect = () => true } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => (hello ? socket.write(hello) : done(true)));
    socket.on('data', (data) => done(expect(data)));
  });
}

/** Ask the OS for a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url, { timeoutMs = 60_000, intervalMs = 200, isAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`process exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return res;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError?.message ?? 'no answer'})`);
}

export function formatMs(ms) {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** Is this module the script node was started with? */
export function isMain(metaUrl) {
  return process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(metaUrl);
}
