import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, registerUser } from '../identity/test-support.js';
import { available, PLATFORM, post, verify, type Mode } from '../ledger/ledger.js';
import type { TradingEngine } from '../trading/engine.js';
import { verifyReceipts } from '../trading/receipts.js';
import { FOREX_TIERS } from './terms.js';
import { scriptedModules, verifyKyc, type ScriptedFeed } from '../trading/test-support.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let feed: ScriptedFeed;
let engine: TradingEngine;

// A Wednesday in New York winter time (EST, UTC−5): the forex market is open.
let now = Date.parse('2026-01-14T15:00:00Z');
const setTime = (iso: string) => void (now = Date.parse(iso));

before(async () => {
  ({ db, cleanup } = await testDb());
  const scripted = scriptedModules();
  app = await testApp({ loginSlowdownMs: 0 }, { db, clock: () => new Date(now), modules: scripted.modules, jobs: false });
  await app.ready();
  feed = scripted.feed();
  engine = scripted.engine();
});
afterEach(async () => {
  assert.deepEqual((await verify(db)).problems, [], 'the ledger balances after every scenario');
  assert.deepEqual((await verifyReceipts(db)).problems, [], 'the receipt chain verifies after every scenario');
  setTime('2026-01-14T15:00:00Z');
});
after(async () => {
  await app.close();
  await cleanup();
});

let requests = 0;
const rid = () => `fx-${++requests}-${Math.random().toString(36).slice(2, 10)}`;

/** A KYC-verified user with `usdt` in the contract wallet of `mode`. */
async function trader(usdt: string, mode: Mode = 'real') {
  const user = await registerUser(app, db);
  await verifyKyc(db, user.uid);
  await post(db, { key: `test-fund:${user.uid}:${rid()}`, cause: { type: 'deposit', id: 'test' }, moves: [
    { from: { holder: PLATFORM, mode, wallet: mode === 'demo' ? 'demo' : 'chain', asset: 'USDT' }, to: { holder: user.uid, mode, wallet: 'contract', asset: 'USDT' }, amount: usdt },
  ] }, new Date(now));
  const headers = mode === 'demo' ? { usertype: 'demo' } : undefined;
  return {
    ...user,
    create: (body: Record<string, unknown>) =>
      call(app, 'POST', 'forex/contract/create', { token: user.token, headers, body: { symbol: 'AUDCAD', side: 'long', lots: '1', leverage: 100, requestId: rid(), ...body } }),
    post: (url: string, body: Record<string, unknown>) => call(app, 'POST', url, { token: user.token, headers, body }),
    get: (url: string) => call(app, 'GET', url, { token: user.token, headers }),
    available: (m: Mode = mode) => available(db, { holder: user.uid, mode: m, wallet: 'contract', asset: 'USDT' }),
  };
}

/** Sets ticks (symbol → bid/ask) and delivers them to the engine as one batch. */
async function ticks(next: Record<string, Parameters<ScriptedFeed['set']>[1]>) {
  for (const [symbol, tick] of Object.entries(next)) feed.set(symbol, tick);
  feed.emit(...Object.keys(next));
  await engine.triggers.idle();
}

