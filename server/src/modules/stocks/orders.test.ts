import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand, type CommandContext } from '../../ops/all-commands.js';
import { manualClock } from '../identity/test-support.js';
import { balances, verify } from '../ledger/ledger.js';
import { findHold, holdOf } from '../../platform-kit/product/holds.js';
import { STOCK_ORDER_HOLD, STOCK_ORDER_REFERENCE } from './order-money.js';
import { spotFixture } from '../trading/spot-fixture.js';
import { stockOrderRefusal } from './order-rules.js';

// Tuesday 10 March 2026, 15:00 UTC = 11:00 New York (EDT): the US session is open; Tokyo is closed (midnight).
const START = Date.parse('2026-03-10T15:00:00Z');
const time = manualClock(START);
let now = START;
const clock = () => new Date(now);
const h = spotFixture(clock);
const { rid, ticked } = h;
void time;

function ops(): CommandContext {
  return { operator: 'ops-test', db: async () => h.db, print: () => undefined, clock };
}

let rated = false;
async function trader(usdt = '10000') {
  if (!rated) {
    rated = true;
    await runCommand(['stock:rate', 'USD', '0.9995'], ops());
    await runCommand(['stock:rate', 'JPY', '0.0066'], ops());
  }
  const user = await h.spotTrader({ usdt });
  const ledger = async (wallet: string, asset: string) => {
    const row = (await balances(h.db, user.uid, 'real')).find((b) => (b.wallet as string) === wallet && b.asset === asset);
    return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
  };
  /** Any status: refusals of stocks answer 404 (notAStock, unknownSymbol) and 429 besides 200 and 400. */
  const send = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const response = await h.app.inject({ method, url: `/asset/api/${url}`, headers: { token: user.token }, ...(body ? { payload: body as object } : {}) });
    return response.json() as { code: number; msg: string; reason?: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  return {
    ...user,
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown) => send('POST', url, body),
    buy: (body: Record<string, unknown>) => send('POST', 'userStock/buy', { requestId: rid(), ...body }),
    sell: (body: Record<string, unknown>) => send('POST', 'userStock/sell', { requestId: rid(), ...body }),
    ledger,
  };
}

test('a market buy in hours walks the asks, is booked at walkPrice with its tick and receipt, pays value + fee in USDT at the rate', async () => {
  const user = await trader('10000');
  await ticked('AAPL:NASDAQ', { bid: '199.90', ask: '200.00', last: '199.95', asks: [['200.00', '3'], ['200.50', '10']] });
  const res = await user.buy({ symbol: 'AAPL:NASDAQ', type: 'market', shares: '5' });
  assert.equal(res.code, 0, res.msg);
  const o = res.data;
  // 3 × 200 + 2 × 200.50 = 1001 → walkPrice 200.20 (exact here), value 1001.00
  assert.deepEqual([o.status, o.doneShares, o.averagePrice, o.fills.length], ['completed', '5', '200.20', 1]);
  assert.equal(o.fills[0].price, '200.2');
  assert.deepEqual(o.fills[0].evidence.levels, [['200.00', '3'], ['200.50', '2']]);
  assert.equal(o.fills[0].evidence.sideUsed, 'ask');
  // 1001 × 0.9995 = 1000.4995 USDT; fee 0.1 % = 1.0004995
  assert.equal(o.fills[0].valueUsdt, '1000.4995');
  assert.equal(o.feeUsdt, '1.0004995');
  assert.deepEqual([o.rate, o.rateVersion], ['0.9995', 1]);
  assert.equal((await user.ledger('spot', 'USDT')).available, '8998.5000005');
  assert.equal((await user.ledger('stock', 'AAPL:NASDAQ')).available, '5');
  assert.ok(/^[0-9a-f]{64}$/.test(o.fills[0].receiptHash));

  const positions = await user.get('userStock/listPosition');
  assert.equal(positions.data.length, 1);
  const p = positions.data[0];
  assert.deepEqual([p.symbol, p.shares, p.costPrice, p.sellPrice, p.marketValue], ['AAPL:NASDAQ', '5', '200.20', '199.90', '999.5']);
  assert.equal(p.costUsdt, '1001.4999995');
  assert.equal(p.marketValueUsdt.value, '999.00025');
  assert.equal(p.pnlUsdt, '-2.4997495');

  // the same request id answers the same order and moves nothing more
  const again = await user.post('userStock/buy', { requestId: 'same-request-1', symbol: 'AAPL:NASDAQ', type: 'market', shares: '1' });
  const twice = await user.post('userStock/buy', { requestId: 'same-request-1', symbol: 'AAPL:NASDAQ', type: 'market', shares: '1' });
  assert.equal(twice.data.id, again.data.id);
  assert.equal((await user.ledger('stock', 'AAPL:NASDAQ')).available, '6');

  // sell half: the bids, proceeds value − fee, the cost leaves at the running average
  await ticked('AAPL:NASDAQ', { bid: '210.00', ask: '210.10' });
  const sold = await user.sell({ symbol: 'AAPL:NASDAQ', type: 'market', shares: '3' });
  assert.equal(sold.code, 0, sold.msg);
  assert.deepEqual([sold.data.status, sold.data.averagePrice, sold.data.fills[0].evidence.sideUsed], ['completed', '210.00', 'bid']);
  // 630 × 0.9995 = 629.685; fee 0.629685
  assert.equal(sold.data.fills[0].valueUsdt, '629.685');
  assert.equal((await user.ledger('stock', 'AAPL:NASDAQ')).available, '3');
  const value = await user.get('userStock/getUserPositionMarketValue');
  assert.equal(value.data.positions, 1);
  const records = await user.get('userStock/listStockSubPosition?kind=history');
  assert.equal(records.data.total, 3);
});

