#!/usr/bin/env node
// Benchmark (not a test): perpetual market orders end to end over HTTP (request → validation → ledger posting →
// receipt → reply) against GET /health on the same server in the same run, on PGlite and, when BENCH_DATABASE_URL
// names a PostgreSQL server, on PostgreSQL; then the tick-to-positions-stream latency with 1,000 open positions.
//
//   node --conditions=source --import tsx server/bench/orders.mjs
//   BENCH_ORDERS=300 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --conditions=source --import tsx server/bench/orders.mjs
//
// The app is the real one (every module) on a scripted market feed, listening on loopback; the clients are in the
// same process (HTTP keep-alive, BENCH_CONCURRENCY at once), so both figures carry the same client cost and the
// ratio is what placing an order costs over a bare route. The orders run twice: first with the platform-wide rows
// every fill writes (the receipt chain's head, the fees account) written where the fill asks for them and so
// locked until the commit (finalStepsAtOnce: how every fill was serialised before), then as the engine does it
// (as the transaction's last step); the ratio of the two is what that buys (PGlite runs one transaction at a
// time, so there it should be about 1×); and a third time with the platform's broker/fees legs on one account per
// (mode, asset) as before migration 0070 (onePlatformBucket) against the buckets. Before them, a few orders one at a
// time with every statement the app sends counted (countingDb): the round trips per order and in its transaction.
// Latency: a position opened with a take-profit just above
// the mark, among 1,000 other open positions with TP/SL far away, and a tick that crosses it; measured from the
// tick's emission to the POSITION_CLOSE on the owner's /ws/positions socket.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { countingDb, percentile, summary, timed } from './bench-kit.mjs';
import { testApp } from '../src/testing/app.ts';
import { testDb } from '../src/testing/test-db.ts';
import { manualClock, registerUser } from '../src/modules/identity/test-support.ts';
import { onePlatformBucket, PLATFORM, post } from '../src/modules/ledger/ledger.ts';
import { finalStepsAtOnce } from '../src/modules/platform/user-events.ts';
import { verifyReceipts } from '../src/modules/trading/receipts.ts';
import { scriptedModules, verifyKyc } from '../src/modules/trading/test-support.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const OPEN_POSITIONS = Number(process.env.BENCH_POSITIONS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const ROUND_TRIP_ORDERS = Number(process.env.BENCH_ROUND_TRIP_ORDERS ?? 20);

