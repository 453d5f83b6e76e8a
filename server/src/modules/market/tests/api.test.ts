import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { Decimal } from 'decimal.js';
import type { Db } from '../../../db/db.js';
import { errorHandler } from '../../../http/errors.js';
import { testApp } from '../../../testing/app.js';
import { testDb } from '../../../testing/test-db.js';
import { registerUser } from '../../identity/test-support.js';
import { favoriteRoutes } from '../favorites.js';
import { MarketService } from '../service.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const apps: FastifyInstance[] = [];
// Monday 9 March 2026, 11:00 in New York: crypto, forex, CFDs and US stocks trade; Tokyo is closed.
const MONDAY = Date.parse('2026-03-09T15:00:00Z');
const SATURDAY = Date.parse('2026-03-07T15:00:00Z');

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({}, { db, clock: () => new Date(MONDAY) });
  apps.push(app);
});
after(async () => {
  for (const a of apps) await a.close();
  await cleanup();
});

async function get(path: string, target = app) {
  const response = await target.inject({ method: 'GET', url: path });
  const body = response.json() as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, ...body };
}

const QUOTE_FIELDS = [
  'amountDecimals', 'ask', 'bid', 'category', 'change', 'changePercent', 'high', 'isIco', 'low', 'marketOpen', 'name', 'open',
  'price', 'priceDecimals', 'symbol', 'time', 'unit', 'volume',
];
const DECIMAL = /^-?\d+(\.\d+)?$/;

function assertQuote(quote: Record<string, unknown>) {
  assert.deepEqual(Object.keys(quote).sort(), QUOTE_FIELDS);
  for (const field of ['price', 'bid', 'ask', 'open', 'high', 'low', 'change', 'volume', 'changePercent']) {
    assert.equal(typeof quote[field], 'string', field);
    assert.match(quote[field] as string, DECIMAL, field);
  }
  const dp = (quote.price as string).split('.')[1]?.length ?? 0;
  assert.equal(dp, quote.priceDecimals);
}

test('getMarketPrice: one quote by symbol, or every quote', async () => {
  const one = await get('/api/market/getMarketPrice?symbol=BTCUSDT');
  assert.equal(one.code, 0);
  assertQuote(one.data);
  assert.deepEqual([one.data.symbol, one.data.isIco, one.data.category, one.data.priceDecimals, one.data.amountDecimals], ['BTCUSDT', 0, 'CRYPTO', 2, 5]);
  const all = await get('/api/market/getMarketPrice');
  assert.ok(all.data.length >= 80);
  all.data.forEach(assertQuote);
  const unknown = await get('/api/market/getMarketPrice?symbol=NOPE');
  assert.deepEqual([unknown.status, unknown.code, unknown.msg], [404, 404, 'Unknown symbol: NOPE']);
});

test('precision on the wire: by coin (BTC 2/5, DOGE 5/0), forex a tenth of a pip (5, JPY-quoted 3), stocks, indices and CFDs cents 2/5', async () => {
  const all = (await get('/api/market/getMarketPrice')).data as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  const bySymbol = new Map(all.map((q) => [q.symbol, q]));
  const check = (symbol: string, price: number, amount: number) => {
    const q = bySymbol.get(symbol)!;
    assert.deepEqual([q.priceDecimals, q.amountDecimals], [price, amount], symbol);
    assert.equal(q.price.split('.')[1]?.length ?? 0, price, `${symbol} ${q.price}`);
    assert.equal(q.volume.split('.')[1]?.length ?? 0, amount, `${symbol} ${q.volume}`);
  };
  check('BTCUSDT', 2, 5);
  check('DOGEUSDT', 5, 0);
  check('XRPUSDT', 4, 0);
  check('BCHUSDT', 1, 3);
  check('AUDCAD', 5, 5);
  check('USDJPY', 3, 5);
  check('AAPL:NASDAQ', 2, 5);
  check('7203:TSE', 2, 5);
  check('SPX500', 2, 5);
  check('XAUUSD', 2, 5);
});

test('byTypeGetMarketPrice, getListForestCurrency, forex/all and getTickerList filter by category', async () => {
  const forex = await get('/api/market/byTypeGetMarketPrice?type=FOREX');
  assert.ok(forex.data.length >= 20 && forex.data.every((q: { category: string }) => q.category === 'FOREX'));
  assert.equal((await get('/api/market/byTypeGetMarketPrice?type=GOLD')).status, 400);
  const forest = await get('/api/market/getListForestCurrency');
  assert.deepEqual([...new Set(forest.data.map((q: { category: string }) => q.category))].sort(), ['CFD', 'FOREX', 'INDIES']);
  const all = await get('/api/market/forex/all');
  assert.ok(all.data.some((q: { symbol: string }) => q.symbol === 'AUDCAD'));
  assert.ok(all.data.every((q: { category: string }) => q.category === 'FOREX'));
  const tickers = await get('/api/market/getTickerList?type=CRYPTO');
  assert.equal(tickers.data.length, 18);
  assert.deepEqual(Object.keys(tickers.data[0]).sort(), ['change', 'changePercent', 'high', 'low', 'open', 'price', 'symbol', 'time', 'volume']);
});

