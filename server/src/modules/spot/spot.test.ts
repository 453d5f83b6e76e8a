import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import WebSocket from 'ws';
import { runCommand } from '../../ops/all-commands.js';
import { call, manualClock } from '../identity/test-support.js';
import { available } from '../ledger/ledger.js';
import { verifyReceipts } from '../trading/receipts.js';
import { spotFixture } from '../trading/spot-fixture.js';

// Sunday 1 March 2026, 09:00 UTC: crypto trades, forex is closed until 17:00 New York
const time = manualClock();
const h = spotFixture(time.clock, {
  // a token offering in the catalogue (the offerings issue lists them; the catalogue seeds none yet)
  prepare: async (db) => {
    await db.query(
      `INSERT INTO market_instrument (symbol, name, category, unit, price_decimals, amount_decimals, calendar_id, is_ico, reference_price, sort_order)
       VALUES ('MDNUSDT', 'Meridian Token', 'CRYPTO', 'USDT', 4, 2, 'ALWAYS', 1, '0.5', 999)`,
    );
  },
});
const { rid, ticked } = h;

async function trader(usdt = '1000', options: { kyc?: boolean; mode?: 'real' | 'demo'; btc?: string } = {}) {
  const user = await h.spotTrader({ usdt, ...options });
  const headers: Record<string, string> = user.mode === 'demo' ? { usertype: 'demo' } : {};
  return {
    ...user,
    order: (body: Record<string, unknown>, path = 'contract-spot/create') => call(h.app, 'POST', path, { token: user.token, headers, body: { requestId: rid(), ...body } }),
  };
}

test('config and fee answer each instrument’s terms from the spec’s decimals tables; settings only for a logged-in user', async () => {
  const all = await call(h.app, 'GET', 'contract/config');
  assert.equal(all.code, 0, all.msg);
  assert.equal(all.data.settings, null);
  const btc = all.data.instruments.find((i: { symbol: string }) => i.symbol === 'BTCUSDT');
  assert.deepEqual([btc.base, btc.quote, btc.priceDecimals, btc.amountDecimals, btc.minQuantity], ['BTC', 'USDT', 2, 5, '0.00001']);
  assert.ok(btc.leverages.includes(100) && btc.spotEnabled && btc.perpetualEnabled);
  assert.equal(btc.maintenanceTiers.at(-1).maxNotional, null);
  const eurusd = all.data.instruments.find((i: { symbol: string }) => i.symbol === 'EURUSD');
  assert.deepEqual([eurusd.quote, eurusd.spotEnabled, eurusd.perpetualEnabled], ['USD', false, true], 'forex pairs are seeded for forex contracts only');
  assert.ok(!all.data.instruments.some((i: { symbol: string }) => i.symbol === 'XAUUSD'), 'nothing else beyond crypto and forex');
  const user = await trader('0');
  const one = await call(h.app, 'GET', 'contract/config?symbol=btc/usdt', { token: user.token });
  assert.equal(one.data.instruments.length, 1);
  assert.deepEqual(one.data.settings, { marginMode: 'isolated', positionMode: 'merge' });
  const fee = await call(h.app, 'GET', 'contract-margin/fee?symbol=ETHUSDT');
  assert.deepEqual(fee.data, { symbol: 'ETHUSDT', makerFeeRate: '0.0008', takerFeeRate: '0.001' });
  assert.equal((await call(h.app, 'GET', 'contract-margin/fee?symbol=NOPE')).reason, 'symbolNotTradable');
});

