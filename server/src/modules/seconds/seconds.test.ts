import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import WebSocket from 'ws';
import { runCommand } from '../../ops/all-commands.js';
import { JobRunner } from '../../platform-kit/jobs/job-runner.js';
import type { ModuleContext } from '../../platform-kit/define-module.js';
import { call, manualClock, registerUser } from '../identity/test-support.js';
import { available, PLATFORM, post, type Mode } from '../ledger/ledger.js';
import { spotFixture } from '../trading/spot-fixture.js';
import { verifyKyc } from '../trading/test-support.js';
import { secondsModule } from './module.js';
import { TickRecorder } from './recorder.js';

const time = manualClock(Date.parse('2026-03-04T12:00:00Z'));
/** The app on a scripted feed with the seconds service in hand (its jobs are run by the tests, not a timer). */
const h = spotFixture(time.clock);

const rid = () => h.rid('sec');

async function fund(uid: string, amount: string, mode: Mode = 'real') {
  await post(h.db, { key: `test-fund:${uid}:${mode}:${rid()}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode, wallet: mode === 'demo' ? 'demo' : 'chain', asset: 'USDT' }, to: { holder: uid, mode, wallet: 'option', asset: 'USDT' }, amount },
  ] }, time.clock());
}

/** A part of the option wallet as the user sees it: frozen is the old 'frozen' part and the named holds' 'held' part. */
async function part(uid: string, which: 'available' | 'frozen', mode: Mode = 'real') {
  const { rows } = await h.db.query<{ b: string }>(
    `SELECT trim_scale(SUM(balance))::text AS b FROM ledger_accounts WHERE holder = $1 AND mode = $2 AND wallet = 'option' AND asset = 'USDT' AND part = ANY($3::text[])`,
    [uid, mode, which === 'frozen' ? ['frozen', 'held'] : ['available']],
  );
  return rows[0]?.b ?? '0';
}

async function trader(usdt = '1000', options: { kyc?: boolean } = {}) {
  const user = await registerUser(h.app, h.db);
  if (options.kyc !== false) await verifyKyc(h.db, user.uid);
  await fund(user.uid, usdt);
  const headers = (mode: Mode): Record<string, string> => (mode === 'demo' ? { usertype: 'demo' } : {});
  return {
    ...user,
    buy: (body: Record<string, unknown>, mode: Mode = 'real') =>
      call(h.app, 'POST', '/transaction/api/contract/create', { token: user.token, headers: headers(mode), body: { symbol: 'BTCUSDT', direction: 'up', duration: 30, stake: '100', requestId: rid(), ...body } }),
    get: (url: string, mode: Mode = 'real') => call(h.app, 'GET', `/transaction/api/contract/${url}`, { token: user.token, headers: headers(mode) }),
    available: (mode: Mode = 'real') => part(user.uid, 'available', mode),
    frozen: (mode: Mode = 'real') => part(user.uid, 'frozen', mode),
  };
}

/** The next BTCUSDT tick at the clock's time, delivered and recorded. */
async function tick(last: string, symbol = 'BTCUSDT') {
  h.feed.set(symbol, { bid: last, ask: last, last });
  h.feed.emit(symbol);
  await h.services.seconds!.recorder.idle();
}

/** One run of the settlement job, in its own transaction as the job runner gives it. */
const settle = () => h.store.transaction((tx) => h.services.seconds!.settleDue(tx, time.clock()));

const ops = async (...argv: string[]) => {
  const lines: string[] = [];
  await runCommand(argv, { operator: 'test-operator', db: async () => h.db, print: (l) => lines.push(l), clock: time.clock });
  return lines;
};

const brokerUsdt = (mode: Mode = 'real') => available(h.db, { holder: PLATFORM, mode, wallet: 'broker', asset: 'USDT' });

test('the product list offers the seeded durations with their labels, ratios and break-even win rates', async () => {
  const products = (await call(h.app, 'GET', '/transaction/api/contract/productList?symbol=btcusdt')).data;
  assert.deepEqual(products.map((p: { duration: { value: number; unit: string } }) => `${p.duration.value} ${p.duration.unit}`), ['30 sec', '60 sec', '3 mins', '5 mins', '1 hour']);
  assert.deepEqual([products[0].payoutRatio, products[0].breakEvenWinRate, products[0].minStake, products[0].maxStake], ['0.8', '0.5556', '10', '10000']);
  assert.equal(products[4].breakEvenWinRate, '0.5320', '1 / 1.88 = 0.53191…, rounded up');
});

test('an up contract wins on the first recorded tick at expiry, not on a later price when the job runs', async () => {
  const user = await trader('1000');
  await tick('50000');
  const opened = await user.buy({ direction: 'up' });
  assert.equal(opened.code, 0, opened.msg);
  const c = opened.data;
  assert.deepEqual([c.status, c.openPrice, c.stake, c.payoutRatio, c.duration.unit, c.outcome, c.pnl], ['open', '50000', '100', '0.8', 'sec', null, null]);
  assert.equal(Date.parse(c.expiresAt) - Date.parse(c.openedAt), 30_000, 'expiry = acceptance + duration');
  assert.deepEqual([await user.available(), await user.frozen()], ['900', '100'], 'the stake is held in escrow');

  time.advance(10_000);
  await tick('49000'); // before expiry: not the close, whatever it is
  time.advance(19_999);
  await tick('49500');
  assert.equal(await settle(), 0, 'no tick at or after expiry yet: nothing settles');
  time.advance(1);
  await tick('50001'); // exactly at expiry
  time.advance(7_000);
  await tick('40000'); // what the price is when the job happens to run
  assert.equal(await settle(), 1);
  assert.equal(await settle(), 0, 'settled once');

  const detail = (await user.get(`detail?id=${c.id}`)).data;
  assert.deepEqual([detail.contract.status, detail.contract.outcome, detail.contract.closePrice, detail.contract.payout, detail.contract.pnl], ['settled', 'win', '50001', '180', '80']);
  assert.equal(detail.closeTick.feedTime, c.expiresAt, 'the close is the tick at expiry, to the millisecond');
  assert.deepEqual([detail.openTick.price, detail.openTick.source, detail.closeTick.source], ['50000', 'simulated', 'simulated']);
  assert.match(detail.openReceiptHash, /^[0-9a-f]{64}$/);
  assert.match(detail.settleReceiptHash, /^[0-9a-f]{64}$/);
  assert.deepEqual([await user.available(), await user.frozen()], ['1080', '0'], 'stake back plus 100 × 0.8 from the desk');
  const receipts = await h.db.query<{ kind: string; payload: string }>(`SELECT kind, payload FROM receipts WHERE ref = $1 ORDER BY seq`, [`seconds:${c.id}`]);
  assert.deepEqual(receipts.rows.map((r) => r.kind), ['seconds-open', 'seconds-settle']);
  assert.equal(JSON.parse(receipts.rows[1]!.payload).closeTick.price, '50001');
});

test('a down contract loses when the close is above the open, and the stake goes to the desk', async () => {
  const user = await trader('1000');
  await tick('50000');
  const desk = await brokerUsdt();
  const c = (await user.buy({ direction: 'down', duration: 60, stake: '250.5' })).data;
  assert.equal(c.payoutRatio, '0.82');
  time.advance(60_000);
  await tick('50000.01');
  assert.equal(await settle(), 1);
  const settled = (await user.get(`detail?id=${c.id}`)).data.contract;
  assert.deepEqual([settled.outcome, settled.payout, settled.pnl], ['loss', '0', '-250.5']);
  assert.deepEqual([await user.available(), await user.frozen()], ['749.5', '0']);
  assert.equal(Number(await brokerUsdt()) - Number(desk), 250.5);
});

test('a down contract wins below the open; an equal close is a tie that returns the stake', async () => {
  const user = await trader('1000');
  await tick('50000');
  const down = (await user.buy({ direction: 'down', stake: '10.123456' })).data;
  const tie = (await user.buy({ direction: 'up', stake: '20' })).data;
  time.advance(30_000);
  await tick('50000'); // equal to both opens
  time.advance(1);
  await tick('49999');
  assert.equal(await settle(), 2);
  const get = async (id: string) => (await user.get(`detail?id=${id}`)).data.contract;
  const d = await get(down.id);
  const t = await get(tie.id);
  assert.deepEqual([d.outcome, d.payout], ['tie', '10.123456'], 'the tick at expiry equals the open: a tie, whatever follows');
  assert.deepEqual([t.outcome, t.payout, t.pnl], ['tie', '20', '0']);

  const win = (await user.buy({ direction: 'down', stake: '10.123456' })).data;
  time.advance(30_000);
  await tick('49000');
  assert.equal(await settle(), 1);
  const w = await get(win.id);
  // 10.123456 × 1.8 = 18.2222208, exact
  assert.deepEqual([w.outcome, w.openPrice, w.closePrice, w.payout, w.pnl], ['win', '49999', '49000', '18.2222208', '8.0987648']);
  assert.equal(await user.available(), '1008.0987648');

  const list = (await user.get('getContractList?status=history')).data;
  assert.equal(list.total, 3);
  assert.deepEqual(list.record, { count: 3, wins: 1, losses: 0, ties: 2, staked: '40.246912', net: '8.0987648', open: 0 });
  assert.equal(list.list[0].id, win.id, 'newest settlement first');
});

test('exactly once across a restart; a contract whose expiry fell in the downtime is refunded, not settled on a later price', async () => {
  const user = await trader('1000');
  await tick('50000');
  const early = (await user.buy({ direction: 'up' })).data;
  time.advance(30_000);
  await tick('50010'); // the close of `early`, recorded before the "crash"
  const late = (await user.buy({ direction: 'down' })).data; // opens at 50010
  await h.app.close();

  time.advance(2 * 3600_000); // the server is down for two hours
  await h.start();
  assert.ok(h.services.seconds!.recorder.isWatching('BTCUSDT'), 'the recorder knows the symbols with open contracts after a restart');
  // a crash in the middle of the job's transaction leaves nothing behind
  await assert.rejects(h.db.transaction(async (tx) => {
    assert.equal(await h.services.seconds!.settleDue(tx, time.clock()), 1, 'only `early` has a recorded tick at or after its expiry');
    throw new Error('crash');
  }), /crash/);
  assert.equal((await user.get(`detail?id=${early.id}`)).data.contract.status, 'open');

  await tick('49990'); // the first tick after the downtime
  time.advance(1000);
  await tick('60000');
  // the job as the runner runs it (the module's own definition), twice
  const context = { clock: time.clock, services: { seconds: h.services.seconds! } } as unknown as ModuleContext<'seconds' | 'trading' | 'market'>;
  const runner = new JobRunner(h.store, secondsModule.jobs!(context), { clock: time.clock });
  await runner.tick();
  time.advance(1000);
  await runner.tick();
  const e = (await user.get(`detail?id=${early.id}`)).data;
  const l = (await user.get(`detail?id=${late.id}`)).data;
  assert.deepEqual([e.contract.outcome, e.contract.closePrice], ['win', '50010'], 'closed on the tick recorded before the downtime');
  // no tick was recorded within 2 s of `late`'s expiry (the server was down): its stake comes back, whatever 49990 says
  assert.deepEqual([l.contract.status, l.contract.refundReason, l.contract.outcome, l.contract.closePrice, l.contract.payout, l.contract.pnl],
    ['refunded', 'noPriceAtExpiry', null, null, '100', '0']);
  assert.equal(l.closeTick, null);
  assert.match(l.settleReceiptHash, /^[0-9a-f]{64}$/, 'the refund is a receipt in the chain');
  const batches = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_batches WHERE idempotency_key IN ($1, $2)`, [`seconds-settle:${early.id}`, `seconds-settle:${late.id}`]);
  assert.equal(batches.rows[0]!.n, 2, 'one settlement (or refund) posting each');
  assert.deepEqual([await user.available(), await user.frozen()], ['1080', '0'], '+80 for `early`, the stake of `late` back');
});