test('refusals: outside hours (night, Saturday, Tokyo lunch, a holiday), lot and tick, not a stock, no rate, short of funds — nothing moves', async () => {
  const user = await trader('100');
  const refused = async (body: Record<string, unknown>, reason: string, side: 'buy' | 'sell' = 'buy') => {
    const res = await (side === 'buy' ? user.buy(body) : user.sell(body));
    assert.equal(res.reason, reason, `${JSON.stringify(body)} at ${new Date(now).toISOString()}: ${res.msg}`);
  };
  // Tokyo is closed at 11:00 New York
  await refused({ symbol: '7203:TSE', type: 'market', shares: '100' }, 'outOfTradingTime');
  await refused({ symbol: 'BTCUSDT', type: 'market', shares: '1' }, 'notAStock');
  await refused({ symbol: 'NOPE:NASDAQ', type: 'market', shares: '1' }, 'unknownSymbol');
  await refused({ symbol: 'AAPL:NASDAQ', type: 'market', shares: '1.5' }, 'invalidSize');
  await refused({ symbol: 'AAPL:NASDAQ', type: 'limit', shares: '1', price: '100.005' }, 'invalidPrice');
  await refused({ symbol: 'AAPL:NASDAQ', type: 'market', shares: '20' }, 'insufficientBalance');
  await refused({ symbol: 'AAPL:NASDAQ', type: 'market', shares: '1' }, 'insufficientBalance', 'sell');
  assert.equal((await user.ledger('spot', 'USDT')).available, '100');
  const saved = now;
  try {
    // Tuesday 10 March 01:00 UTC = 10:00 Tokyo: open. Lot of 100 and the JPX tick table
    now = Date.parse('2026-03-10T01:00:00Z');
    await refused({ symbol: '7203:TSE', type: 'market', shares: '150' }, 'invalidSize');
    await refused({ symbol: '7203:TSE', type: 'limit', shares: '100', price: '2501.5' }, 'invalidPrice');
    await refused({ symbol: '7203:TSE', type: 'limit', shares: '100', price: '3455' }, 'insufficientBalance');
    // 12:00 Tokyo: the lunch break
    now = Date.parse('2026-03-10T03:00:00Z');
    await refused({ symbol: '7203:TSE', type: 'limit', shares: '100', price: '3450' }, 'outOfTradingTime');
    // Friday 20 March 2026 10:00 Tokyo: a TSE holiday
    assert.equal(stockOrderRefusal('7203:TSE', { shares: '100', price: '3450' }, Date.parse('2026-03-20T01:00:00Z')), 'outOfTradingTime');
    assert.equal(stockOrderRefusal('7203:TSE', { shares: '100', price: '3450' }, Date.parse('2026-03-19T01:00:00Z')), null);
    // Saturday 14 March, 11:00 New York; and 9:29 / 16:00 New York on a Tuesday (the edges)
    now = Date.parse('2026-03-14T15:00:00Z');
    await refused({ symbol: 'AAPL:NASDAQ', type: 'market', shares: '1' }, 'outOfTradingTime');
    now = Date.parse('2026-03-10T13:29:00Z');
    await refused({ symbol: 'AAPL:NASDAQ', type: 'market', shares: '1' }, 'outOfTradingTime');
    now = Date.parse('2026-03-10T20:00:00Z');
    await refused({ symbol: 'AAPL:NASDAQ', type: 'market', shares: '1' }, 'outOfTradingTime');
    now = Date.parse('2026-03-10T13:30:00Z');
    assert.equal((await user.buy({ symbol: 'AAPL:NASDAQ', type: 'limit', shares: '1', price: '1.00' })).code, 0, 'open at 9:30 New York');
  } finally {
    now = saved;
  }
});

