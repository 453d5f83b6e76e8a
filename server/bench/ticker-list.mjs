#!/usr/bin/env node
// Benchmark (not a test): the market's read routes (GET /api/market/getTickerList and getMarketPrice of one
// symbol) against a bare `node:http` server sending the same bodies, in the same run, each ratio printed beside its
// target with PASS/FAIL (BENCH_STRICT=1 makes a FAIL the exit code); then the bytes a /ws/market tick costs on the wire without and with permessage-deflate.
//
//   node server/bench/ticker-list.mjs            (from the repo root; or `pnpm bench:ticker-list` in server/)
//   BENCH_CONNECTIONS=20 BENCH_SECONDS=10 BENCH_ROUNDS=3 BENCH_TICKS=10 node server/bench/ticker-list.mjs
//   BENCH_SERVER_DIR=/path/to/another/server   measure another checkout's server (e.g. main) the same way
//   BENCH_LOG_LEVEL=warn                       the server's LOG_LEVEL (default: its own default, info)
//
// Phase 1 starts the real server (src/main.ts through tsx, loopback only, a throw-away PGlite data folder or
// DATABASE_URL if set) with its normal 1 s market tick, connects two /ws/market clients, one refusing
// compression, and counts the bytes each receives over BENCH_TICKS ticks. It then starts a bare `node:http`
// server in a child process that answers each route's path with the body the real server sent (or its brotli
// copy, compressed once). autocannon drives BENCH_CONNECTIONS keep-alive connections for BENCH_SECONDS against each,
// asking for identity and for brotli, alternating servers, BENCH_ROUNDS times; each keeps its best run.
// Bounded: fixed durations and connection counts, everything killed after a hard deadline.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { ratio, runBench, SERVER_DIR, startBareServer, startServer } from './bench-kit.mjs';

const CONNECTIONS = Math.min(200, Number(process.env.BENCH_CONNECTIONS ?? 20));
const SECONDS = Math.min(60, Number(process.env.BENCH_SECONDS ?? 5));
const ROUNDS = Math.min(5, Number(process.env.BENCH_ROUNDS ?? 2));
const TICKS = Math.min(60, Number(process.env.BENCH_TICKS ?? 8));
/**
 * The read routes every market screen polls, with their targets against bare node:http (issue 24): the whole
 * ticker list (large, compressed) and one symbol's price (small: per-request work is most of its cost).
 */
const ROUTES = [
  { name: 'getTickerList', path: '/api/market/getTickerList', encodings: ['identity', 'br'], target: 0.6 },
  { name: 'getMarketPrice', path: '/api/market/getMarketPrice?symbol=BTCUSDT', encodings: ['identity'], target: 0.85 },
];
const KEY = 'bench-key';

/** Requests per second over `seconds` with `connections` keep-alive connections; non-2xx answers count as errors. */
async function load(url, headers, seconds) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { perSecond: result.requests.average, errors: result.errors + result.non2xx + result.timeouts, bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total) };
}

/** The body and its encoding as a client accepting `encoding` gets it (fetch would decode it: use node:http). */
async function fetchRaw(url, encoding) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Bytes received on the wire (frames included) and in messages, per tick, over `ticks` ticks of /ws/market. */
async function streamBytes(url, ticks, perMessageDeflate) {
  const socket = new WebSocket(url, { perMessageDeflate });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  // Start counting at a message boundary, so the window holds whole ticks.
  await new Promise((resolve) => socket.once('message', resolve));
  // The TCP socket under ws (a private field): the only place the bytes on the wire show.
  const wire = socket._socket;
  const startRead = wire.bytesRead;
  let messages = 0;
  let payload = 0;
  await new Promise((resolve) => {
    socket.on('message', (data) => {
      messages++;
      payload += data.length;
      if (messages >= ticks) resolve();
    });
  });
  const read = wire.bytesRead - startRead;
  socket.terminate();
  return { wirePerTick: read / messages, payloadPerTick: payload / messages, extensions: socket.extensions || 'none' };
}

