#!/usr/bin/env node
// Benchmark (not a test): spot limit orders end to end over HTTP against GET /health on the same server in the
// same run (PGlite, or PostgreSQL when BENCH_DATABASE_URL names one): a resting limit buy placed (its quote set
// aside) then cancelled (given back), and a limit buy the book already crosses (set aside, then filled from what
// it set aside at once). It prints placements per second and the ratio against /health, so a change to how a
// spot order freezes its funds is compared with a baseline measured in the same run, never with a fixed time.
//
//   cd server && node --conditions=source --import tsx bench/spot-orders.mjs
//   BENCH_ORDERS=300 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --conditions=source --import tsx bench/spot-orders.mjs
import { timed } from './bench-kit.mjs';
import { testApp } from '../src/testing/app.ts';
import { testDb } from '../src/testing/test-db.ts';
import { manualClock, registerUser } from '../src/modules/identity/test-support.ts';
import { PLATFORM, post, verify } from '../src/modules/ledger/ledger.ts';
import { scriptedModules, verifyKyc } from '../src/modules/trading/test-support.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
async function run(label, url) {
  if (url) process.env.TEST_DATABASE_URL = url;
  else delete process.env.TEST_DATABASE_URL;
  const store = await testDb();
  const db = store.db;
  const time = manualClock();
  const scripted = scriptedModules();
  const app = await testApp({ loginSlowdownMs: 0, orderLimits: { perMinute: 1_000_000, maxOpen: 1_000_000 } }, { db, clock: time.clock, modules: scripted.modules, jobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const feed = scripted.feed();
  try {
    feed.set('BTCUSDT', { bid: '49999', ask: '50001', last: '50000', asks: [['50001', '1000']], bids: [['49999', '1000']] });
    feed.emit('BTCUSDT');
    const traders = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const user = await registerUser(app, db);
      await verifyKyc(db, user.uid);
      await post(db, { key: `bench-fund:${user.uid}`, cause: { type: 'deposit', id: 'bench' }, moves: [
        { from: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: 'USDT' }, to: { holder: user.uid, mode: 'real', wallet: 'spot', asset: 'USDT' }, amount: '100000000' },
      ] }, time.clock());
      traders.push(user);
    }
    const api = async (user, path, body) => {
      const response = await fetch(`${base}/asset/api/${path}`, { method: 'POST', headers: { token: user.token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = await response.json();
      if (answer.code !== 0) throw new Error(`${path} refused: ${answer.msg}`);
      return answer.data;
    };
    const rid = (i) => `bench-${label}-${i}-${Math.random().toString(36).slice(2, 10)}`;
    // a resting buy below the ask, then its cancel
    const restAndCancel = async (i) => {
      const user = traders[i % traders.length];
      const order = await api(user, 'contract-spot/create', { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '46000', quantity: '0.001', requestId: rid(i) });
      await api(user, 'contract-spot/delete', { orderId: order.id });
    };
    // a buy at the ask: set aside and filled at once
    const crossing = async (i) => {
      const user = traders[i % traders.length];
      await api(user, 'contract-spot/create', { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50001', quantity: '0.001', requestId: rid(i) });
    };
    const health = async () => void (await (await fetch(`${base}/health`)).arrayBuffer());
    await timed(20, CONCURRENCY, restAndCancel); // warm-up
    await timed(50, CONCURRENCY, health);
    const resting = await timed(ORDERS, CONCURRENCY, restAndCancel);
    const filled = await timed(ORDERS, CONCURRENCY, crossing);
    const bare = await timed(ORDERS * 4, CONCURRENCY, health);
    const report = await verify(db);
    if (!report.ok) throw new Error(`ledger verify: ${report.problems.slice(0, 3).join('; ')}`);
    const figures = (r) => `${r.perSecond.toFixed(0)}/s (p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms)`;
    console.log(`${label}: limit buy rest+cancel ${figures(resting)}; crossing limit buy ${figures(filled)}; GET /health ${figures(bare)}; ` +
      `health/rest+cancel ${(bare.perSecond / resting.perSecond).toFixed(1)}×, health/crossing ${(bare.perSecond / filled.perSecond).toFixed(1)}×; ledger verified`);
  } finally {
    await app.close();
    await store.cleanup();
  }
}

await run('pglite');
if (process.env.BENCH_DATABASE_URL) await run('postgres', process.env.BENCH_DATABASE_URL);