async function run(label, url) {
  if (url) process.env.TEST_DATABASE_URL = url;
  else delete process.env.TEST_DATABASE_URL;
  const store = await testDb();
  // every statement the app sends is counted (round trips per order, below); the bench's own reads go around it
  const counted = countingDb(store.db);
  const db = store.db;
  const time = manualClock();
  const scripted = scriptedModules();
  const app = await testApp({ loginSlowdownMs: 0, orderLimits: { perMinute: 1_000_000, maxOpen: 1_000_000 } }, { db: counted.db, clock: time.clock, modules: scripted.modules, jobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const feed = scripted.feed();
  const engine = scripted.engine();
  try {
    feed.set('BTCUSDT', { bid: '49999', ask: '50001', last: '50000' });
    feed.emit('BTCUSDT');
    const traders = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const user = await registerUser(app, db);
      await verifyKyc(db, user.uid);
      await post(db, { key: `bench-fund:${user.uid}`, cause: { type: 'deposit', id: 'bench' }, moves: [
        { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: user.uid, mode: 'real', wallet: 'contract', asset: 'USDT' }, amount: '100000000' },
      ] }, time.clock());
      await fetch(`${base}/asset/api/contract/settings`, { method: 'POST', headers: { token: user.token, 'content-type': 'application/json' }, body: JSON.stringify({ positionMode: 'split' }) });
      traders.push(user);
    }
    const order = async (i) => {
      const user = traders[i % traders.length];
      const response = await fetch(`${base}/asset/api/contract/openPosition`, {
        method: 'POST',
        headers: { token: user.token, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT', side: i % 2 ? 'long' : 'short', type: 'market', quantity: '0.001', leverage: 10, requestId: `bench-${label}-${i}-${Math.random().toString(36).slice(2, 10)}` }),
      });
      const body = await response.json();
      if (body.code !== 0) throw new Error(`order refused: ${body.msg}`);
    };
    const health = async () => {
      const response = await fetch(`${base}/health`);
      await response.arrayBuffer();
    };
    await timed(20, CONCURRENCY, order); // warm-up
    await timed(50, CONCURRENCY, health);
    // round trips: ROUND_TRIP_ORDERS orders one at a time, every statement the app sent for them counted
    const perOrder = [];
    for (let i = 0; i < ROUND_TRIP_ORDERS; i++) {
      counted.reset();
      await order(i);
      perOrder.push({ statements: counted.counts.statements, transactions: counted.counts.transactions.length, largest: Math.max(0, ...counted.counts.transactions) });
      if (process.env.BENCH_SQL && i === ROUND_TRIP_ORDERS - 1) console.log(counted.counts.sql.map((sql, n) => `  ${n + 1}. ${sql.slice(0, 140)}`).join('\n'));
    }
    const mean = (pick) => perOrder.reduce((sum, o) => sum + pick(o), 0) / perOrder.length;
    const trips = {
      perOrder: mean((o) => o.statements),
      transactionsPerOrder: mean((o) => o.transactions),
      // the order's own transaction: the largest of its transactions (the others are reads and after-commit work)
      orderTransaction: mean((o) => o.largest),
    };
    console.log(`${label}: round trips per market order: ${trips.perOrder.toFixed(1)} statements in all (${trips.transactionsPerOrder.toFixed(1)} transactions), ` +
      `${trips.orderTransaction.toFixed(1)} in the order's transaction (BEGIN and COMMIT included; ${ROUND_TRIP_ORDERS} orders one at a time)`);
    // A B C C B A, so that a drift over the run (a growing table, a busy machine) weighs on each the same.
    // B: as the engine does it; A: the hot rows written where the fill asks for them (locked until the commit);
    // C: B with the platform's broker/fees legs on one account per (mode, asset), as before migration 0070.
    const half = Math.ceil(ORDERS / 2);
    const segment = async ({ atOnce = false, oneBucket = false }) => {
      finalStepsAtOnce(atOnce);
      onePlatformBucket(oneBucket);
      try {
        return await timed(half, CONCURRENCY, order);
      } finally {
        finalStepsAtOnce(false);
        onePlatformBucket(false);
      }
    };
    const a1 = await segment({ atOnce: true });
    const b1 = await segment({});
    const c1 = await segment({ oneBucket: true });
    const c2 = await segment({ oneBucket: true });
    const b2 = await segment({});
    const a2 = await segment({ atOnce: true });
    const eager = summary([a1, a2]);
    const orders = summary([b1, b2]);
    const single = summary([c1, c2]);
    const bare = await timed(ORDERS * 4, CONCURRENCY, health);
    const chain = await verifyReceipts(db);
    if (!chain.ok) throw new Error(`the receipt chain does not verify: ${chain.problems.slice(0, 3).join('; ')}`);
    const figures = (r) => `${r.perSecond.toFixed(0)}/s (p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms)`;
    console.log(`${label}: market orders ${figures(orders)}; with the hot rows locked from fill to commit (before) ${figures(eager)}; ` +
      `throughput ${(orders.perSecond / eager.perSecond).toFixed(2)}×, p99 ${(eager.p99 / orders.p99).toFixed(2)}× lower; ` +
      `with one broker/fees account per asset (before 0070) ${figures(single)}; throughput ${(orders.perSecond / single.perSecond).toFixed(2)}×, p99 ${(single.p99 / orders.p99).toFixed(2)}× lower; ` +
      `GET /health ${bare.perSecond.toFixed(0)}/s (p99 ${bare.p99.toFixed(1)} ms); health/orders throughput ${(bare.perSecond / orders.perSecond).toFixed(1)}×; ` +
      `receipt chain verified (${chain.receipts} links)`);

    // tick → positions stream, with OPEN_POSITIONS open positions (the orders above and more)
    const owner = traders[0];
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM perp_positions WHERE status = 'open'`);
    for (let i = rows[0].n; i < OPEN_POSITIONS; i++) await order(i);
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws/positions?token=${encodeURIComponent(owner.token)}`);
    let waiting;
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.action === 'POSITION_CLOSE' && waiting && message.positionId === waiting.id) waiting.resolve(performance.now());
    });
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
    const lags = [];
    for (let round = 0; round < ROUNDS; round++) {
      feed.set('BTCUSDT', { bid: '49999', ask: '50001', last: '50000' });
      feed.emit('BTCUSDT');
      await engine.triggers.idle();
      const response = await fetch(`${base}/asset/api/contract/openPosition`, {
        method: 'POST',
        headers: { token: owner.token, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '0.001', leverage: 10, takeProfit: '50010', requestId: `bench-tp-${label}-${round}` }),
      });
      const id = (await response.json()).data.position.id;
      await sleep(5);
      const arrived = new Promise((resolve) => (waiting = { id, resolve }));
      feed.set('BTCUSDT', { bid: '50019', ask: '50021', last: '50020' });
      const sent = performance.now();
      feed.emit('BTCUSDT');
      lags.push((await Promise.race([arrived, sleep(5000).then(() => NaN)])) - sent);
    }
    socket.close();
    const open = (await db.query(`SELECT count(*)::int AS n FROM perp_positions WHERE status = 'open'`)).rows[0].n;
    const good = lags.filter((l) => !Number.isNaN(l)).sort((a, b) => a - b);
    console.log(`${label}: tick → POSITION_CLOSE on /ws/positions with ${open} open positions: p50 ${percentile(good, 50).toFixed(1)} ms, p99 ${percentile(good, 99).toFixed(1)} ms (${good.length}/${ROUNDS} arrived)`);
  } finally {
    await app.close();
    await store.cleanup();
  }
}

await run('PGlite');
if (process.env.BENCH_DATABASE_URL) await run('PostgreSQL', process.env.BENCH_DATABASE_URL);
