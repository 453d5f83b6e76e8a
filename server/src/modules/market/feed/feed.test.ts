import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Decimal } from 'decimal.js';
import { INSTRUMENT_SEEDS } from '../instruments/catalogue.js';
import type { Tick } from './port.js';
import { Prng } from './prng.js';
import { SimulatedFeed } from './simulated.js';

const MONDAY_NOON_NY = Date.parse('2026-03-09T16:00:00Z');
const SATURDAY = Date.parse('2026-03-07T16:00:00Z');
const pick = (...symbols: string[]) => INSTRUMENT_SEEDS.filter((i) => symbols.includes(i.symbol));

function run(seed: string, steps: number, start = MONDAY_NOON_NY, symbols = ['BTCUSDT', 'DOGEUSDT', 'AUDCAD', 'AAPL:NASDAQ', '7203:TSE']): Tick[][] {
  const feed = new SimulatedFeed({ seed, tickMs: 1000, instruments: pick(...symbols), clock: () => start });
  return Array.from({ length: steps }, (_, i) => feed.step(start + i * 1000));
}

test('the PRNG is deterministic and roughly uniform', () => {
  const a = new Prng('x');
  const b = new Prng('x');
  const c = new Prng('y');
  const seqA = Array.from({ length: 1000 }, () => a.next());
  assert.deepEqual(seqA, Array.from({ length: 1000 }, () => b.next()));
  assert.notDeepEqual(seqA.slice(0, 10), Array.from({ length: 10 }, () => c.next()));
  const mean = seqA.reduce((s, v) => s + v, 0) / seqA.length;
  assert.ok(Math.abs(mean - 0.5) < 0.05, `mean ${mean}`);
  assert.ok(seqA.every((v) => v >= 0 && v < 1));
});

test('same seed gives the same tick sequence; another seed a different one', () => {
  const first = run('seed-1', 300);
  assert.deepEqual(run('seed-1', 300), first);
  assert.notDeepEqual(run('seed-2', 300), first);
  const btc = first.map((ticks) => ticks.find((t) => t.symbol === 'BTCUSDT')?.price);
  assert.ok(new Set(btc).size > 100, 'the price moves');
});

test("an instrument's path does not depend on which others are listed", () => {
  const alone = run('seed-1', 100, MONDAY_NOON_NY, ['BTCUSDT']).map((t) => t[0]?.price);
  const together = run('seed-1', 100).map((t) => t.find((x) => x.symbol === 'BTCUSDT')?.price);
  assert.deepEqual(alone, together);
});

test('stocks and forex stand still while their market is closed; crypto keeps moving', () => {
  const feed = new SimulatedFeed({ seed: 's', tickMs: 1000, instruments: pick('BTCUSDT', 'AUDCAD', 'AAPL:NASDAQ', '7203:TSE'), clock: () => SATURDAY });
  const before = ['AUDCAD', 'AAPL:NASDAQ', '7203:TSE'].map((s) => feed.quote(s));
  for (let i = 0; i < 50; i++) {
    const ticks = feed.step(SATURDAY + i * 1000);
    assert.deepEqual(ticks.map((t) => t.symbol), ['BTCUSDT']);
  }
  assert.deepEqual(['AUDCAD', 'AAPL:NASDAQ', '7203:TSE'].map((s) => feed.quote(s)), before);
  // Monday noon in New York: US and forex trade, Tokyo (02:00 JST Tuesday) does not.
  const monday = feed.step(MONDAY_NOON_NY).map((t) => t.symbol);
  assert.deepEqual(monday.sort(), ['AAPL:NASDAQ', 'AUDCAD', 'BTCUSDT']);
});

const decimals = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

test('prices carry the instrument price decimals (BTC 2, DOGE 5, AUDCAD 5, a stock 2) and amounts its amount decimals', () => {
  const ticks = run('p', 20).flat();
  const expected: Record<string, [number, number]> = { BTCUSDT: [2, 5], DOGEUSDT: [5, 0], AUDCAD: [5, 5], 'AAPL:NASDAQ': [2, 5] };
  for (const [symbol, [price, amount]] of Object.entries(expected)) {
    const own = ticks.filter((t) => t.symbol === symbol);
    assert.ok(own.length > 0, symbol);
    for (const t of own) {
      assert.equal(typeof t.price, 'string');
      assert.equal(decimals(t.price), price, `${symbol} price ${t.price}`);
      assert.equal(decimals(t.bid), price);
      assert.equal(decimals(t.ask), price);
      assert.equal(decimals(t.volume), amount, `${symbol} volume ${t.volume}`);
      assert.ok(new Decimal(t.bid).lessThan(t.price) && new Decimal(t.ask).greaterThan(t.price), `${t.bid} < ${t.price} < ${t.ask}`);
    }
  }
});

test('depth: 20 levels a side, best levels are the tick bid/ask, sorted outward, stable between ticks', () => {
  const feed = new SimulatedFeed({ seed: 'd', tickMs: 1000, instruments: pick('BTCUSDT', 'DOGEUSDT'), clock: () => MONDAY_NOON_NY });
  feed.step(MONDAY_NOON_NY);
  for (const symbol of ['BTCUSDT', 'DOGEUSDT']) {
    const tick = feed.quote(symbol) as Tick;
    const book = feed.depth(symbol, 20);
    assert.ok(book);
    assert.equal(book.bids.length, 20);
    assert.equal(book.asks.length, 20);
    assert.equal(book.price, tick.price);
    assert.deepEqual([book.bids[0]?.[0], book.asks[0]?.[0]], [tick.bid, tick.ask]);
    for (let i = 1; i < 20; i++) {
      assert.ok(new Decimal(book.bids[i]![0]).lessThan(book.bids[i - 1]![0]));
      assert.ok(new Decimal(book.asks[i]![0]).greaterThan(book.asks[i - 1]![0]));
    }
    const [priceDp, amountDp] = symbol === 'BTCUSDT' ? [2, 5] : [5, 0];
    for (const [price, amount] of [...book.bids, ...book.asks]) {
      assert.equal(decimals(price), priceDp);
      assert.equal(decimals(amount), amountDp);
      assert.ok(new Decimal(amount).greaterThan(0));
    }
    assert.deepEqual(feed.depth(symbol, 20), book, 'the same book until the next tick');
    assert.deepEqual(feed.depth(symbol, 5)?.bids, book.bids.slice(0, 5));
  }
});