test('AUDCAD long 1 lot at 100×: margin, fee and P/L in CAD converted to USDT at the USDCAD rate fixed at opening; pip value; close at the bid', async () => {
  const user = await trader('1000');
  // USDCAD mid 1.25: one CAD is 0.8 USDT
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126' } });
  const opened = await user.create({});
  assert.equal(opened.code, 0, opened.msg);
  const { order, position } = opened.data;
  // 100,000 units at the ask 0.9126 = 91,260 CAD × 0.8 = 73,008 USDT; margin 730.08, taker fee 0.003 % = 2.19024
  assert.deepEqual(
    [position.lots, position.quantity, position.entryPrice, position.quoteCurrency, position.quoteRate, position.margin, order.fee, order.marketValue],
    ['1', '100000', '0.9126', 'CAD', '0.8', '730.08', '2.19024', '73008'],
  );
  // one pip (0.0001 CAD) on 100,000 units = 10 CAD = 8 USDT
  assert.deepEqual([position.pipSize, position.pipValue, position.contractSize, position.priceDecimals], ['0.0001', '8', '100000', 5]);
  // (0.9126 × 80,000 − 730.08) / (80,000 × (1 − 0.005)) = 0.908014070351…, rounded up to the pair's 5 decimals
  assert.equal(position.liquidationPrice, '0.90802');
  assert.equal(await user.available(), '267.72976');

  // the receipt carries the fill's tick and the conversion tick
  const detail = (await user.get(`contract/detail?positionId=${position.id}`)).data;
  // evidence prices at the pair's 5 price decimals, as the sockets show them
  assert.deepEqual([detail.fills[0].evidence.symbol, detail.fills[0].evidence.ask, detail.fills[0].evidence.sideUsed], ['AUDCAD', '0.91260', 'ask']);
  const { rows } = await db.query<{ payload: string }>(`SELECT r.payload FROM receipts r JOIN receipt_links l ON l.seq = r.seq WHERE l.hash = $1`, [detail.fills[0].receiptHash]);
  const payload = JSON.parse(rows[0]!.payload);
  assert.equal(payload.quoteRate, '0.8');
  assert.deepEqual([payload.quoteRateEvidence.symbol, payload.quoteRateEvidence.bid, payload.quoteRateEvidence.ask, payload.quoteRateEvidence.inverted], ['USDCAD', '1.2499', '1.2501', true]);

  // +50 pips; USDCAD moves too, but the position keeps the rate it opened with: 50 × 8 = 400 USDT
  await ticks({ USDCAD: { bid: '1.2999', ask: '1.3001' }, AUDCAD: { bid: '0.9176', ask: '0.9178' } });
  const live = (await user.get('forex/contract/getContractList')).data;
  assert.deepEqual([live.total, live.list[0].markPrice, live.list[0].unrealisedPnl], [1, '0.9177', '408'], 'at the mark (the mid 0.9177): 51 pips × 8');
  const closed = await user.post('contract/closePosition', { positionId: position.id, requestId: rid() });
  assert.equal(closed.code, 0, closed.msg);
  // closed at the bid 0.9176: P/L (0.9176 − 0.9126) × 80,000 = 400, fee 0.9176 × 80,000 × 0.00003 = 2.20224
  assert.deepEqual([closed.data.status, closed.data.closePrice, closed.data.closeType], ['closed', '0.9176', 'manual']);
  assert.equal(await user.available(), '1395.60752', '267.72976 + 730.08 + 400 − 2.20224');
  const history = (await user.get('forex/contract/getContractList?status=history')).data;
  assert.deepEqual([history.total, history.list[0].lots, history.list[0].realisedPnl], [1, '1', '395.60752'], '400 − 2.19024 − 2.20224');
  assert.equal((await user.get('forex/contract/getContractList')).data.total, 0);
});


test('the forex estimate (forex/contract/estimate) is what creating the same order charges: margin, fee, fill, liquidation, pip value', async () => {
  const user = await trader('1000');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126' } });
  const shown = await user.get('forex/contract/estimate?symbol=AUDCAD&side=long&lots=1&leverage=100');
  assert.equal(shown.code, 0, shown.msg);
  // read-only: nothing held
  assert.equal(await user.available(), '1000');
  const { order, position } = (await user.create({})).data;
  assert.deepEqual(
    [shown.data.fillNow.price, shown.data.margin, shown.data.fee, shown.data.liquidationAfter, shown.data.pipValue, shown.data.quoteRate, shown.data.lots],
    [position.entryPrice, position.margin, order.fee, position.liquidationPrice, position.pipValue, position.quoteRate, '1'],
  );
});

