import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { Decimal } from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../../../app.js';
import { loadConfig } from '../../../../config.js';
import type { Db } from '../../../../db/db.js';
import { testDb } from '../../../../testing/test-db.js';
import type { BookLevels } from './format.js';
import { expectedSide, FIXTURES, startFakeExchange, type FakeExchange } from './test-support.js';

// The app runs with MARKET_FEED=exchange against the local fake exchange, its clock from Monday 9 March 2026
// 15:00 UTC (when the fixtures were recorded; forex and US stocks trade then too).
const T0 = Date.parse('2026-03-09T15:00:00Z');
const realStart = Date.now();
const clock = () => new Date(T0 + (Date.now() - realStart));

let db: Db;
let cleanup: () => Promise<void>;
let fake: FakeExchange;
let app: FastifyInstance;
let base: string;
const sockets: WebSocket[] = [];

before(async () => {
  ({ db, cleanup } = await testDb());
  // A small gap between replayed messages, so the stream is seen across several app ticks.
  fake = await startFakeExchange({ replayGapMs: 5 });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MARKET_FEED: 'exchange',
    MARKET_EXCHANGE_REST_URL: fake.restUrl,
    MARKET_EXCHANGE_WS_URL: fake.wsUrl,
    MARKET_TICK_MS: '50',
  });
  app = await buildApp(config, { db, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
after(async () => {
  for (const socket of sockets) socket.terminate();
  await app.close();
  await fake.close();
  await cleanup();
});

async function get(path: string) {
  const response = await app.inject({ method: 'GET', url: path });
  const body = response.json() as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, ...body };
}

function connect(path: string) {
  const socket = new WebSocket(`${base}${path}`);
  sockets.push(socket);
  const messages: unknown[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return { socket, messages, opened };
}

async function until(predicate: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

type Quote = { symbol: string; price: string; bid: string; ask: string; category: string; open: string; priceDecimals: number };
const streamPrices = (symbol: string, dp: number) =>
  FIXTURES.stream.filter((m) => m.stream === `${symbol.toLowerCase()}@ticker`).map((m) => new Decimal((m.data as { c: string }).c).toFixed(dp, Decimal.ROUND_HALF_UP));

test('/ws/market carries the exchange stream for listed coins, batched with the simulated instruments', async () => {
  const client = connect('/ws/market?key=meridian-public');
  await client.opened;
  const of = (symbol: string) => (client.messages as Quote[][]).flat().filter((q) => q.symbol === symbol);
  // DOGE's last recorded message is the last of the replay.
  const replayed = () => of('BTCUSDT').some((q) => q.price === '68415.12') && of('DOGEUSDT').some((q) => q.price === '0.18741');
  // The replay may have finished before this socket opened: a reconnect of the app's feed replays it again.
  if (!replayed()) {
    await until(() => fake.connections() > 0, 'the app connected to the exchange');
    fake.drop();
  }
  await until(replayed, 'the last recorded prices on /ws/market');
  const btc = () => of('BTCUSDT');
  const recorded = new Set([...streamPrices('BTCUSDT', 2), '68407.90']);
  for (const quote of btc()) assert.ok(recorded.has(quote.price), `BTC ${quote.price} comes from the fixtures`);
  const batches = client.messages as Quote[][];
  assert.ok(batches.every((b) => Array.isArray(b)));
  assert.ok(batches.some((b) => b.some((q) => q.symbol === 'BTCUSDT') && b.some((q) => q.symbol === 'AUDCAD')), 'one array for both sources');
  const dot = batches.flat().filter((q) => q.symbol === 'DOTUSDT').at(-1)!;
  assert.deepEqual([dot.price, dot.bid, dot.ask], ['4.13', '4.12', '4.13']);
});

test('/api/market quotes: exchange coins from the fixtures, everything else simulated', async () => {
  const btc = (await get('/api/market/getMarketPrice?symbol=BTCUSDT')).data as Quote;
  assert.deepEqual([btc.price, btc.bid, btc.ask, btc.category, btc.priceDecimals], ['68415.12', '68415.11', '68415.12', 'CRYPTO', 2]);
  // The 24 h statistics start from the exchange's recorded 15m bars, not from generated ones.
  const opens = new Set(FIXTURES.klines['BTCUSDT 15m']!.map((k) => new Decimal(k[1]).toFixed(2)));
  assert.ok(opens.has(btc.open), `24 h open ${btc.open} is a recorded bar's open`);

  const doge = (await get('/api/market/getMarketPrice?symbol=dogeusdt')).data as Quote;
  assert.equal(doge.price, '0.18741');
  const audcad = (await get('/api/market/getMarketPrice?symbol=AUDCAD')).data as Quote;
  assert.deepEqual([audcad.category, audcad.priceDecimals, audcad.price.split('.')[1]!.length], ['FOREX', 5, 5]);
  const eos = (await get('/api/market/getMarketPrice?symbol=EOSUSDT')).data as Quote;
  assert.ok(eos.price.match(/^\d+\.\d$/), 'EOS is not listed by the exchange: simulated, 1 decimal');
  const all = (await get('/api/market/getMarketPrice')).data as Quote[];
  assert.ok(all.length >= 80, 'every instrument still has a quote');
  const tickers = (await get('/api/market/getTickerList?type=CRYPTO')).data as Quote[];
  assert.equal(tickers.length, 18);
});

test('/api/market/depth and /ws/depth serve the exchange book on the instrument grid', async () => {
  const depth = (await get('/api/market/depth?symbol=DOTUSDT&limit=5')).data as { symbol: string; bids: [string, string][]; asks: [string, string][] };
  assert.equal(depth.symbol, 'DOTUSDT');
  const last = FIXTURES.stream.filter((m) => m.stream === 'dotusdt@depth20').at(-1)!.data as BookLevels;
  // The exchange's 20 levels of 0.001 land on fewer levels of 0.01 (merged, not padded with invented ones).
  assert.deepEqual(depth.bids, expectedSide(last.bids, 'bids', 2, 2).slice(0, 5));
  assert.deepEqual(depth.asks, expectedSide(last.asks, 'asks', 2, 2).slice(0, 5));
  assert.deepEqual(depth.bids[0], ['4.12', '10.53'], 'three recorded levels merged on the 0.01 grid');

  const client = connect('/ws/depth');
  await client.opened;
  client.socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@depth'], id: 7 }));
  await until(() => client.messages.length >= 2, 'the subscribe answer and the book');
  assert.deepEqual(client.messages[0], { result: null, id: 7 });
  const book = client.messages[1] as { stream: string; bids: [string, string][]; asks: [string, string][] };
  assert.equal(book.stream, 'btcusdt@depth');
  assert.equal(book.bids.length, 20);
  assert.ok(book.bids.every(([p, a]) => /^\d+\.\d{2}$/.test(p) && /^\d+\.\d{5}$/.test(a)));
  assert.ok(new Decimal(book.bids[0]![0]).greaterThan(book.bids[1]![0]) && new Decimal(book.asks[0]![0]).lessThan(book.asks[1]![0]));
});

test('K-lines: exchange coins backfill from the REST klines, simulated instruments are generated as before', async () => {
  const before = fake.requests.length;
  const btc = (await get('/api/market/klines?symbol=BTCUSDT&interval=1h&limit=1000')).data as { bars: { openTime: number; open: string }[] };
  assert.ok(fake.requests.slice(before).some((r) => r.startsWith('/api/v3/klines?symbol=BTCUSDT&interval=1h&endTime=')));
  // The replay began at 14:59:58, so the app built the 14:00 bar's last seconds and the 15:00 bar itself; the
  // history is the exchange's bars before those.
  const live = btc.bars.filter((b) => b.openTime >= T0 - 3_600_000);
  assert.deepEqual(live.map((b) => b.openTime), [T0 - 3_600_000, T0]);
  const recorded = FIXTURES.klines['BTCUSDT 1h']!.filter((k) => k[0] < T0 - 3_600_000);
  assert.deepEqual(
    btc.bars.slice(0, -2).map((b) => [b.openTime, b.open]),
    recorded.map((k) => [k[0], new Decimal(k[1]).toFixed(2)]),
  );

  const audcad = (await get('/api/market/klines?symbol=AUDCAD&interval=1h&limit=50')).data as { bars: unknown[] };
  assert.equal(audcad.bars.length, 50);
  assert.ok(!fake.requests.some((r) => r.includes('AUDCAD')), 'never asks the exchange for a simulated instrument');
});