test('a market buy walks the asks level by level: volume-weighted, never better than the book, taker fee in the coin received', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00', asks: [['100.00', '0.5'], ['101.00', '1'], ['102.50', '2']], source: 'exchange' });
  const res = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '1.2' });
  assert.equal(res.code, 0, res.msg);
  const o = res.data;
  // 0.5 × 100 + 0.7 × 101 = 120.7; fee 1.2 × 0.001 = 0.0012 BTC; the average 100.58333… shown at BTC's 2 price
  // decimals (the exact value is the market value over the quantity)
  assert.deepEqual([o.status, o.doneQuantity, o.marketValue, o.averagePrice, o.donePrice, o.fee, o.feeAsset], ['completed', '1.2', '120.7', '100.58', '100.58', '0.0012', 'BTC']);
  assert.deepEqual(o.fills.map((f: { price: string; quantity: string; liquidity: string }) => [f.price, f.quantity, f.liquidity]), [['100', '0.5', 'taker'], ['101', '0.7', 'taker']]);
  const evidence = o.fills[0].evidence;
  assert.deepEqual([evidence.symbol, evidence.bid, evidence.ask, evidence.sideUsed, evidence.source], ['BTCUSDT', '99.9', '100', 'ask', 'exchange']);
  assert.equal(evidence.feedTime, time.clock().toISOString());
  assert.match(o.fills[0].receiptHash, /^[0-9a-f]{64}$/);
  assert.equal(await user.balance('USDT'), '879.3');
  assert.equal(await user.balance('BTC'), '1.1988');

  // a sell walks the bids: 0.3 × 99 + 0.5 × 98.5 = 78.95, fee 0.07895 USDT
  h.feed.set('BTCUSDT', { bid: '99.00', ask: '99.20', bids: [['99.00', '0.3'], ['98.50', '1']] });
  const sold = await user.order({ symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.8' });
  assert.deepEqual([sold.data.marketValue, sold.data.fee, sold.data.feeAsset], ['78.95', '0.07895', 'USDT']);
  assert.equal(await user.balance('USDT'), '958.17105');
  assert.equal(await user.balance('BTC'), '0.3988');

  // by quote amount: 150 USDT buys 0.5 at 100, then floor(100 / 101, 5 decimals) = 0.99009 at 101
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00', asks: [['100.00', '0.5'], ['101.00', '1']] });
  const byAmount = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', amount: '150' });
  assert.equal(byAmount.code, 0, byAmount.msg);
  assert.deepEqual([byAmount.data.quantity, byAmount.data.amount, byAmount.data.doneQuantity, byAmount.data.marketValue], [null, '150', '1.49009', '149.99909']);
  assert.equal(await user.balance('USDT'), '808.17196', 'only the value taken is debited');

  // the detail shows the receipts the fills hash into
  const detail = await user.get(`contract-spot/detail?orderId=${o.id}`);
  assert.equal(detail.data.receipts.length, 2);
  assert.deepEqual(detail.data.receipts.map((r: { hash: string }) => r.hash), o.fills.map((f: { receiptHash: string }) => f.receiptHash));
  assert.equal(JSON.parse(detail.data.receipts[0].payload).evidence.source, 'exchange');
  const history = await user.get('contract-spot/history?symbol=BTCUSDT');
  assert.equal(history.data.total, 3);
});

test('a book too thin, a size off the instrument’s decimals or limits, a bad price: refused, nothing moves', async () => {
  const user = await trader('100000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00', asks: [['100.00', '1'], ['101.00', '2']] });
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '3.5' })).reason, 'insufficientDepth');
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.000001' })).reason, 'invalidSize');
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0' })).reason, 'invalidSize');
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: 'abc' })).reason, 'invalidSize');
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '1', price: '99.123' })).reason, 'invalidPrice');
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '1' })).reason, 'invalidPrice');
  // the price band: a limit more than 10 % from the mark (a fat finger) is refused naming the allowed range
  for (const [side, price] of [['buy', '80'], ['sell', '120']]) {
    const banded = await user.order({ symbol: 'BTCUSDT', side, type: 'limit', quantity: '1', price });
    assert.equal(banded.reason, 'limitPriceOutOfBand', `${side} at ${price}`);
    assert.match(banded.msg, /between [\d.]+ and [\d.]+/);
  }
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '999999' })).reason, 'quantityAboveMaximum');
  assert.equal((await user.order({ symbol: 'XXXUSDT', side: 'buy', type: 'market', quantity: '1' })).reason, 'symbolNotTradable');
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '1' })).reason, 'insufficientBalance');
  assert.equal((await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '1' }, 'contract-spot/create-ico')).reason, 'notIco');
  assert.equal(await user.balance('USDT'), '100000');
  assert.equal((await user.get('contract-spot/history')).data.total, 0);
});

