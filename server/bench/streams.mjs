#!/usr/bin/env node
// Benchmark (not a test): /ws/market delivery against a bare `ws` broadcast of the same messages, same run.
//
//   node server/bench/streams.mjs            (from the repo root; or `node bench/streams.mjs` in server/)
//   BENCH_CLIENTS=50 BENCH_SECONDS=10 BENCH_TICK_MS=100 node server/bench/streams.mjs
//
// Phase 1 starts the real server (bench-kit.mjs: src/main.ts through tsx, loopback only, a throw-away PGlite data
// folder or DATABASE_URL if set) with MARKET_TICK_MS=BENCH_TICK_MS, connects N clients to /ws/market and records every
// message for BENCH_SECONDS. Phase 2 starts a bare `ws` server in a child process that broadcasts the recorded
// messages at the same interval to N clients. Both phases measure delivered messages per second and delivery
// lag (receive time minus the newest quote `time` in the message; the bare server stamps its send time there).
// Bounded: fixed duration and client count, everything killed after a hard deadline.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { percentile as percentileOf, ratio, runBench, startBareServer, startServer } from './bench-kit.mjs';

const CLIENTS = Math.min(500, Number(process.env.BENCH_CLIENTS ?? 50));
const SECONDS = Math.min(60, Number(process.env.BENCH_SECONDS ?? 10));
const TICK_MS = Math.max(10, Number(process.env.BENCH_TICK_MS ?? 100));
const KEY = 'bench-key';

const percentile = (sorted, p) => (sorted.length ? percentileOf(sorted, p) : NaN);

/** Connects n clients, runs for `seconds`, returns messages/s and lag percentiles; `record` keeps client 0's messages. */
async function measure(url, n, seconds, record) {
  const lags = [];
  let delivered = 0;
  let measuring = false;
  const sockets = await Promise.all(
    Array.from({ length: n }, (_, i) => new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.on('open', () => resolve(socket));
      socket.on('error', reject);
      socket.on('message', (raw) => {
        if (!measuring) return;
        const now = Date.now();
        const text = raw.toString();
        const quotes = JSON.parse(text);
        let newest = 0;
        for (const q of quotes) if (q.time > newest) newest = q.time;
        lags.push(now - newest);
        delivered++;
        if (i === 0 && record) record.push(text);
      });
    })),
  );
  measuring = true;
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring = false;
  const elapsed = (Date.now() - started) / 1000;
  for (const socket of sockets) socket.terminate();
  lags.sort((a, b) => a - b);
  return { perSecond: delivered / elapsed, p50: percentile(lags, 50), p95: percentile(lags, 95), p99: percentile(lags, 99), delivered };
}

const BARE_SERVER = `
import { readFileSync } from 'node:fs';
import { WebSocketServer } from 'ws';
const messages = JSON.parse(readFileSync(process.env.BENCH_MESSAGES, 'utf8'));
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('listening', () => console.log('bare listening on ' + wss.address().port));
let i = 0;
setInterval(() => {
  const quotes = JSON.parse(messages[i++ % messages.length]);
  const now = Date.now();
  for (const q of quotes) q.time = now;
  const payload = JSON.stringify(quotes);
  for (const client of wss.clients) client.send(payload);
}, Number(process.env.BENCH_TICK_MS));
`;

await runBench(SECONDS * 2 + 90, async (dataDir) => {
  console.log(`bench: ${CLIENTS} clients, ${SECONDS} s per phase, tick ${TICK_MS} ms, loopback`);
  const server = await startServer({ DATA_DIR: dataDir, PUBLIC_DIR: dataDir, MARKET_TICK_MS: String(TICK_MS), MARKET_STREAM_KEY: KEY });
  const recorded = [];
  const meridian = await measure(`ws://127.0.0.1:${server.port}/ws/market?key=${KEY}`, CLIENTS, SECONDS, recorded);
  server.child.kill('SIGTERM');

  const file = path.join(dataDir, 'messages.json');
  writeFileSync(file, JSON.stringify(recorded.length ? recorded : ['[]']));
  const bareServer = await startBareServer(BARE_SERVER, { BENCH_MESSAGES: file, BENCH_TICK_MS: String(TICK_MS) });
  const bare = await measure(`ws://127.0.0.1:${bareServer.port}`, CLIENTS, SECONDS);
  bareServer.child.kill('SIGTERM');

  const bytes = recorded.reduce((sum, m) => sum + m.length, 0) / Math.max(1, recorded.length);
  const row = (name, r) =>
    `${name.padEnd(22)} ${r.perSecond.toFixed(1).padStart(9)} msg/s   lag p50 ${String(r.p50).padStart(4)} ms  p95 ${String(r.p95).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  (${r.delivered} messages)`;
  console.log(`average message: ${Math.round(bytes)} bytes (${recorded.length} ticks recorded)`);
  console.log(row('meridian /ws/market', meridian));
  console.log(row('bare ws broadcast', bare));
  console.log(
    `ratio meridian/bare: throughput ${ratio(meridian.perSecond, bare.perSecond)}x, lag p50 ${ratio(meridian.p50, bare.p50)}x, p95 ${ratio(meridian.p95, bare.p95)}x, p99 ${ratio(meridian.p99, bare.p99)}x`,
  );
});