test('a forex market order walks the pair’s depth (the simulated feed gives forex a book): 3 lots at the asks’ average, rounded up', async () => {
  const user = await trader('5000');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126', asks: [['0.9126', '100000'], ['0.9127', '1000000']] } });
  const opened = await user.create({ lots: '3' });
  assert.equal(opened.code, 0, opened.msg);
  // 100,000 × 0.9126 + 200,000 × 0.9127 = 273,800 CAD for 300,000 → 0.912666… → 0.91267 (the pair's 5 decimals, up);
  // notional 0.91267 × 300,000 × 0.8 = 219,040.8 USDT: margin 2,190.408 at 100×, taker fee 0.003 % = 6.571224
  const { order, position } = opened.data;
  assert.deepEqual([position.entryPrice, position.margin, order.fee], ['0.91267', '2190.408', '6.571224']);
  const detail = (await user.get(`contract/detail?positionId=${position.id}`)).data;
  assert.deepEqual(detail.fills[0].evidence.levels, [['0.91260', '100000'], ['0.91270', '200000']]);
  assert.equal((await user.create({ lots: '20' })).reason, 'insufficientDepth');
});
test('USDJPY short 0.5 lot at 50× (a JPY pair): JPY converted at 1 / USDJPY mid, pip 0.01, closed at the ask', async () => {
  const user = await trader('2000');
  await ticks({ USDJPY: { bid: '149.99', ask: '150.01' } });
  const opened = await user.create({ symbol: 'USDJPY', side: 'short', lots: '0.5', leverage: 50 });
  assert.equal(opened.code, 0, opened.msg);
  const { order, position } = opened.data;
  // rate 1 / 150 = 0.006666666667 (12 decimals); exposure 50,000 × rate = 333.33333335 USDT per yen
  // notional at the bid 149.99: 49,996.6666691665 → margin / 50 = 999.933333383… ↑ 999.933334; fee × 0.00003 = 1.49990000007… ↑ 1.499901
  assert.deepEqual(
    [position.quantity, position.lots, position.entryPrice, position.quoteCurrency, position.quoteRate, position.margin, order.fee],
    ['50000', '0.5', '149.99', 'JPY', '0.006666666667', '999.933334', '1.499901'],
  );
  assert.deepEqual([position.pipSize, position.pipValue], ['0.01', '3.3333333335']);
  // short: (49,996.6666691665 + 999.933334) / (333.33333335 × 1.005) = 152.22865671825…, rounded down to a JPY pair's 3 decimals
  assert.equal(position.liquidationPrice, '152.228');
  assert.equal(await user.available(), '998.566765', '2000 − 999.933334 − 1.499901');

  await ticks({ USDJPY: { bid: '148.49', ask: '148.51' } });
  const closed = await user.post('contract/closePosition', { positionId: position.id, requestId: rid() });
  assert.equal(closed.code, 0, closed.msg);
  // at the ask 148.51: P/L 1.48 × 333.33333335 = 493.333333358 ↓ 493.333333; fee 148.51 × 333.33333335 × 0.00003 ↑ 1.485101
  assert.equal(closed.data.closePrice, '148.51');
  assert.equal(await user.available(), '2490.348331', '998.566765 + 999.933334 + 493.333333 − 1.485101');
});

test('hours at the week’s edges: Friday 16:59:59.999 New York opens, 17:00 is "Out of trading time" (close too); Sunday 16:59 refused, 17:00 opens', async () => {
  const user = await trader('5000');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126' } });
  // Friday 16 January 2026, 16:59:59.999 EST = 21:59:59.999 UTC
  setTime('2026-01-16T21:59:59.999Z');
  const lastMoment = await user.create({ lots: '0.1' });
  assert.equal(lastMoment.code, 0, lastMoment.msg);
  setTime('2026-01-16T22:00:00.000Z');
  const before = await user.available();
  const refused = await user.create({ lots: '0.1' });
  assert.deepEqual([refused.reason, refused.msg], ['outOfTradingTime', 'Out of trading time']);
  const closeRefused = await user.post('contract/closePosition', { positionId: lastMoment.data.position.id, requestId: rid() });
  assert.equal(closeRefused.reason, 'outOfTradingTime');
  assert.equal(await user.available(), before, 'nothing moved');
  // the next open, in UTC: Sunday 18 January 17:00 EST = 22:00 UTC
  const time = (await user.get('forex/contract/checkTradingTime?symbol=AUDCAD')).data;
  assert.deepEqual([time.open, new Date(time.nextOpen).toISOString()], [false, '2026-01-18T22:00:00.000Z']);
  const config = (await call(app, 'GET', 'forex/contract/config?symbol=AUDCAD')).data;
  assert.deepEqual([config.tradingTime.open, config.tradingTime.nextOpen], [false, time.nextOpen]);

  setTime('2026-01-18T21:59:00.000Z');
  assert.equal((await user.create({ lots: '0.1' })).reason, 'outOfTradingTime');
  setTime('2026-01-18T22:00:00.000Z');
  const reopened = await user.create({ lots: '0.1' });
  assert.equal(reopened.code, 0, reopened.msg);
  // merge mode (the default): the second fill joined the Friday position
  assert.deepEqual([reopened.data.position.id, reopened.data.position.lots], [lastMoment.data.position.id, '0.2']);
  assert.equal((await user.post('contract/closePosition', { positionId: reopened.data.position.id, requestId: rid() })).code, 0);
});

