import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { Decimal } from 'decimal.js';
import { INSTRUMENT_SEEDS } from '../../instruments/catalogue.js';
import { CompositeFeed } from '../composite.js';
import type { Tick } from '../port.js';
import { createFeed } from '../select.js';
import { ExchangeFeed, type ExchangeFeedOptions } from './feed.js';
import type { BookLevels } from './format.js';
import { expectedSide, FIXTURES, startFakeExchange, type FakeExchange } from './test-support.js';

const T0 = Date.parse('2026-03-09T15:00:00Z'); // the fixtures were recorded around this instant (a Monday)
const CRYPTO = INSTRUMENT_SEEDS.filter((i) => i.category === 'CRYPTO');
const FAST = { backoff: { minMs: 20, maxMs: 100 }, restTimeoutMs: 2000 };

const fakes: FakeExchange[] = [];
const feeds: { stop(): void }[] = [];
let fake: FakeExchange;
before(async () => {
  fake = await exchange();
});
after(async () => {
  for (const feed of feeds) feed.stop();
  for (const f of fakes) await f.close();
});

async function exchange(options?: Parameters<typeof startFakeExchange>[0]): Promise<FakeExchange> {
  const started = await startFakeExchange(options);
  fakes.push(started);
  return started;
}

function exchangeFeed(target: FakeExchange, options: Partial<ExchangeFeedOptions> = {}): ExchangeFeed {
  const feed = new ExchangeFeed({ restUrl: target.restUrl, wsUrl: target.wsUrl, tickMs: 1000, instruments: CRYPTO, clock: () => T0, ...FAST, ...options });
  feeds.push(feed);
  return feed;
}

async function until(predicate: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const decimals = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);
const lastMessage = (stream: string) => FIXTURES.stream.filter((m) => m.stream === stream).at(-1)!.data as BookLevels;