test('a limit buy rests with its funds frozen and fills once, as maker at its price or better, when the ask comes down', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const placed = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '95', quantity: '0.5' });
  assert.equal(placed.code, 0, placed.msg);
  assert.deepEqual([placed.data.status, placed.data.frozen, placed.data.frozenAsset, placed.data.doneQuantity], ['pending', '47.5', 'USDT', '0']);
  assert.equal(await user.balance('USDT'), '952.5');
  assert.equal(await user.balance('USDT', 'frozen'), '47.5');
  assert.equal((await user.get('contract-spot/list')).data.total, 1);

  await ticked('BTCUSDT', { bid: '95.10', ask: '95.20' });
  assert.equal((await user.get(`contract-spot/detail?orderId=${placed.data.id}`)).data.status, 'pending', 'not crossed: still resting');

  // the ask comes down to 94.5: 0.2 at 94.5 and 0.3 at 94.8 (both within 95) = 47.34; 0.16 of the frozen 47.5 returns
  const asks: [string, string][] = [['94.50', '0.2'], ['94.80', '1']];
  await ticked('BTCUSDT', { bid: '94.40', ask: '94.50', asks });
  await ticked('BTCUSDT', { bid: '94.40', ask: '94.50', asks });
  const filled = (await user.get(`contract-spot/detail?orderId=${placed.data.id}`)).data;
  assert.deepEqual([filled.status, filled.doneQuantity, filled.marketValue, filled.fee, filled.frozen], ['completed', '0.5', '47.34', '0.0004', '0']);
  assert.deepEqual(filled.fills.map((f: { price: string; liquidity: string }) => [f.price, f.liquidity]), [['94.5', 'maker'], ['94.8', 'maker']]);
  assert.equal(filled.fills[0].evidence.ask, '94.5');
  assert.equal(await user.balance('USDT'), '952.66');
  assert.equal(await user.balance('USDT', 'frozen'), '0');
  assert.equal(await user.balance('BTC'), '0.4996');
  assert.equal((await h.db.query(`SELECT 1 FROM spot_fills WHERE order_id = $1`, [placed.data.id])).rows.length, 2, 'fired exactly once');
  assert.equal((await user.get('contract-spot/list')).data.total, 0);
});

test('a limit sell the book fills in part stays pending with the rest frozen; a limit the book already crosses takes at once', async () => {
  const user = await trader('0', { btc: '2' });
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const placed = await user.order({ symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '105', quantity: '1' });
  assert.equal(placed.data.frozen, '1');
  await ticked('BTCUSDT', { bid: '105.50', ask: '105.60', bids: [['105.50', '0.4'], ['104.90', '5']] });
  let order = (await user.get(`contract-spot/detail?orderId=${placed.data.id}`)).data;
  assert.deepEqual([order.status, order.doneQuantity, order.frozen, order.marketValue], ['pending', '0.4', '0.6', '42.2']);
  await ticked('BTCUSDT', { bid: '106.00', ask: '106.10', bids: [['106.00', '3']] });
  order = (await user.get(`contract-spot/detail?orderId=${placed.data.id}`)).data;
  assert.deepEqual([order.status, order.doneQuantity, order.frozen, order.marketValue], ['completed', '1', '0', '105.8']);
  // fee 105.8 × 0.0008 = 0.08464
  assert.equal(await user.balance('USDT'), '105.71536');
  assert.equal(await user.balance('BTC'), '1');

  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const marketable = await user.order({ symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '99', quantity: '0.5' });
  assert.deepEqual([marketable.data.status, marketable.data.fills[0].price, marketable.data.fills[0].liquidity], ['completed', '99.9', 'taker']);
});