test('getSymbol and getListCurrencyByType describe instruments', async () => {
  const info = await get('/api/market/getSymbol?symbol=7203:TSE');
  assert.deepEqual(info.data, {
    symbol: '7203:TSE', name: 'Toyota Motor Corp.', category: 'STOCK', unit: 'JPY', priceDecimals: 2, amountDecimals: 5,
    calendarId: 'TSE', status: 'TRADING', isIco: 0, exchange: 'TSE',
  });
  const list = await get('/api/market/getSymbol');
  assert.ok(list.data.length >= 80);
  const byType = await get('/api/market/getListCurrencyByType?type=CRYPTO');
  assert.equal(byType.data.length, 18);
  assert.ok(byType.data.every((i: { category: string; price: string }) => i.category === 'CRYPTO' && DECIMAL.test(i.price)));
  assert.equal((await get('/api/market/getListCurrencyByType')).status, 400);
});

test('klines answer bars (history generated on first request; the stock chart: modules/stocks)', async () => {
  const chart = await get('/api/market/klines?symbol=AAPL:NASDAQ&interval=1d&limit=600');
  assert.equal(chart.data.symbol, 'AAPL:NASDAQ');
  assert.equal(chart.data.interval, '1d');
  assert.ok(chart.data.bars.length >= 500, `${chart.data.bars.length} bars`);
  const bar = chart.data.bars[0];
  assert.deepEqual(Object.keys(bar).sort(), ['close', 'high', 'low', 'open', 'openTime', 'volume']);
  assert.equal(typeof bar.openTime, 'number');
  assert.match(bar.close, /^\d+\.\d{2}$/);
  const klines = await get('/api/market/klines?symbol=DOGEUSDT&interval=5m&limit=50');
  assert.equal(klines.data.bars.length, 50);
  assert.match(klines.data.bars[0].open, /^\d+\.\d{5}$/);
  assert.equal((await get('/api/market/klines?symbol=DOGEUSDT&interval=2m')).status, 400);
});

test('depth endpoints: public-exchange style (limit default 10, max 20) and byTypeDepthUpdate', async () => {
  const depth = await get('/api/market/depth?symbol=BTCUSDT');
  assert.deepEqual(Object.keys(depth.data).sort(), ['asks', 'bids', 'lastUpdateId', 'price', 'symbol']);
  assert.equal(depth.data.bids.length, 10);
  assert.equal(depth.data.asks.length, 10);
  const [bestBid, bestAsk] = [new Decimal(depth.data.bids[0][0]), new Decimal(depth.data.asks[0][0])];
  assert.ok(bestBid.lessThan(depth.data.price) && bestAsk.greaterThan(depth.data.price));
  assert.equal((await get('/api/market/depth?symbol=BTCUSDT&limit=20')).data.asks.length, 20);
  assert.equal((await get('/api/market/depth?symbol=BTCUSDT&limit=21')).status, 400);
  const byType = await get('/api/market/byTypeDepthUpdate?symbol=ETHUSDT&type=CRYPTO');
  assert.equal(byType.data.symbol, 'ETHUSDT');
  assert.equal(byType.data.bids.length, 20);
});

test('initForestData defaults to AUDCAD and carries instrument, quote, trading time and depth', async () => {
  const init = await get('/api/market/initForestData');
  assert.equal(init.data.instrument.symbol, 'AUDCAD');
  assert.equal(init.data.quote.symbol, 'AUDCAD');
  assert.equal(init.data.tradingTime.open, true);
  assert.equal(init.data.depth.bids.length, 10);
});

test('checkTradingTime: open/nextOpen/nextClose, and "Out of trading time" when enforced while closed', async () => {
  const open = await get('/asset/api/forex/contract/checkTradingTime?symbol=AUDCAD&enforce=true');
  assert.equal(open.code, 0);
  assert.deepEqual(open.data, { open: true, nextOpen: Date.parse('2026-03-15T21:00:00Z'), nextClose: Date.parse('2026-03-13T21:00:00Z') });
  const weekend = await testApp({}, { db, clock: () => new Date(SATURDAY) });
  apps.push(weekend);
  const closed = await get('/asset/api/forex/contract/checkTradingTime?symbol=AUDCAD', weekend);
  assert.deepEqual(closed.data, { open: false, nextOpen: Date.parse('2026-03-08T21:00:00Z'), nextClose: Date.parse('2026-03-13T21:00:00Z') });
  const refused = await get('/asset/api/forex/contract/checkTradingTime?symbol=AUDCAD&enforce=1', weekend);
  assert.deepEqual([refused.status, refused.code, refused.msg, refused.data], [200, 1001, 'Out of trading time', null]);
  assert.equal((await get('/asset/api/forex/contract/checkTradingTime?symbol=BTCUSDT&enforce=1', weekend)).data.open, true);
});