test('a take-profit on entry fires once when the forex mark reaches it, closing at its price', async () => {
  const user = await trader('1000');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126' } });
  const opened = await user.create({ lots: '0.1', leverage: 20, takeProfit: '0.9150', stopLoss: '0.9000' });
  assert.equal(opened.code, 0, opened.msg);
  assert.deepEqual([opened.data.position.takeProfit, opened.data.position.stopLoss], ['0.915', '0.9']);
  await ticks({ AUDCAD: { bid: '0.9150', ask: '0.9152', last: '0.9151' } });
  const history = (await user.get('forex/contract/getContractList?status=history')).data;
  assert.deepEqual([history.total, history.list[0].closeType, history.list[0].closePrice], [1, 'take_profit', '0.915']);
  // 10,000 units × 0.8: (0.915 − 0.9126) × 8,000 = 19.2
  const detail = (await user.get(`contract/detail?positionId=${opened.data.position.id}`)).data;
  assert.deepEqual(detail.fills.map((f: { kind: string; realisedPnl: string }) => [f.kind, f.realisedPnl]), [['open', '0'], ['take_profit', '19.2']]);
  await ticks({ AUDCAD: { bid: '0.9160', ask: '0.9162' } });
  assert.equal((await user.get(`contract/detail?positionId=${opened.data.position.id}`)).data.fills.length, 2, 'fired once');
});

test('refusals: a non-forex symbol, lots off the 0.01 step, a leverage not offered, more margin than available; demo trades on the demo ledger', async () => {
  const user = await trader('100');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126' } });
  assert.equal((await user.create({ symbol: 'BTCUSDT' })).reason, 'symbolNotTradable');
  assert.equal((await user.create({ lots: '0.005' })).reason, 'invalidSize');
  assert.equal((await user.create({ lots: '0' })).reason, 'invalidSize');
  assert.equal((await user.create({ lots: '51' })).reason, 'quantityAboveMaximum');
  assert.equal((await user.create({ leverage: 125 })).reason, 'leverageNotOffered');
  assert.equal((await user.create({ lots: '1' })).reason, 'marginAboveAvailable', '730.08 + fee > 100');
  assert.equal(await user.available(), '100');

  const demo = await trader('1000', 'demo');
  const opened = await demo.create({ lots: '0.1' });
  assert.equal(opened.code, 0, opened.msg);
  assert.equal(await demo.available('demo'), '926.772976', '1000 − 73.008 − 0.219024');
  assert.equal(await demo.available('real'), '0');
  assert.equal((await demo.get('forex/contract/getContractList')).data.total, 1);
  assert.equal((await call(app, 'GET', 'forex/contract/getContractList', { token: demo.token })).data.total, 0, 'the real account has none');
  assert.equal((await demo.post('contract/closePosition', { positionId: opened.data.position.id, requestId: rid() })).code, 0);
});

test('getContractList lists forex positions only; config gives the lot, pip and the current conversion', async () => {
  const user = await trader('100000');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126' }, BTCUSDT: { bid: '49999', ask: '50001' } });
  const perp = await user.post('contract/openPosition', { symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '0.01', leverage: 10, requestId: rid() });
  assert.equal(perp.code, 0, perp.msg);
  const fx = await user.create({ symbol: 'EURUSD', lots: '0.2' });
  assert.equal(fx.code, 0, fx.msg);
  assert.deepEqual([fx.data.position.quoteRate, fx.data.position.pipValue], ['1', '2'], 'a USD-quoted pair: 1 USD = 1 USDT; 20,000 × 0.0001');
  const list = (await user.get('forex/contract/getContractList')).data;
  assert.deepEqual(list.list.map((p: { symbol: string }) => p.symbol), ['EURUSD']);
  assert.equal((await user.get('forex/contract/getContractList?symbol=BTCUSDT')).reason, 'symbolNotTradable');

  const config = (await call(app, 'GET', 'forex/contract/config')).data;
  assert.deepEqual(
    [config.symbol, config.contractSize, config.minLots, config.maxLots, config.pipSize, config.quoteCurrency, config.quoteRate, config.pipValuePerLot, config.leverages],
    ['AUDCAD', '100000', '0.01', '50', '0.0001', 'CAD', '0.8', '8', [1, 10, 20, 50, 100]],
  );
  // the tiers and decimals the receipt needs to show the liquidation price the server will set
  assert.deepEqual([config.priceDecimals, config.maintenanceTiers], [5, FOREX_TIERS]);
  const yen = (await call(app, 'GET', 'forex/contract/config?symbol=USDJPY')).data;
  assert.deepEqual([yen.pipSize, yen.priceDecimals], ['0.01', 3]);
  for (const id of [perp.data.position.id, fx.data.position.id]) assert.equal((await user.post('contract/closePosition', { positionId: id, requestId: rid() })).code, 0);
});

