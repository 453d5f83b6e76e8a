import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import type { Db } from '../../../db/db.js';
import { registerCompression } from '../../../http/compression.js';
import { errorHandler } from '../../../http/errors.js';
import { testApp } from '../../../testing/app.js';
import { testDb } from '../../../testing/test-db.js';
import { marketRoutes } from '../routes.js';
import { MarketService } from '../service.js';

// What the market's read routes put on the wire: compressed when accepted, and the hot lists built once per tick.
let db: Db;
let cleanup: () => Promise<void>;
const apps: FastifyInstance[] = [];
// Monday 9 March 2026, 11:00 in New York: crypto, forex, CFDs and US stocks trade.
const MONDAY = Date.parse('2026-03-09T15:00:00Z');

before(async () => {
  ({ db, cleanup } = await testDb());
});
after(async () => {
  for (const app of apps) await app.close();
  await cleanup();
});

function decode(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  return (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString();
}

/** The market routes on a bare server over a market whose ticks and clock the test drives. */
async function drivenMarket() {
  let now = MONDAY;
  const market = await MarketService.create(db, { seed: 'wire', tickMs: 1000, klineFlushMs: 60_000, backfillBars: 10 }, { clock: () => now });
  const list = market.list.bind(market);
  const calls = { list: 0 };
  market.list = (...args) => {
    calls.list++;
    return list(...args);
  };
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  await registerCompression(app);
  await app.register(marketRoutes(market), { prefix: '/api/market' });
  apps.push(app);
  let t = MONDAY;
  return {
    app,
    calls,
    tick: () => market.onTicks(market.feed.step((t += 1000))),
    setClock: (ms: number) => void (now = ms),
    get: (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} }),
  };
}

test('API JSON is compressed as accepted (brotli preferred, gzip fallback) and plain otherwise', async () => {
  const app = await testApp({}, { db, clock: () => new Date(MONDAY) });
  apps.push(app);
  // getSymbol is an ordinary (uncached) route: the compression plugin does it.
  for (const url of ['/api/market/getSymbol', '/api/market/getTickerList']) {
    const plain = await app.inject({ method: 'GET', url });
    assert.equal(plain.headers['content-encoding'], undefined, url);
    assert.match(String(plain.headers['content-type']), /^application\/json/, url);
    const expected = plain.json();
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['deflate', undefined], ['*', 'gzip']] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      assert.equal(response.statusCode, 200, `${url} ${accept}`);
      assert.equal(response.headers['content-encoding'], encoding, `${url} ${accept}`);
      if (encoding) assert.match(String(response.headers.vary), /accept-encoding/i, `${url} ${accept}`);
      assert.match(String(response.headers['content-type']), /^application\/json/, `${url} ${accept}`);
      const body = JSON.parse(decode(response));
      assert.equal(body.code, 0);
      if (url.endsWith('getSymbol')) assert.deepEqual(body, expected, `${url} ${accept}`);
      else assert.deepEqual(body.data.map((t: { symbol: string }) => t.symbol), expected.data.map((t: { symbol: string }) => t.symbol));
      if (encoding) assert.ok(response.rawPayload.length < JSON.stringify(body).length / 3, `${url} ${accept}: ${response.rawPayload.length} bytes`);
    }
  }
  // Under the threshold, a body is not worth compressing.
  const small = await app.inject({ method: 'GET', url: '/api/market/getMarketPrice?symbol=BTCUSDT', headers: { 'accept-encoding': 'br' } });
  assert.equal(small.headers['content-encoding'], undefined);
  assert.equal(small.json().data.symbol, 'BTCUSDT');
  // Error envelopes still answer normally.
  const missing = await app.inject({ method: 'GET', url: '/api/market/getMarketPrice?symbol=NOPE', headers: { 'accept-encoding': 'br' } });
  assert.equal(missing.json().code, 404);
});

test('getTickerList is built once per tick: identical bytes within a tick, new ones after it', async () => {
  const market = await drivenMarket();
  const first = await market.get('/api/market/getTickerList');
  const again = await market.get('/api/market/getTickerList');
  assert.equal(market.calls.list, 1, 'the second request is answered from the cache');
  assert.deepEqual(again.rawPayload, first.rawPayload);
  // Each encoding is made once from the same body.
  const br = await market.get('/api/market/getTickerList', 'br');
  const gzip = await market.get('/api/market/getTickerList', 'gzip');
  assert.equal(market.calls.list, 1);
  assert.equal(decode(br), first.body);
  assert.equal(decode(gzip), first.body);
  assert.deepEqual((await market.get('/api/market/getTickerList', 'br')).rawPayload, br.rawPayload);

  // Another query is another entry.
  const crypto = await market.get('/api/market/getTickerList?type=CRYPTO');
  assert.equal(market.calls.list, 2);
  assert.ok(crypto.json().data.length < first.json().data.length);

  market.tick();
  const next = await market.get('/api/market/getTickerList');
  assert.equal(market.calls.list, 3, 'a tick invalidates the cached body');
  assert.notEqual(next.body, first.body);
  const times = (response: LightMyRequestResponse) => Math.max(...response.json().data.map((t: { time: number }) => t.time));
  assert.ok(times(next) > times(first), 'the new body carries the new tick');
  assert.equal(decode(await market.get('/api/market/getTickerList', 'br')), next.body, 'and so do its compressed variants');
  assert.equal(market.calls.list, 3);
});

test('the cached quote lists follow the clock: a session opening re-evaluates marketOpen without a tick', async () => {
  const market = await drivenMarket();
  // Saturday: forex is closed; Monday 11:00 New York it trades.
  market.setClock(Date.parse('2026-03-07T15:00:00Z'));
  const closed = (await market.get('/api/market/forex/all')).json().data as { marketOpen: boolean }[];
  assert.ok(closed.every((q) => !q.marketOpen));
  assert.equal((await market.get('/api/market/forex/all')).json().data[0].marketOpen, false);
  const calls = market.calls.list;
  market.setClock(MONDAY);
  const open = (await market.get('/api/market/forex/all')).json().data as { marketOpen: boolean }[];
  assert.equal(market.calls.list, calls + 1);
  assert.ok(open.every((q) => q.marketOpen));

  // The other cached lists answer what they did before caching.
  const all = (await market.get('/api/market/getMarketPrice')).json().data as { symbol: string; category: string }[];
  assert.ok(all.length >= 80);
  const stocks = (await market.get('/api/market/byTypeGetMarketPrice?type=STOCK')).json().data as { category: string }[];
  assert.ok(stocks.length > 0 && stocks.every((q) => q.category === 'STOCK'));
  const forest = (await market.get('/api/market/getListForestCurrency')).json().data as { category: string }[];
  assert.ok(forest.length > 0 && forest.every((q) => ['FOREX', 'CFD', 'INDIES'].includes(q.category)));
  assert.equal((await market.get('/api/market/getMarketPrice?symbol=ETHUSDT')).json().data.symbol, 'ETHUSDT');
});