test('a token offering (isIco) fills at the quote’s price without depth, market or limit', async () => {
  const user = await trader('1000');
  const terms = (await call(h.app, 'GET', 'contract/config?symbol=MDNUSDT')).data.instruments[0];
  assert.deepEqual([terms.isIco, terms.perpetualEnabled], [1, false]);
  h.feed.set('MDNUSDT', { bid: '0.4990', ask: '0.5010', last: '0.5000', bids: [], asks: [] });
  const bought = await user.order({ symbol: 'MDNUSDT', side: 'buy', type: 'market', quantity: '100' }, 'contract-spot/create-ico');
  assert.equal(bought.code, 0, bought.msg);
  // at the last price 0.5 although the book is empty: 50 USDT, fee 0.1 MDN
  assert.deepEqual([bought.data.isIco, bought.data.marketValue, bought.data.fee, bought.data.fills[0].evidence.last], [true, '50', '0.1', '0.5']);
  assert.equal(await user.balance('MDN'), '99.9');
  const limit = await user.order({ symbol: 'MDNUSDT', side: 'buy', type: 'limit', price: '0.45', quantity: '10' }, 'contract-spot/create-ico');
  assert.equal(limit.data.status, 'pending');
  await ticked('MDNUSDT', { bid: '0.4390', ask: '0.4410', last: '0.4400', bids: [], asks: [] });
  const filled = (await user.get(`contract-spot/detail?orderId=${limit.data.id}`)).data;
  assert.deepEqual([filled.status, filled.marketValue, filled.fills[0].price, filled.fills[0].liquidity], ['completed', '4.4', '0.44', 'maker']);
  assert.equal(await user.balance('USDT'), '945.6');
});

test('cancel releases the frozen funds; a finished or someone else’s order cannot be cancelled', async () => {
  const user = await trader('1000');
  const other = await trader('0');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const placed = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '90', quantity: '2' });
  assert.equal(await user.balance('USDT'), '820');
  const lines: string[] = [];
  await runCommand(['spot:open', 'btcusdt'], { operator: 'test', db: async () => h.db, print: (line: string) => void lines.push(line) });
  assert.ok(lines.some((line) => line.startsWith(`${placed.data.id}  user:${user.uid}  real  BTCUSDT  buy  limit  0/2 @ 90  frozen 180 USDT`)), lines.join('\n'));
  assert.equal((await other.post('contract-spot/delete', { orderId: placed.data.id })).reason, 'orderNotFound');
  const canceled = await user.post('contract-spot/delete', { orderId: placed.data.id });
  assert.deepEqual([canceled.data.status, canceled.data.frozen], ['canceled', '0']);
  assert.equal(await user.balance('USDT'), '1000');
  assert.equal(await user.balance('USDT', 'frozen'), '0');
  assert.equal((await user.post('contract-spot/delete', { orderId: placed.data.id })).reason, 'orderNotCancellable');
  // its trigger is gone: a crossing tick fills nothing
  await ticked('BTCUSDT', { bid: '85', ask: '85.10' });
  assert.equal((await user.get(`contract-spot/detail?orderId=${placed.data.id}`)).data.fills.length, 0);
  const history = await user.get('contract-spot/history?status=canceled');
  assert.equal(history.data.list[0].id, placed.data.id);
});

test('orders racing for the same funds never overspend', async () => {
  const user = await trader('100');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const market = await Promise.all([1, 2, 3].map(() => user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.6' })));
  assert.deepEqual(market.map((r) => r.code === 0).filter(Boolean).length, 1, market.map((r) => r.msg).join(' | '));
  assert.ok(market.filter((r) => r.code !== 0).every((r) => r.reason === 'insufficientBalance'));
  const limits = await Promise.all([1, 2].map(() => user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '95', quantity: '0.4' })));
  assert.deepEqual(limits.map((r) => r.code === 0).filter(Boolean).length, 1);
  // 40 left after the market buy; each limit freezes 0.4 × 95 = 38 (a price within the band around the mark)
  assert.equal(await user.balance('USDT'), '2');
  assert.equal(await user.balance('USDT', 'frozen'), '38');
});