test('terms are frozen at purchase: an operator change applies to later purchases only, and is audited', async () => {
  const user = await trader('1000');
  await tick('50000');
  const before = (await user.buy({ direction: 'up', duration: 300 })).data;
  const out = await ops('seconds:product-set', 'BTCUSDT', '300', '--ratio', '0.5', '--min', '50');
  assert.match(out.join('\n'), /ratio 0\.5/);
  const refused = await user.buy({ direction: 'up', duration: 300, stake: '20' });
  assert.equal(refused.reason, 'stakeBelowMinimum');
  assert.equal(refused.msg, 'The stake is below the minimum (50 USDT)');
  const afterChange = (await user.buy({ direction: 'up', duration: 300 })).data;
  assert.deepEqual([before.payoutRatio, before.productVersion, afterChange.payoutRatio, afterChange.productVersion], ['0.85', 1, '0.5', 2]);
  time.advance(300_000);
  await tick('51000');
  assert.equal(await settle(), 2);
  const b = (await user.get(`detail?id=${before.id}`)).data.contract;
  const a = (await user.get(`detail?id=${afterChange.id}`)).data.contract;
  assert.deepEqual([b.payout, a.payout], ['185', '150']);
  const audit = await h.db.query<{ action: string; detail: { before: { payoutRatio: string }; after: { payoutRatio: string } } }>(
    `SELECT action, detail FROM audit_log WHERE action = 'seconds:product-set' ORDER BY id DESC LIMIT 1`,
  );
  assert.deepEqual([audit.rows[0]!.detail.before.payoutRatio, audit.rows[0]!.detail.after.payoutRatio], ['0.85', '0.5']);
  await ops('seconds:product-set', 'BTCUSDT', '300', '--ratio', '0.85', '--min', '10');
});