// One bare server answering each read route's path with the body the real server sent for it (and its brotli copy).
const BARE_SERVER = `
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
const bodies = new Map(Object.entries(JSON.parse(process.env.BENCH_BODIES)).map(([path, file]) => {
  const body = readFileSync(file);
  return [path, { body, br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) }];
}));
const server = createServer((req, res) => {
  const { body, br } = bodies.get(req.url);
  const brotli = body.length >= 1024 && /\\bbr\\b/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...(brotli ? { 'content-encoding': 'br' } : {}) });
  res.end(brotli ? br : body);
});
server.listen(0, '127.0.0.1', () => console.log('bare listening on ' + server.address().port));
`;

await runBench(SECONDS * 6 * ROUNDS + TICKS * 2 + 120, async (dataDir) => {
  console.log(`bench: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run, ${TICKS} stream ticks, loopback; server ${SERVER_DIR}`);
  const server = await startServer({
    DATA_DIR: dataDir,
    PUBLIC_DIR: dataDir,
    MARKET_STREAM_KEY: KEY,
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  });
  const base = `http://127.0.0.1:${server.port}`;
  const bodies = {};
  for (const route of ROUTES) {
    const plain = await fetchRaw(base + route.path);
    const brotli = await fetchRaw(base + route.path, 'br, gzip');
    console.log(`${route.name}: ${plain.body.length} bytes plain, ${brotli.body.length} bytes as ${brotli.encoding ?? 'identity (not compressed)'}`);
    bodies[route.path] = path.join(dataDir, `body-${route.name}.json`);
    writeFileSync(bodies[route.path], plain.body);
  }

  const wsUrl = `ws://127.0.0.1:${server.port}/ws/market?key=${KEY}`;
  const [uncompressed, deflated] = await Promise.all([streamBytes(wsUrl, TICKS, false), streamBytes(wsUrl, TICKS, true)]);

  const bareServer = await startBareServer(BARE_SERVER, { BENCH_BODIES: JSON.stringify(bodies) });
  const bareBase = `http://127.0.0.1:${bareServer.port}`;

  // Both servers run side by side and the runs alternate, each configuration keeping its best of ROUNDS, so
  // that load from elsewhere on the machine weighs on both alike; a short first run warms each one up.
  const runs = ROUTES.flatMap((route) =>
    route.encodings.flatMap((encoding) => {
      const headers = encoding === 'br' ? { 'accept-encoding': 'br' } : {};
      return [
        { key: `${route.name} ${encoding}|meridian`, url: base + route.path, headers },
        { key: `${route.name} ${encoding}|bare`, url: bareBase + route.path, headers },
      ];
    }),
  );
  for (const run of runs) await load(run.url, run.headers, 1);
  const best = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of runs) {
      const result = await load(run.url, run.headers, SECONDS);
      if (!best[run.key] || result.perSecond > best[run.key].perSecond) best[run.key] = result;
    }
  }
  server.child.kill('SIGTERM');
  bareServer.child.kill('SIGTERM');

  const row = (name, r) => `${name.padEnd(38)} ${r.perSecond.toFixed(0).padStart(8)} req/s  ${Math.round(r.bytesPerRequest).toString().padStart(7)} B/response  ${r.errors} errors`;
  let failed = false;
  for (const route of ROUTES) {
    for (const encoding of route.encodings) {
      const meridian = best[`${route.name} ${encoding}|meridian`];
      const bare = best[`${route.name} ${encoding}|bare`];
      console.log(row(`meridian ${route.name} (${encoding})`, meridian));
      console.log(row(`bare node:http (${encoding})`, bare));
      const value = meridian.perSecond / bare.perSecond;
      const pass = value >= route.target && meridian.errors === 0;
      failed ||= !pass;
      console.log(`  ratio meridian/bare ${ratio(meridian.perSecond, bare.perSecond)}x, target >= ${route.target}x: ${pass ? 'PASS' : 'FAIL'}`);
    }
  }
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `/ws/market per tick: uncompressed ${kib(uncompressed.wirePerTick)} on the wire (${kib(uncompressed.payloadPerTick)} JSON); ` +
      `${deflated.extensions} ${kib(deflated.wirePerTick)} on the wire (${kib(deflated.payloadPerTick)} JSON): ${ratio(deflated.wirePerTick, uncompressed.wirePerTick)}x the bytes`,
  );
  if (failed && process.env.BENCH_STRICT) process.exitCode = 1;
});