test('a retry with the same request id answers the same order; another body under it is refused', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const body = { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.1', requestId: 'spot-retry-0001' };
  const first = await user.order(body);
  const again = await user.order(body);
  assert.equal(again.data.id, first.data.id);
  assert.deepEqual(again.data, first.data);
  assert.equal(await user.balance('USDT'), '990');
  assert.equal((await user.order({ ...body, quantity: '0.2' })).reason, 'requestIdReused');
  // the same request sent twice at once: one order
  const twin = { ...body, requestId: 'spot-retry-0002' };
  const [a, b] = await Promise.all([user.order(twin), user.order(twin)]);
  assert.equal(a.code, 0, a.msg);
  assert.equal(b.data?.id, a.data.id, b.msg);
  assert.equal(await user.balance('USDT'), '980');
});

test('KYC first, then trading hours', async () => {
  const unverified = await trader('1000', { kyc: false });
  const refused = await unverified.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.1' });
  assert.deepEqual([refused.reason, refused.msg], ['kycTrade', 'Please, KYC this account before trade!']);
  assert.equal((await call(h.app, 'POST', 'contract-spot/create', { body: { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '1', requestId: rid() } })).code, 301);

  // an instrument on the forex calendar, closed on a Sunday morning
  await h.db.query(`UPDATE trading_instruments SET spot_enabled = true, amount_decimals = 5 WHERE symbol = 'EURUSD'`);
  await h.engine.instruments.reload();
  const user = await trader('1000');
  assert.equal((await user.order({ symbol: 'EURUSD', side: 'buy', type: 'market', quantity: '1' })).reason, 'outOfTradingTime');
});

test('demo orders move demo money only', async () => {
  const demo = await trader('500', { mode: 'demo' });
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const res = await demo.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '1' });
  assert.equal(res.code, 0, res.msg);
  assert.equal(await demo.balance('USDT'), '400');
  assert.equal(await available(h.db, { holder: demo.uid, mode: 'real', wallet: 'spot', asset: 'BTC' }), '0');
  const { rows } = await h.db.query(`SELECT DISTINCT a.mode FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account JOIN ledger_batches b ON b.id = t.batch_id WHERE b.cause_id = $1 AND b.cause_type = 'spot-fill'`, [res.data.id]);
  assert.deepEqual(rows, [{ mode: 'demo' }]);
  const real = await call(h.app, 'GET', 'contract-spot/history', { token: demo.token });
  assert.equal(real.data.total, 0, 'the real account sees no demo order');
});

test('holdings: average cost includes the fee, sells keep the average, P/L at the live bid', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '1' }); // 100 for 0.999 BTC
  h.feed.set('BTCUSDT', { bid: '109.90', ask: '110.00' });
  await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '1' }); // 110 for 0.999 BTC
  h.feed.set('BTCUSDT', { bid: '120.00', ask: '120.10' });
  await user.order({ symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.998' });
  const [btc] = (await user.get('contract-spot/holdings')).data;
  // cost 210 for 1.998 → 105.105105…; 1 BTC left at the average: cost 105.105105…, worth 120
  assert.deepEqual([btc.asset, btc.quantity, btc.averageCost, btc.costValue, btc.price, btc.marketValue], ['BTC', '1', '105.105105', '105.10510511', '120', '120']);
  assert.deepEqual([btc.unrealisedPnl, btc.unrealisedPnlPercent], ['14.89489489', '14.17']);
});

test('each order change is pushed to the owner’s positions stream after it commits (SPOT_ORDER with its status)', async () => {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await trader('1000');
  const socket = new WebSocket(`ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/ws/positions?token=${encodeURIComponent(user.token)}`);
  const messages: { action: string; status?: string; orderId?: string; mode?: string }[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
  await sleep(100);
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const placed = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '90', quantity: '1' });
  await ticked('BTCUSDT', { bid: '89.00', ask: '89.50' });
  const deadline = Date.now() + 5000;
  while (messages.filter((m) => m.action === 'SPOT_ORDER').length < 2 && Date.now() < deadline) await sleep(20);
  socket.close();
  assert.deepEqual(
    messages.filter((m) => m.action === 'SPOT_ORDER').map((m) => [m.orderId, m.status, m.mode]),
    [[placed.data.id, 'pending', 'real'], [placed.data.id, 'completed', 'real']],
  );
  assert.ok(messages.some((m) => m.action === 'BALANCE'), 'the balance change is pushed too');
});