test('refusals: login, KYC, product, stake limits, balance, a stale price, hours; a retry never buys twice', async () => {
  const anonymous = await call(h.app, 'POST', '/transaction/api/contract/create', { body: { symbol: 'BTCUSDT', direction: 'up', duration: 30, stake: '100', requestId: rid() } });
  assert.notEqual(anonymous.code, 0);
  const unverified = await trader('1000', { kyc: false });
  await tick('50000');
  const kyc = await unverified.buy({});
  assert.deepEqual([kyc.reason, kyc.msg], ['kycTrade', 'Please, KYC this account before trade!']);

  const user = await trader('150');
  assert.equal((await user.buy({ duration: 45 })).reason, 'secondsProductUnavailable');
  assert.equal((await user.buy({ stake: '5' })).reason, 'stakeBelowMinimum');
  assert.equal((await user.buy({ stake: '10001' })).reason, 'stakeAboveMaximum');
  assert.equal((await user.buy({ stake: '1.1234567' })).reason, 'invalidAmount');
  assert.equal((await user.buy({ direction: 'sideways' })).code === 0, false);
  assert.equal((await user.buy({ stake: '200' })).msg, 'Insufficient balance');
  const german = await call(h.app, 'POST', '/transaction/api/contract/create', {
    token: user.token, headers: { lang: 'ge' }, body: { symbol: 'BTCUSDT', direction: 'up', duration: 45, stake: '100', requestId: rid() },
  });
  assert.equal(german.reason, 'secondsProductUnavailable');

  time.advance(11_000); // the feed has been silent for 11 s
  assert.equal((await user.buy({})).reason, 'marketDataDelayed');
  await tick('50000');

  const requestId = rid();
  const first = await user.buy({ requestId });
  const retry = await user.buy({ requestId });
  assert.equal(first.code, 0, first.msg);
  assert.equal(retry.data.id, first.data.id, 'the retry answers the first purchase');
  assert.deepEqual([await user.available(), await user.frozen()], ['50', '100'], 'held once');
  assert.equal((await user.buy({ requestId, stake: '20' })).reason, 'requestIdReused');

  time.advance(30_000);
  await tick('50000');
  assert.equal(await settle(), 1, 'the one purchase, settled once');
});