test('a limit buy holds its USDT, fills as maker when the ask comes down (price improvement back), a DAY limit expires at the close once', async () => {
  const user = await trader('1000');
  await ticked('MSFT:NASDAQ', { bid: '399.00', ask: '400.00' });
  const placed = await user.buy({ symbol: 'MSFT:NASDAQ', type: 'limit', shares: '2', price: '390.00', timeInForce: 'GTC' });
  assert.equal(placed.code, 0, placed.msg);
  // hold: 780 × 0.9995 = 779.61 + fee 0.77961
  assert.equal(placed.data.frozen, '780.38961');
  assert.equal((await user.ledger('spot', 'USDT')).frozen, '780.38961');
  // the money is a named hold of the order's (the product kit's one way to set funds aside), proved by verify
  const hold = await holdOf(h.db, { kind: STOCK_ORDER_REFERENCE, id: placed.data.id }, STOCK_ORDER_HOLD);
  assert.deepEqual([hold?.wallet, hold?.asset, hold?.amount, hold?.status], ['spot', 'USDT', '780.38961', 'open']);
  assert.deepEqual((await verify(h.db)).problems, []);
  await ticked('MSFT:NASDAQ', { bid: '388.00', ask: '389.00' });
  const filled = (await user.get('userStock/listStockSubPosition?kind=history')).data.list.find((o: { id: string }) => o.id === placed.data.id);
  assert.deepEqual([filled.status, filled.fills[0].liquidity, filled.fills[0].price, filled.frozen], ['completed', 'maker', '389', '0']);
  // paid 778 × 0.9995 = 777.611 + maker fee 0.0622088 ; the rest of the hold came back
  assert.equal((await user.ledger('spot', 'USDT')).available, new (await import('../ledger/decimal.js')).Dec('1000').minus('777.611').minus('0.6220888').toFixed());

  const day = await user.buy({ symbol: 'MSFT:NASDAQ', type: 'limit', shares: '1', price: '200.00' });
  assert.equal(day.data.timeInForce, 'DAY');
  assert.equal(day.data.expiresAt, Date.parse('2026-03-10T20:00:00Z'));
  const orders = h.services.stockOrders!;
  assert.equal(await orders.expireDue(h.store, new Date(now)), 0, 'not before the close');
  // the server is down over the close; it starts again the next morning and the job expires the order once
  await h.app.close();
  const saved = now;
  now = Date.parse('2026-03-11T13:00:00Z');
  try {
    await h.start();
    // this order and the DAY limit the refusals test left open
    assert.equal(await h.services.stockOrders!.expireDue(h.store, new Date(now)), 2);
    assert.equal(await h.services.stockOrders!.expireDue(h.store, new Date(now)), 0);
    const expired = (await user.get('userStock/listStockSubPosition?kind=history')).data.list.find((o: { id: string }) => o.id === day.data.id);
    assert.deepEqual([expired.status, expired.frozen], ['expired', '0']);
    assert.equal((await user.ledger('spot', 'USDT')).frozen, '0');
    // the fill drew the first hold to its end (posted); the expiry released the second
    assert.equal((await findHold(h.db, hold!.id))!.status, 'posted');
    assert.equal((await holdOf(h.db, { kind: STOCK_ORDER_REFERENCE, id: day.data.id }, STOCK_ORDER_HOLD))!.status, 'released');
    assert.deepEqual((await verify(h.db)).problems, []);
  } finally {
    now = saved;
  }
});