test('an operator’s change of terms is audited and reaches future orders only', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const before = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '90', quantity: '1' });
  const lines: string[] = [];
  const context = { operator: 'ops-test', db: async () => h.db, print: (line: string) => void lines.push(line) };
  await runCommand(['trading:instrument-set', 'BTCUSDT', '--maker', '0.002', '--taker', '0.003'], context);
  await assert.rejects(runCommand(['trading:instrument-set', 'BTCUSDT', '--maker', '0.5'], context), /fraction/);
  const audit = await h.db.query<{ actor: string; detail: { after: { makerFeeRate: string } } }>(`SELECT actor, detail FROM audit_log WHERE action = 'trading:instrument-set' ORDER BY id DESC LIMIT 1`);
  assert.deepEqual([audit.rows[0]!.actor, audit.rows[0]!.detail.after.makerFeeRate], ['ops-test', '0.002']);
  await h.engine.instruments.reload();
  assert.equal((await call(h.app, 'GET', 'contract-margin/fee?symbol=BTCUSDT')).data.takerFeeRate, '0.003');
  const after_ = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '1' });
  assert.deepEqual([after_.data.takerFeeRate, after_.data.fee], ['0.003', '0.003']);
  // the resting order keeps the maker rate it was placed with
  await ticked('BTCUSDT', { bid: '89.00', ask: '89.50' });
  const filled = (await user.get(`contract-spot/detail?orderId=${before.data.id}`)).data;
  assert.deepEqual([filled.status, filled.makerFeeRate, filled.fee], ['completed', '0.0008', '0.0008']);
  await runCommand(['trading:instrument-set', 'BTCUSDT', '--maker', '0.0008', '--taker', '0.001'], context);
  await h.engine.instruments.reload();
  lines.length = 0;
  await runCommand(['trading:instruments'], context);
  assert.match(lines.join('\n'), /BTCUSDT {2}v3 {2}spot:on/);
});

test('a resting limit fires exactly once across a restart: the index is rebuilt from the database', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const placed = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '90', quantity: '1' });
  await h.app.close();
  await h.start();
  assert.ok(h.engine.triggers.index.has(await triggerOf(placed.data.id)), 'the index is rebuilt at start');
  // two processes proposing the same trigger at once: one fill
  h.feed.set('BTCUSDT', { bid: '89.00', ask: '89.50' });
  const trigger = (await h.db.query<{ id: string }>(`SELECT id::text AS id FROM trading_triggers WHERE ref = $1`, [placed.data.id])).rows[0]!.id;
  const stored = { id: trigger, owner: 'spot', ref: placed.data.id, mode: 'real' as const, symbol: 'BTCUSDT', direction: 'lte' as const, watch: 'ask' as const, price: '90' };
  const outcomes = await Promise.all([h.engine.triggers.fire(stored), h.engine.triggers.fire(stored)]);
  assert.deepEqual(outcomes.sort(), ['fired', 'gone']);
  h.feed.emit('BTCUSDT');
  await h.engine.triggers.idle();
  const order = (await user.get(`contract-spot/detail?orderId=${placed.data.id}`)).data;
  assert.deepEqual([order.status, order.fills.length, order.marketValue], ['completed', 1, '89.5']);
  assert.equal(await user.balance('USDT'), '910.5');
});

async function triggerOf(orderId: string) {
  return (await h.db.query<{ id: string }>(`SELECT trigger_id::text AS id FROM spot_orders WHERE id = $1`, [orderId])).rows[0]!.id;
}