test('demo contracts run on the same engine on the demo ledger; real balances do not move', async () => {
  const user = await trader('1000');
  await fund(user.uid, '500', 'demo');
  await tick('50000');
  const deskReal = await brokerUsdt('real');
  const c = await user.buy({ direction: 'up', stake: '100' }, 'demo');
  assert.equal(c.code, 0, c.msg);
  assert.deepEqual([await user.available('demo'), await user.frozen('demo'), await user.available('real')], ['400', '100', '1000']);
  assert.equal((await user.get('getContractList', 'real')).data.total, 0, 'not in the real list');
  const open = (await user.get('getContractList', 'demo')).data;
  assert.deepEqual([open.total, open.record.open, open.list[0].id], [1, 1, c.data.id]);
  assert.equal(typeof open.serverTime, 'number');
  time.advance(30_000);
  await tick('50500');
  assert.equal(await settle(), 1);
  assert.deepEqual([await user.available('demo'), await user.available('real'), await brokerUsdt('real')], ['580', '1000', deskReal]);
  assert.equal((await user.get(`detail?id=${c.data.id}`, 'real')).reason, 'secondsContractNotFound', 'a demo contract is not visible in real mode');
});

test('the database refuses a chosen outcome, price, expiry or close tick, and any change after settlement', async () => {
  const user = await trader('1000');
  await tick('50000');
  const c = (await user.buy({ direction: 'up' })).data;
  const refused = (sql: string, params: unknown[] = []) => assert.rejects(h.db.query(sql, params));
  await refused(`UPDATE seconds_contracts SET outcome = 'win' WHERE id = $1`, [c.id]);
  await refused(`UPDATE seconds_contracts SET payout = 1000 WHERE id = $1`, [c.id]);
  await refused(`UPDATE seconds_contracts SET expires_at = expires_at + interval '1 hour', duration_seconds = duration_seconds + 3600 WHERE id = $1`, [c.id]);
  await refused(`UPDATE seconds_contracts SET open_price = 1 WHERE id = $1`, [c.id]);
  time.advance(30_000);
  await tick('49000'); // the close: a loss for an up contract
  time.advance(1000);
  await tick('51000');
  const later = await h.db.query<{ id: string }>(`SELECT id::text AS id FROM seconds_ticks WHERE symbol = 'BTCUSDT' AND price = 51000 ORDER BY id DESC LIMIT 1`);
  await refused(`UPDATE seconds_ticks SET price = 51000 WHERE price = 49000`);
  await refused(
    `UPDATE seconds_contracts SET status = 'settled', close_tick_id = $2, close_price = 51000, settled_at = now(), settle_receipt_seq = open_receipt_seq WHERE id = $1`,
    [c.id, later.rows[0]!.id],
  );
  await refused(`DELETE FROM seconds_contracts WHERE id = $1`, [c.id]);
  assert.equal(await settle(), 1);
  const settled = (await user.get(`detail?id=${c.id}`)).data.contract;
  assert.deepEqual([settled.outcome, settled.closePrice], ['loss', '49000']);
  await refused(`UPDATE seconds_contracts SET settled_at = now() WHERE id = $1`, [c.id]);
});