test('day trading: transfer in, buy on the day-trading wallet, closed at the session end once (also after downtime), transfer out', async () => {
  const user = await trader('5000');
  const rid1 = rid();
  const dep = await user.post('accountDayTrading/deposit', { amount: '2000', requestId: rid1 });
  assert.equal(dep.code, 0, dep.msg);
  assert.equal((await user.post('accountDayTrading/deposit', { amount: '2000', requestId: rid1 })).data.id, dep.data.id);
  assert.equal((await user.ledger('spot', 'USDT')).available, '3000');
  assert.equal((await user.ledger('dayTrading', 'USDT')).available, '2000');
  assert.equal((await user.post('accountDayTrading/withdraw', { amount: '2000.01', requestId: rid() })).reason, 'insufficientBalance');

  await ticked('NVDA:NASDAQ', { bid: '999.00', ask: '1000.00', last: '999.50' });
  // a day-trading order lives for the session: GTC is refused with its own text, and nothing is held or written
  const gtc = await user.buy({ symbol: 'NVDA:NASDAQ', type: 'limit', shares: '1', price: '990.00', timeInForce: 'GTC', book: 'dayTrading' });
  assert.deepEqual([gtc.code === 0, gtc.reason, gtc.msg], [false, 'dayTradingGtc', 'Day-trading orders end with the session: choose DAY (GTC is for the stock account)']);
  assert.equal((await user.ledger('dayTrading', 'USDT')).frozen, '0');
  assert.equal((await user.get('accountDayTrading/orders')).data.total, 0);
  const bought = await user.buy({ symbol: 'NVDA:NASDAQ', type: 'market', shares: '1', book: 'dayTrading' });
  assert.equal(bought.code, 0, bought.msg);
  assert.equal((await user.ledger('dayTrading', 'NVDA:NASDAQ')).available, '1');
  assert.equal((await user.get('userStock/listDayTradingPosition')).data.length, 1);

  // the close passes while the server is down; the job after restart closes it at the price standing at the close
  await ticked('NVDA:NASDAQ', { bid: '1010.00', ask: '1011.00', last: '1010.50' });
  await h.app.close();
  const saved = now;
  now = Date.parse('2026-03-11T12:00:00Z');
  try {
    await h.start();
    const { closeDayTradingSessions } = await import('./session-close.js');
    const run = () => closeDayTradingSessions({ store: h.store, now: new Date(now), orders: h.services.stockOrders!, stocks: h.services.stocks!, market: h.services.market! });
    assert.equal(await run(), 1);
    assert.equal(await run(), 0, 'once');
    assert.equal((await user.ledger('dayTrading', 'NVDA:NASDAQ')).available, '0');
    const orders = (await user.get('accountDayTrading/orders')).data.list;
    const closing = orders.find((o: { origin: string }) => o.origin === 'sessionEnd');
    assert.ok(closing, 'a session-end order');
    assert.equal(closing.status, 'completed');
    assert.equal((await user.get('userStock/listDayTradingPosition')).data.length, 0);
    const info = await user.get('accountDayTrading/accountInfo');
    assert.equal(info.code, 0, info.msg);
    const back = await user.post('accountDayTrading/withdraw', { amount: info.data.availableUsdt, requestId: rid() });
    assert.equal(back.code, 0, back.msg);
    assert.equal((await user.ledger('dayTrading', 'USDT')).available, '0');
    assert.equal((await user.get('accountDayTrading/records')).data.total, 2);
  } finally {
    now = saved;
  }
});

test('fees are versioned product terms: an order pays the version in force when placed, a resting limit keeps its own', async () => {
  const user = await trader('10000');
  await ticked('META:NASDAQ', { bid: '99.00', ask: '100.00', last: '99.50' });
  const resting = await user.buy({ symbol: 'META:NASDAQ', type: 'limit', shares: '1', price: '90.00', timeInForce: 'GTC' });
  assert.equal(resting.code, 0, resting.msg);
  assert.deepEqual([resting.data.feeTermsVersion, resting.data.takerFeeRate, resting.data.makerFeeRate], [1, '0.001', '0.0008']);

  await runCommand(['stock:set-fees', '0.002', '0.0015'], ops());
  try {
    const { rows: audit } = await h.db.query<{ target: string }>(`SELECT target FROM audit_log WHERE action = 'terms:publish' AND target = 'stock-fees:stocks'`);
    assert.equal(audit.length, 1, 'the publication is audited');
    const estimate = await user.get('userStock/estimate?symbol=META:NASDAQ&side=buy&type=market&shares=1');
    assert.deepEqual([estimate.data.feeTermsVersion, estimate.data.feeRate], [2, '0.002'], 'disclosed before confirming');
    const market = await user.buy({ symbol: 'META:NASDAQ', type: 'market', shares: '1' });
    // 100 × 0.9995 = 99.95 USDT; the new taker rate 0.2 % = 0.1999
    assert.deepEqual([market.data.feeTermsVersion, market.data.feeRate, market.data.feeUsdt], [2, '0.002', '0.1999']);

    // the limit placed under version 1 fills as maker at version 1's rate: 90 × 0.9995 = 89.955 × 0.0008 = 0.071964
    await ticked('META:NASDAQ', { bid: '89.00', ask: '90.00' });
    const filled = (await user.get('userStock/listStockSubPosition?kind=history')).data.list.find((o: { id: string }) => o.id === resting.data.id);
    assert.deepEqual([filled.status, filled.fills[0].liquidity, filled.feeUsdt, filled.feeTermsVersion], ['completed', 'maker', '0.071964', 1]);
  } finally {
    await runCommand(['stock:set-fees', '0.001', '0.0008'], ops());
  }
  assert.deepEqual((await user.get('userStock/estimate?symbol=META:NASDAQ&side=buy&type=market&shares=1')).data.feeTermsVersion, 3);
});