test('the receipt chain verifies, and a tampered receipt fails verification (pnpm ops receipts verify)', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.3' });
  const lines: string[] = [];
  const context = { operator: 'test', db: async () => h.db, print: (line: string) => void lines.push(line) };
  await runCommand(['receipts', 'verify'], context);
  assert.match(lines.join('\n'), /Receipts OK/);
  const { rows } = await h.db.query<{ seq: string; payload: string }>('SELECT seq::text AS seq, payload FROM receipts ORDER BY seq LIMIT 1');
  await h.db.query('ALTER TABLE receipts DISABLE TRIGGER receipts_append_only');
  try {
    await h.db.query('UPDATE receipts SET payload = $2 WHERE seq = $1', [rows[0]!.seq, rows[0]!.payload.replace('"price":"', '"price":"1')]);
    const report = await verifyReceipts(h.db);
    assert.equal(report.ok, false);
    assert.match(report.problems.join('\n'), new RegExp(`receipt ${rows[0]!.seq}: its hash does not match`));
    await assert.rejects(runCommand(['receipts:verify'], context), /verification failed/);
  } finally {
    await h.db.query('UPDATE receipts SET payload = $2 WHERE seq = $1', [rows[0]!.seq, rows[0]!.payload]);
    await h.db.query('ALTER TABLE receipts ENABLE TRIGGER receipts_append_only');
  }
  await assert.rejects(h.db.query('DELETE FROM receipts'), /append-only/);
});

test('a partly filled limit takes each crossing tick’s book once: the same tick proposed again fills nothing, a tick that does not cross touches nothing', async () => {
  const user = await trader('1000');
  h.feed.set('BTCUSDT', { bid: '99.90', ask: '100.00' });
  const placed = await user.order({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '95', quantity: '3' });
  assert.equal(placed.data.status, 'pending');
  const fills = async () => (await h.db.query<{ n: string }>('SELECT count(*)::text AS n FROM spot_fills WHERE order_id = $1', [placed.data.id])).rows[0]!.n;
  const triggerRow = async () =>
    (await h.db.query<{ status: string; doneAt: Date | null }>(`SELECT status, done_at AS "doneAt" FROM trading_triggers WHERE owner = 'spot' AND ref = $1`, [placed.data.id])).rows[0]!;

  // a crossing tick whose book holds 1 within the limit: 1 filled, the order rests on its trigger for the other 2
  await ticked('BTCUSDT', { bid: '94.40', ask: '94.50', asks: [['94.50', '1'], ['96.00', '10']] });
  let order = (await user.get(`contract-spot/detail?orderId=${placed.data.id}`)).data;
  assert.deepEqual([order.status, order.doneQuantity, await fills()], ['pending', '1', '1']);
  const trigger = h.engine.triggers.index.has((await h.db.query<{ id: string }>(`SELECT id::text AS id FROM trading_triggers WHERE ref = $1 AND owner = 'spot'`, [placed.data.id])).rows[0]!.id);
  assert.ok(trigger, 'still indexed');

  // the same tick again: delivered twice, or proposed by a second process — its depth was taken already
  h.feed.emit('BTCUSDT');
  await h.engine.triggers.idle();
  const stored = (await h.db.query<{ id: string; owner: string; ref: string; mode: 'real'; symbol: string; direction: 'lte'; watch: 'ask'; price: string }>(
    `SELECT id::text AS id, owner, ref, mode, symbol, direction, watch, price::text AS price FROM trading_triggers WHERE ref = $1 AND owner = 'spot'`,
    [placed.data.id],
  )).rows[0]!;
  assert.equal(await h.engine.triggers.fire(stored), 'skip');
  assert.equal(await fills(), '1', 'the same depth is never filled twice');

  // a tick that does not cross: no claim, no fill, the trigger row untouched
  await ticked('BTCUSDT', { bid: '95.40', ask: '95.50' });
  assert.equal(await h.engine.triggers.fire(stored), 'uncrossed');
  assert.deepEqual([await fills(), (await triggerRow()).status, (await triggerRow()).doneAt], ['1', 'pending', null]);

  // the next crossing tick is a fresh book: the rest fills at its price
  await ticked('BTCUSDT', { bid: '94.70', ask: '94.80', asks: [['94.80', '5']] });
  order = (await user.get(`contract-spot/detail?orderId=${placed.data.id}`)).data;
  assert.deepEqual([order.status, order.doneQuantity, order.fills.map((f: { price: string; quantity: string }) => [f.price, f.quantity])], ['completed', '3', [['94.5', '1'], ['94.8', '2']]]);
  assert.equal((await triggerRow()).status, 'fired');
});