test('tick retention deletes old ticks no contract uses, and keeps what an open contract may still settle on', async () => {
  const user = await trader('1000');
  await tick('50000');
  const settledOne = (await user.buy({ direction: 'up', duration: 30 })).data;
  const hourly = (await user.buy({ direction: 'up', duration: 3600 })).data;
  time.advance(30_000);
  await tick('50001');
  await settle();
  for (let i = 0; i < 5; i++) {
    time.advance(1000);
    await tick(String(50002 + i));
  }
  const count = async () => (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM seconds_ticks WHERE symbol = 'BTCUSDT'`)).rows[0]!.n;
  const before = await count();
  // retention of 0: everything old enough, but the hourly contract is still open and its expiry is ahead
  const pruned = await h.db.transaction((tx) => h.services.seconds!.pruneTicks(tx, time.clock(), 0));
  assert.equal(pruned, before - (await count()));
  const kept = await h.db.query<{ id: string }>(`SELECT id::text AS id FROM seconds_ticks WHERE symbol = 'BTCUSDT'`);
  const detail = (await user.get(`detail?id=${settledOne.id}`)).data;
  assert.ok(kept.rows.some((r) => r.id === detail.openTick.id) && kept.rows.some((r) => r.id === detail.closeTick.id), 'ticks a contract refers to stay');
  time.advance(3600_000 - 35_000); // the hourly contract's expiry
  await tick('50100');
  assert.equal(await settle(), 1);
  assert.equal((await user.get(`detail?id=${hourly.id}`)).data.contract.closePrice, '50100');
});

test('the recorder keeps a symbol just watched through a refresh that does not see its contract yet', async () => {
  const recorder = new TickRecorder({ db: h.db, clock: time.clock, source: () => 'simulated' });
  await recorder.load();
  assert.equal(recorder.isWatching('ETHUSDT'), false);
  recorder.watch('ETHUSDT'); // a purchase on ETHUSDT whose transaction has not committed
  await recorder.load();
  assert.equal(recorder.isWatching('ETHUSDT'), true);
});

test('purchase and settlement are pushed to the owner’s positions stream after they commit (SECOND_CONTRACT_…)', async () => {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await trader('1000');
  const socket = new WebSocket(`ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/ws/positions?token=${encodeURIComponent(user.token)}`);
  const messages: { action: string; contractId?: string; mode?: string; symbol?: string }[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
  await tick('50000');
  const c = (await user.buy({ direction: 'up' })).data;
  time.advance(30_000);
  await tick('50100');
  await settle();
  const deadline = Date.now() + 5000;
  const ours = () => messages.filter((m) => m.action.includes('SECOND_CONTRACT'));
  while (ours().length < 2 && Date.now() < deadline) await sleep(20);
  socket.close();
  assert.deepEqual(ours().map((m) => [m.action, m.contractId, m.mode, m.symbol]), [
    ['SECOND_CONTRACT_OPEN', c.id, 'real', 'BTCUSDT'],
    ['SECOND_CONTRACT_SETTLE', c.id, 'real', 'BTCUSDT'],
  ]);
  assert.ok(messages.some((m) => m.action === 'BALANCE'), 'the balance changes are pushed too');
});

// last: it moves the clock to other days (sessions are issued after each jump)
test('hours: a market with hours refuses purchases while closed, and one that would expire after the close', async () => {
  await ops('seconds:product-set', 'EURUSD', '60', '--ratio', '0.8', '--min', '10', '--max', '1000');
  const forex = (await call(h.app, 'GET', '/transaction/api/contract/productList?symbol=EURUSD')).data;
  assert.deepEqual(forex.map((p: { duration: { seconds: number } }) => p.duration.seconds), [60]);
  time.advance(Date.parse('2026-03-08T14:00:00Z') - time.clock().getTime()); // Sunday: forex is closed until 17:00 New York
  let user = await trader('100');
  await tick('1.08', 'EURUSD');
  const closed = await user.buy({ symbol: 'EURUSD', duration: 60, stake: '10' });
  assert.deepEqual([closed.reason, closed.msg], ['outOfTradingTime', 'Out of trading time']);
  time.advance(Date.parse('2026-03-13T20:59:30Z') - time.clock().getTime()); // Friday 16:59:30 New York (EDT): open, 30 s left
  user = await trader('100');
  await tick('1.08', 'EURUSD');
  const late = await user.buy({ symbol: 'EURUSD', duration: 60, stake: '10' });
  assert.equal(late.reason, 'expiryAfterClose', late.msg);
  await ops('seconds:product-set', 'EURUSD', '10', '--ratio', '0.7', '--min', '10', '--max', '1000');
  const inTime = await user.buy({ symbol: 'EURUSD', duration: 10, stake: '10' });
  assert.equal(inTime.code, 0, inTime.msg);
  time.advance(10_000);
  await tick('1.07', 'EURUSD');
  assert.equal(await settle(), 1);
  assert.equal((await user.get(`detail?id=${inTime.data.id}`)).data.contract.outcome, 'loss');
});

test('a purchase opens only on a current tick (one 1 s feed step, plus half a second of timer lateness); an older one is refused as delayed market data', async () => {
  const user = await trader('1000');
  await tick('50000');
  time.advance(1501); // a client watching a faster source has seen the move; our last tick is from before it
  const late = await user.buy({});
  assert.deepEqual([late.reason, late.msg, late.params?.symbol], ['marketDataDelayed', 'Market data is delayed, try again', 'BTCUSDT']);
  const french = await call(h.app, 'POST', '/transaction/api/contract/create', {
    token: user.token, headers: { lang: 'fr' }, body: { symbol: 'BTCUSDT', direction: 'up', duration: 30, stake: '100', requestId: rid() },
  });
  assert.equal(french.msg, 'Les données de marché sont retardées, réessayez');
  assert.deepEqual([await user.available(), await user.frozen()], ['1000', '0'], 'nothing held');
  await tick('50100');
  time.advance(1500); // one feed step old, its timer half a second late: still current
  const ok = await user.buy({});
  assert.equal(ok.code, 0, ok.msg);
  assert.equal(ok.data.openPrice, '50100');
  time.advance(30_000);
  await tick('50200');
  assert.equal(await settle(), 1);
});

test('the close must lie within 2 s of expiry: at 2 s it settles; with none recorded in the window the stake is refunded', async () => {
  const user = await trader('1000');
  await tick('50000');
  const onEdge = (await user.buy({ direction: 'up' })).data;
  const gap = (await user.buy({ direction: 'down', duration: 60 })).data;
  time.advance(32_000); // 2 s after onEdge's expiry, the first tick since
  await tick('50500');
  assert.equal(await settle(), 1);
  const e = (await user.get(`detail?id=${onEdge.id}`)).data.contract;
  assert.deepEqual([e.status, e.outcome, e.closePrice, e.refundReason], ['settled', 'win', '50500', null]);

  time.advance(30_000); // gap expires now; the feed is silent (no tick is recorded) until 2.001 s later
  assert.equal(await settle(), 0, 'nothing recorded at or after expiry yet: it waits');
  const refused = (sql: string, params: unknown[] = []) => assert.rejects(h.db.query(sql, params));
  const openSeq = await h.db.query<{ seq: string }>(`SELECT open_receipt_seq::text AS seq FROM seconds_contracts WHERE id = $1`, [gap.id]);
  await refused(`INSERT INTO seconds_refunds (contract_id, reason, refunded_at, receipt_seq) VALUES ($1, 'noPriceAtExpiry', now(), $2)`, [gap.id, openSeq.rows[0]!.seq]);
  time.advance(2001);
  await tick('40000'); // the first price after the window: a win for `down` had it counted
  const late = await h.db.query<{ id: string }>(`SELECT id::text AS id FROM seconds_ticks WHERE symbol = 'BTCUSDT' AND price = 40000 ORDER BY id DESC LIMIT 1`);
  await refused(
    `UPDATE seconds_contracts SET status = 'settled', close_tick_id = $2, close_price = 40000, settled_at = now(), settle_receipt_seq = open_receipt_seq WHERE id = $1`,
    [gap.id, late.rows[0]!.id],
  );
  assert.equal(await settle(), 1);
  assert.equal(await settle(), 0, 'refunded once');
  const detail = (await user.get(`detail?id=${gap.id}`)).data;
  assert.deepEqual([detail.contract.status, detail.contract.refundReason, detail.contract.outcome, detail.contract.payout, detail.contract.pnl, detail.closeTick],
    ['refunded', 'noPriceAtExpiry', null, '100', '0', null]);
  assert.deepEqual([await user.available(), await user.frozen()], ['1080', '0'], 'onEdge won 80, the refunded stake is back');
  await refused(`UPDATE seconds_refunds SET reason = 'noPriceAtExpiry' WHERE contract_id = $1`, [gap.id]);
  await refused(`DELETE FROM seconds_refunds WHERE contract_id = $1`, [gap.id]);
  await refused(`UPDATE seconds_contracts SET status = 'settled', close_tick_id = $2, close_price = 40000, settled_at = now(), settle_receipt_seq = open_receipt_seq WHERE id = $1`,
    [gap.id, late.rows[0]!.id]);
  const receipt = await h.db.query<{ kind: string; payload: string }>(`SELECT kind, payload FROM receipts WHERE ref = $1 ORDER BY seq DESC LIMIT 1`, [`seconds:${gap.id}`]);
  assert.equal(receipt.rows[0]!.kind, 'seconds-refund');
  assert.equal(JSON.parse(receipt.rows[0]!.payload).firstTickAfter.price, '40000');

  const history = (await user.get('getContractList?status=history')).data;
  assert.deepEqual(history.list.map((c: { id: string; status: string }) => [c.id, c.status]), [[gap.id, 'refunded'], [onEdge.id, 'settled']]);
  const open = (await user.get('getContractList?status=open')).data;
  assert.deepEqual([open.total, open.record.open], [0, 0], 'a refunded contract is not open');
  assert.ok(!(await h.db.query<{ symbol: string }>(`SELECT DISTINCT symbol FROM seconds_contracts WHERE status = 'open' AND id = $1 AND NOT EXISTS (SELECT 1 FROM seconds_refunds WHERE contract_id = $1)`, [gap.id])).rows.length);
});