test('favorites need a session, then insert, list, isFavorite and delete per user', async () => {
  const anonymous = await app.inject({ method: 'POST', url: '/asset/api/favorite/list', payload: {} });
  assert.equal(anonymous.json().code, 301);
  const alice = await registerUser(app, db);
  const bob = await registerUser(app, db);
  const post = async (path: string, token: string, body: object) =>
    (await app.inject({ method: 'POST', url: `/asset/api/favorite/${path}`, headers: { token }, payload: body })).json();
  assert.deepEqual((await post('insert', alice.token, { symbol: 'btcusdt' })).data, { symbol: 'BTCUSDT', favorite: true });
  assert.equal((await post('insert', alice.token, { symbol: 'BTCUSDT' })).code, 0, 'inserting twice is harmless');
  await post('insert', alice.token, { symbol: 'AAPL:NASDAQ' });
  const list = await post('list', alice.token, {});
  assert.deepEqual(list.data.map((q: { symbol: string }) => q.symbol), ['BTCUSDT', 'AAPL:NASDAQ']);
  assertQuote(list.data[0]);
  assert.equal((await post('isFavorite', alice.token, { symbol: 'BTCUSDT' })).data.favorite, true);
  assert.equal((await post('isFavorite', bob.token, { symbol: 'BTCUSDT' })).data.favorite, false);
  assert.deepEqual((await post('list', bob.token, {})).data, []);
  assert.equal((await post('delete', alice.token, { symbol: 'BTCUSDT' })).data.favorite, false);
  assert.deepEqual((await post('list', alice.token, {})).data.map((q: { symbol: string }) => q.symbol), ['AAPL:NASDAQ']);
  assert.equal((await post('insert', alice.token, { symbol: 'NOPE' })).code, 404);
  assert.equal((await post('insert', alice.token, {})).code, 400);
});

test('favorites routes against a test verifier (no identity module involved)', async () => {
  const market = await MarketService.create(db, { seed: 'fav', tickMs: 1000, klineFlushMs: 60_000, backfillBars: 10 }, { clock: () => MONDAY });
  const bare = Fastify();
  bare.setErrorHandler(errorHandler);
  await bare.register(
    favoriteRoutes(db, market, async (request) => {
      const user = request.headers['x-test-user'];
      if (typeof user !== 'string') throw Object.assign(new Error('no user'), { statusCode: 401 });
      return user;
    }),
    { prefix: '/asset/api' },
  );
  apps.push(bare);
  const post = async (path: string, body: object, user?: string) =>
    (await bare.inject({ method: 'POST', url: `/asset/api/favorite/${path}`, headers: user ? { 'x-test-user': user } : {}, payload: body })).json();
  assert.equal((await post('list', {})).code, 401);
  await post('insert', { symbol: 'ETHUSDT' }, 'u-1');
  assert.deepEqual((await post('list', {}, 'u-1')).data.map((q: { symbol: string }) => q.symbol), ['ETHUSDT']);
  assert.deepEqual((await post('list', {}, 'u-2')).data, []);
  await market.stop();
});

test('market inputs outside their contract are refused with a reason before any lookup', async () => {
  const refused = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: path });
    return { status: res.statusCode, ...(res.json() as { code: number; reason: string; msg: string }) };
  };
  // a NUL byte is refused for every input before any schema or lookup (http/validation.ts), as invalid text
  const badSymbol = await refused('/api/market/klines?symbol=%00BTC&interval=1m');
  assert.deepEqual([badSymbol.status, badSymbol.reason], [400, 'invalidText']);
  const unknown = await refused('/api/market/getMarketPrice?symbol=NOPEUSDT');
  assert.deepEqual([unknown.reason, unknown.msg], ['unknownSymbol', 'Unknown symbol: NOPEUSDT']);
  // an empty or blank symbol is missing input, never "Unknown symbol: " naming nothing
  for (const blank of ['', '%20%20']) {
    const missing = await refused(`/api/market/depth?symbol=${blank}`);
    assert.deepEqual([missing.status, missing.reason, missing.msg], [400, 'symbolRequired', 'Please give a symbol'], `symbol=${blank}`);
  }
  // a malformed one is named as sent
  const malformed = await refused('/api/market/depth?symbol=-BTC');
  assert.deepEqual([malformed.status, malformed.reason, malformed.msg], [400, 'unknownSymbol', 'Unknown symbol: -BTC']);
  assert.equal((await refused('/api/market/klines?symbol=BTCUSDT&interval=2m')).reason, 'invalidField');
  assert.equal((await refused('/api/market/getTickerList?type=CRYPTOS')).reason, 'invalidField');
  assert.equal((await refused('/api/market/depth?symbol=BTCUSDT&limit=999')).reason, 'invalidField');
  const missing = await refused('/api/market/depth');
  assert.deepEqual([missing.reason, missing.msg], ['fieldRequired', 'symbol is required']);
});