test('the REST snapshot gives the listing, the first quotes (rounded) and the first books', async () => {
  const feed = exchangeFeed(fake);
  const before = fake.requests.length;
  await feed.load();
  const requests = fake.requests.slice(before);
  assert.equal(requests.filter((r) => r === '/api/v3/ticker/24hr').length, 1, 'one request for every ticker');
  const listed = ['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'DOGEUSDT', 'SOLUSDT', 'DOTUSDT', 'BCHUSDT', 'LTCUSDT'];
  assert.deepEqual(CRYPTO.map((i) => i.symbol).filter((s) => feed.owns(s)).sort(), listed.sort());
  assert.equal(feed.owns('OMGUSDT'), false, 'listed with a zero price (halted): not a market');
  assert.equal(feed.owns('EOSUSDT'), false, 'not listed');
  assert.equal(feed.owns('BNBUSDT'), false, 'listed by the exchange but not in the catalogue');
  assert.equal(feed.owns('AUDCAD'), false);
  assert.deepEqual(requests.filter((r) => r.startsWith('/api/v3/depth')).sort(), listed.map((s) => `/api/v3/depth?symbol=${s}&limit=20`).sort());

  const btc = feed.quote('BTCUSDT') as Tick;
  assert.deepEqual([btc.price, btc.bid, btc.ask, btc.volume, btc.category], ['68407.90', '68407.89', '68407.90', '0.00000', 'CRYPTO']);
  assert.equal(btc.time, FIXTURES.tickers.find((t) => t.symbol === 'BTCUSDT')!.closeTime);
  // DOTUSDT trades in 0.001 and shows 2 decimals: last 4.121 → 4.12, bid 4.120 → 4.12, ask 4.121 rounds up → 4.13.
  const dot = feed.quote('DOTUSDT') as Tick;
  assert.deepEqual([dot.price, dot.bid, dot.ask], ['4.12', '4.12', '4.13']);
  assert.deepEqual([feed.quote('DOGEUSDT')!.price, feed.quote('XRPUSDT')!.price, feed.quote('BCHUSDT')!.price], ['0.18722', '1.3921', '452.3']);

  const book = feed.depth('BTCUSDT', 20)!;
  const raw = FIXTURES.depth.BTCUSDT!;
  assert.deepEqual(book.bids, expectedSide(raw.bids, 'bids', 2, 5));
  assert.deepEqual(book.asks, expectedSide(raw.asks, 'asks', 2, 5));
  assert.equal(book.bids.length, 20);
  assert.deepEqual(book.bids[0], ['68407.89', new Decimal(raw.bids[0]![1]).toFixed(5)]);
  assert.equal(feed.depth('BTCUSDT', 5)!.asks.length, 5);
});

test('stream ticks reach subscribers once per step, rounded to the instrument; volume comes from the 1m bars', async () => {
  const feed = exchangeFeed(fake);
  await feed.load();
  const seen = fake.subscriptions.length;
  const batches: (readonly Tick[])[] = [];
  feed.subscribe((ticks) => batches.push(ticks));
  feed.connect();
  await until(() => fake.subscriptions.length > seen, 'SUBSCRIBE');
  const params = fake.subscriptions[seen]!;
  for (const stream of ['btcusdt@ticker', 'btcusdt@depth20', 'btcusdt@kline_1m', 'dotusdt@ticker']) assert.ok(params.includes(stream), stream);
  assert.ok(!params.some((p) => p.startsWith('eosusdt') || p.startsWith('omgusdt') || p.startsWith('bnbusdt')), 'only what the exchange lists');

  const volume = new Map<string, Decimal>();
  await until(() => {
    for (const tick of feed.step()) volume.set(tick.symbol, (volume.get(tick.symbol) ?? new Decimal(0)).plus(tick.volume));
    return feed.quote('DOGEUSDT')!.price === '0.18741' && volume.get('DOGEUSDT')?.equals(1369579) === true;
  }, 'the replayed stream');
  assert.ok(batches.length >= 1 && batches.every((b) => b.length > 0 && new Set(b.map((t) => t.symbol)).size === b.length));
  for (const tick of batches.flat()) {
    const instrument = CRYPTO.find((i) => i.symbol === tick.symbol)!;
    for (const field of ['price', 'bid', 'ask'] as const) assert.equal(decimals(tick[field]), instrument.priceDecimals, `${tick.symbol} ${field} ${tick[field]}`);
    assert.equal(decimals(tick.volume), instrument.amountDecimals, `${tick.symbol} volume ${tick.volume}`);
  }
  // Final ticker: BTC c 68415.12 b 68415.11 a 68415.12; DOT c 4.125 → 4.13 (half up), b 4.124 → 4.12, a 4.125 → 4.13.
  const final = (symbol: string) => {
    const t = feed.quote(symbol)!;
    return [t.price, t.bid, t.ask];
  };
  assert.deepEqual(final('BTCUSDT'), ['68415.12', '68415.11', '68415.12']);
  assert.deepEqual(final('DOTUSDT'), ['4.13', '4.12', '4.13']);
  assert.deepEqual(final('ETHUSDT'), ['2043.45', '2043.44', '2043.45']);
  assert.equal(feed.quote('BTCUSDT')!.time, (FIXTURES.stream.filter((m) => m.stream === 'btcusdt@ticker').at(-1)!.data as { E: number }).E);
  // The 14:59 bar closed at 12.34567 (BTC) and the 15:00 bar reached 1.07801: 13.42368 in all, none counted twice.
  // ETH 155.0031 + 9.1045 = 164.1076 shows 3 decimals: 164.107 so far, the remainder carried to later ticks.
  assert.equal(volume.get('BTCUSDT')!.toFixed(5), '13.42368');
  assert.equal(volume.get('ETHUSDT')!.toFixed(3), '164.107');
  assert.equal(volume.get('DOTUSDT')!.toFixed(2), '9030.45');

  // A quiet symbol keeps its last tick, and a step without changes delivers nothing.
  const count = batches.length;
  assert.deepEqual(feed.step(), []);
  assert.equal(batches.length, count);
  assert.deepEqual(final('BTCUSDT'), ['68415.12', '68415.11', '68415.12']);
});

test('depth from the stream: on the instrument grid, bids descending, asks ascending, merged levels', async () => {
  const feed = exchangeFeed(fake);
  await feed.load();
  feed.connect();
  const last = lastMessage('dotusdt@depth20');
  const want = expectedSide(last.bids, 'bids', 2, 2);
  await until(() => JSON.stringify(feed.depth('DOTUSDT', 20)!.bids) === JSON.stringify(want), 'the last DOT book');
  const book = feed.depth('DOTUSDT', 20)!;
  assert.deepEqual(Object.keys(book).sort(), ['asks', 'bids', 'price', 'symbol', 'time']);
  // 4.124 + 4.121 + 4.120 (2.06 + 3.43 + 5.04) all round down to 4.12.
  assert.deepEqual(book.bids[0], ['4.12', '10.53']);
  assert.deepEqual(book.asks, expectedSide(last.asks, 'asks', 2, 2));
  for (const side of [book.bids, book.asks]) for (const [p, a] of side) assert.ok(decimals(p) === 2 && decimals(a) === 2 && new Decimal(a).greaterThan(0));
  const prices = (side: [string, string][]) => side.map(([p]) => new Decimal(p));
  assert.ok(prices(book.bids).every((p, i, all) => i === 0 || p.lessThan(all[i - 1]!)), 'bids strictly descending');
  assert.ok(prices(book.asks).every((p, i, all) => i === 0 || p.greaterThan(all[i - 1]!)), 'asks strictly ascending');
  assert.ok(new Decimal(book.bids[0]![0]).lessThan(book.asks[0]![0]));
  const btc = feed.depth('BTCUSDT', 20)!;
  assert.deepEqual(btc.bids, expectedSide(lastMessage('btcusdt@depth20').bids, 'bids', 2, 5));
  assert.equal(btc.bids.length, 20);
});

test('reconnects with backoff when the exchange drops the stream, and resubscribes', async () => {
  const target = await exchange({ replay: false });
  const feed = exchangeFeed(target);
  await feed.load();
  feed.connect();
  await until(() => target.subscriptions.length === 1, 'the first SUBSCRIBE');
  target.push(FIXTURES.stream.find((m) => m.stream === 'btcusdt@ticker')!);
  await until(() => feed.quote('BTCUSDT')!.price === '68409.55', 'a tick on the first connection');
  feed.step();

  target.drop();
  await until(() => target.connections() === 0, 'the drop');
  // While disconnected the symbol keeps its last tick.
  assert.equal(feed.quote('BTCUSDT')!.price, '68409.55');
  assert.deepEqual(feed.step(), []);
  await until(() => target.subscriptions.length === 2, 'a new connection and SUBSCRIBE');
  assert.deepEqual(target.subscriptions[1], target.subscriptions[0]);
  assert.equal(feed.connections, 2);
  target.push(FIXTURES.stream.filter((m) => m.stream === 'btcusdt@ticker').at(-1)!);
  await until(() => feed.quote('BTCUSDT')!.price === '68415.12', 'a tick on the new connection');
  assert.equal(feed.step().length, 1);

  // And again: every drop is followed by a new connection.
  target.drop();
  await until(() => target.subscriptions.length === 3, 'the third connection');
});

test('an unreachable exchange at start: last prices stand still, then the listing loads and the stream narrows', async () => {
  const target = await exchange({ replay: false });
  target.restDown = true;
  const feed = exchangeFeed(target, { instruments: CRYPTO.map((i) => ({ ...i, startPrice: i.symbol === 'BTCUSDT' ? '64000.5' : undefined })) });
  await feed.load(); // never rejects
  assert.equal(feed.owns('EOSUSDT'), true, 'every candidate stays with the exchange until the listing is known');
  assert.deepEqual([feed.quote('BTCUSDT')!.price, feed.quote('BTCUSDT')!.bid, feed.quote('BTCUSDT')!.ask], ['64000.50', '64000.50', '64000.50']);
  assert.deepEqual(feed.depth('BTCUSDT', 5)!.bids, []);
  feed.connect();
  await until(() => target.subscriptions.length === 1, 'a SUBSCRIBE for every candidate');
  assert.ok(target.subscriptions[0]!.includes('eosusdt@ticker'));
  target.restDown = false;
  await until(() => target.subscriptions.length === 2, 'the snapshot retry and a narrowed SUBSCRIBE', 5000);
  assert.ok(!target.subscriptions[1]!.includes('eosusdt@ticker'));
  assert.equal(feed.owns('EOSUSDT'), false);
  assert.equal(feed.quote('BTCUSDT')!.price, '68407.90');
  assert.equal(feed.step().find((t) => t.symbol === 'BTCUSDT')?.price, '68407.90', 'the late snapshot is delivered as a tick');
});

test('composite: the exchange serves what it lists, the simulated feed everything else', async () => {
  const feed = createFeed(
    // A long tick: this test steps by hand, and the composite's own timer must not take the changes first.
    { seed: 'composite', tickMs: 60_000, feed: 'exchange', exchange: { restUrl: fake.restUrl, wsUrl: fake.wsUrl } },
    INSTRUMENT_SEEDS,
    { clock: () => T0 },
  );
  assert.ok(feed instanceof CompositeFeed);
  feeds.push(feed);
  await feed.load?.();
  assert.equal(feed.quote('BTCUSDT')!.price, '68407.90');
  assert.equal(feed.quote('AUDCAD')!.price, '0.91250', 'forex: the simulated start price');
  assert.equal(feed.quote('EOSUSDT')!.price, '0.7', 'a coin the exchange does not list: simulated');
  // the source every fill records as its evidence
  assert.deepEqual(['BTCUSDT', 'EOSUSDT', 'AUDCAD'].map((s) => feed.sourceOf?.(s)), ['exchange', 'simulated', 'simulated']);
  assert.equal(feed.depth('AUDCAD', 5)!.bids.length, 5);
  assert.equal(decimals(feed.depth('AUDCAD', 5)!.bids[0]![0]), 5);

  feed.start();
  const batches: (readonly Tick[])[] = [];
  feed.subscribe((ticks) => batches.push(ticks));
  await until(() => feed.quote('BTCUSDT')!.price === '68415.12', 'the stream');
  // Steps by hand (Monday 15:00 New York: forex and US stocks trade): one batch from both sources.
  const ticks = feed.step(T0 + 5000);
  const symbols = new Set(ticks.map((t) => t.symbol));
  for (const symbol of ['AUDCAD', 'EOSUSDT', 'XAUUSD', 'AAPL:NASDAQ', 'BTCUSDT', 'DOTUSDT']) assert.ok(symbols.has(symbol), symbol);
  assert.equal(ticks.find((t) => t.symbol === 'BTCUSDT')!.price, '68415.12', 'never a simulated price for an exchange symbol');
  assert.equal(batches.at(-1), ticks);
  const later = feed.step(T0 + 6000);
  assert.ok(!later.some((t) => t.symbol === 'BTCUSDT'), 'no stream update since: no tick');
  assert.ok(later.some((t) => t.symbol === 'AUDCAD'));

  assert.equal(await feed.history?.('AUDCAD', '1h', T0, 10), undefined, 'simulated symbols: the caller generates history');
  const bars = (await feed.history?.('BTCUSDT', '1h', T0, 500))!;
  const recorded = FIXTURES.klines['BTCUSDT 1h']!;
  assert.equal(bars.length, recorded.length);
  assert.deepEqual(bars[0], {
    openTime: recorded[0]![0],
    open: new Decimal(recorded[0]![1]).toFixed(2),
    high: new Decimal(recorded[0]![2]).toFixed(2),
    low: new Decimal(recorded[0]![3]).toFixed(2),
    close: new Decimal(recorded[0]![4]).toFixed(2),
    volume: new Decimal(recorded[0]![5]).toDecimalPlaces(5, Decimal.ROUND_DOWN).toFixed(5),
  });
  assert.ok(bars.every((b, i) => i === 0 || b.openTime > bars[i - 1]!.openTime) && bars.at(-1)!.openTime < T0);
  const ten = (await feed.history?.('BTCUSDT', '15m', T0 - 3_600_000, 10))!;
  assert.deepEqual(ten.map((b) => b.openTime), Array.from({ length: 10 }, (_, i) => T0 - 3_600_000 - (10 - i) * 900_000));
  assert.deepEqual(await feed.history?.('SOLUSDT', '1h', T0, 10), [], 'listed but nothing recorded: no bars, none invented');
});