test('merge mode at two conversion rates: the merged rate is the quantity-weighted mean, the entry averaged by USDT exposure', async () => {
  const user = await trader('5000');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126' } });
  const first = await user.create({});
  assert.equal(first.code, 0, first.msg);
  // USDCAD mid 1.6: one CAD is 0.625 USDT
  await ticks({ USDCAD: { bid: '1.5999', ask: '1.6001' }, AUDCAD: { bid: '0.9224', ask: '0.9226' } });
  const second = await user.create({});
  assert.equal(second.code, 0, second.msg);
  const merged = second.data.position;
  // exposures 80,000 and 62,500: rate 142,500 / 200,000 = 0.7125; entry (80,000 × 0.9126 + 62,500 × 0.9226) / 142,500 = 0.91698596491…, a long's rounded up
  // margins 730.08 + 576.625
  assert.deepEqual([merged.id, merged.lots, merged.quoteRate, merged.entryPrice, merged.margin], [first.data.position.id, '2', '0.7125', '0.916985965', '1306.705']);
  assert.equal((await user.post('contract/closePosition', { positionId: merged.id, requestId: rid() })).code, 0);
});

test('a forex limit the book already crosses fills that part at once as taker, never past its limit, and rests the rest', async () => {
  const user = await trader('5000');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126', asks: [['0.9126', '100000'], ['0.9127', '1000000']] } });
  const long = await user.post('contract/openPosition', { symbol: 'AUDCAD', side: 'long', type: 'limit', price: '0.9126', quantity: '200000', leverage: 100, requestId: rid() });
  assert.equal(long.code, 0, long.msg);
  // now: 100,000 at 0.9126 (0.9127 is past the limit) = 91,260 CAD × 0.8 = 73,008 USDT: margin 730.08, taker fee
  // 0.003 % = 2.19024; rests 100,000 at 0.9126: margin 730.08, maker fee 0.002 % = 1.46016 held
  assert.deepEqual(
    [long.data.order.status, long.data.order.doneQuantity, long.data.order.averagePrice, long.data.position.entryPrice, long.data.position.margin],
    ['pending', '100000', '0.9126', '0.9126', '730.08'],
  );
  const fills = (await user.get(`contract/detail?positionId=${long.data.position.id}`)).data.fills;
  assert.deepEqual([fills[0].fee, fills[0].evidence.levels], ['2.19024', [['0.91260', '100000']]]);
  assert.equal(await user.available(), '3536.1896', '5000 − 730.08 − 2.19024 − 730.08 − 1.46016');

  // a short limit below the bids sells at the bids, not at its limit
  await ticks({ AUDCAD: { bid: '0.9124', ask: '0.9126', bids: [['0.9124', '100000'], ['0.9123', '1000000']] } });
  const short = await user.post('contract/openPosition', { symbol: 'AUDCAD', side: 'short', type: 'limit', price: '0.9123', quantity: '100000', leverage: 100, requestId: rid() });
  assert.equal(short.code, 0, short.msg);
  // 100,000 at 0.9124 = 91,240 CAD × 0.8 = 72,992: margin 729.92, taker fee 2.18976
  assert.deepEqual([short.data.order.status, short.data.order.averagePrice, short.data.position.entryPrice, short.data.order.fee], ['completed', '0.9124', '0.9124', '2.18976']);
});

test('forex takes the perpetual order types in lots: a limit rests (no position yet), a stop-limit fires once and fills within its limit', async () => {
  const user = await trader('5000');
  await ticks({ USDCAD: { bid: '1.2499', ask: '1.2501' }, AUDCAD: { bid: '0.9124', ask: '0.9126' } });
  const resting = await user.create({ type: 'limit', price: '0.9100', timeInForce: 'GTC', postOnly: true });
  assert.equal(resting.code, 0, resting.msg);
  assert.deepEqual([resting.data.order.type, resting.data.order.status, resting.data.order.postOnly, resting.data.position], ['limit', 'pending', true, null]);
  // the mark (0.9125) rises to 0.9130: a limit long at 0.9132 is placed, and the ask (0.9131) fills it at once
  const stop = await user.create({ type: 'stop_limit', triggerPrice: '0.9130', price: '0.9132' });
  assert.equal(stop.code, 0, stop.msg);
  assert.deepEqual([stop.data.order.type, stop.data.order.triggerPrice, stop.data.order.triggerSource, stop.data.position], ['stop_limit', '0.913', 'mark', null]);
  await ticks({ AUDCAD: { bid: '0.9129', ask: '0.9131' } });
  await ticks({ AUDCAD: { bid: '0.9130', ask: '0.9132' } });
  const open = (await user.get('forex/contract/getContractList?status=open')).data.list;
  assert.deepEqual(open.map((p: { entryPrice: string; lots: string }) => [p.entryPrice, p.lots]), [['0.9131', '1']]);
  const pending = (await user.get('contract/limitList')).data;
  assert.deepEqual(pending.map((o: { type: string }) => o.type), ['limit'], 'only the resting limit is left');
});
