import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Decimal } from 'decimal.js';
import type { Db } from '../../../db/db.js';
import { testDb } from '../../../testing/test-db.js';
import { INSTRUMENT_SEEDS } from '../instruments/catalogue.js';
import { loadInstruments, seedInstruments } from '../instruments/storage.js';
import { KLINE_INTERVAL_MS } from '@meridian/contracts';
import { MarketService, type MarketSettings } from '../service.js';

let db: Db;
let cleanup: () => Promise<void>;
before(async () => ({ db, cleanup } = await testDb()));
after(async () => cleanup());

const SETTINGS: MarketSettings = { seed: 'service-test', tickMs: 1000, klineFlushMs: 60_000, backfillBars: 500 };
const MONDAY = Date.parse('2026-03-09T15:00:00Z'); // 11:00 in New York: US, forex and crypto trade

function manual(start: number) {
  let now = start;
  return { clock: () => now, set: (t: number) => void (now = t) };
}

test('the catalogue is seeded once with every category and the spec precision', async () => {
  const service = await MarketService.create(db, SETTINGS, { clock: () => MONDAY });
  await seedInstruments(db, INSTRUMENT_SEEDS);
  const all = await loadInstruments(db);
  assert.equal(all.length, INSTRUMENT_SEEDS.length, 'seeding twice adds nothing');
  const of = (category: string) => all.filter((i) => i.category === category);
  const coins = ['XRP', 'BCH', 'LTC', 'BTC', 'SUSHI', 'EOS', 'UNI', 'DOT', 'ETH', 'TRX', 'DOGE', 'OMG', 'CRV', 'ZRX', 'GAS', 'SOL', 'AVAX', 'SAND'];
  assert.deepEqual(of('CRYPTO').map((i) => i.symbol).sort(), coins.map((c) => `${c}USDT`).sort());
  assert.ok(of('CRYPTO').every((i) => i.unit === 'USDT'));
  assert.ok(of('FOREX').length >= 20 && of('FOREX').some((i) => i.symbol === 'AUDCAD'));
  for (const symbol of ['XAUUSD', 'XAGUSD', 'USOIL']) assert.ok(of('CFD').some((i) => i.symbol === symbol), symbol);
  assert.ok(of('INDIES').length >= 4);
  const us = of('STOCK').filter((i) => /:(NASDAQ|NYSE|AMEX)$/.test(i.symbol));
  const jp = of('STOCK').filter((i) => i.symbol.endsWith(':TSE'));
  assert.ok(us.length >= 20 && us.every((i) => i.unit === 'USD' && i.calendarId === 'US'));
  assert.equal(jp.length, 10);
  assert.ok(jp.every((i) => i.unit === 'JPY' && i.calendarId === 'TSE'));
  const decimals = (symbol: string) => {
    const i = all.find((x) => x.symbol === symbol)!;
    return [i.priceDecimals, i.amountDecimals];
  };
  assert.deepEqual(decimals('BTCUSDT'), [2, 5]);
  assert.deepEqual(decimals('DOGEUSDT'), [5, 0]);
  assert.deepEqual(decimals('BCHUSDT'), [1, 3]);
  assert.deepEqual(decimals('SANDUSDT'), [4, 0]);
  assert.deepEqual(decimals('AUDCAD'), [5, 5]);
  assert.deepEqual(decimals('USDJPY'), [3, 5]);
  assert.deepEqual(decimals('AAPL:NASDAQ'), [2, 5]);
  assert.equal(service.quote('BTCUSDT').price, '64250.00');
  assert.equal(service.quote('btcusdt').symbol, 'BTCUSDT');
  await service.stop();
});

// Runs before any other test stores bars (their bars would sit inside this history); time only moves forward.
test('history is generated once per (symbol, interval): 500 bars before the live ones, joined up', async () => {
  const clock = manual(MONDAY);
  const service = await MarketService.create(db, SETTINGS, { clock: clock.clock });
  for (let i = 0; i < 5; i++) {
    clock.set(MONDAY + i * 1000);
    service.onTicks(service.feed.step(clock.clock()));
  }
  const started = performance.now();
  const bars = await service.klines('ETHUSDT', '1h', 1000);
  const elapsed = performance.now() - started;
  assert.equal(bars.length, 501, '500 history bars and the live one');
  bars.forEach((bar, i) => {
    if (i > 0) {
      assert.equal(bar.openTime - bars[i - 1]!.openTime, KLINE_INTERVAL_MS['1h']);
      assert.equal(bar.open, bars[i - 1]!.close, 'each bar opens at the previous close');
    }
  });
  assert.equal(bars.at(-1)!.openTime, Date.parse('2026-03-09T15:00:00Z'));
  const count = async () =>
    (await db.query<{ n: string }>("SELECT count(*)::text AS n FROM market_kline WHERE symbol = 'ETHUSDT' AND interval = '1h'")).rows[0]?.n;
  assert.equal(await count(), '501');
  assert.deepEqual(await service.klines('ETHUSDT', '1h', 1000), bars);
  await Promise.all([service.klines('ETHUSDT', '1h', 10), service.klines('ETHUSDT', '1h', 10)]);
  assert.equal(await count(), '501', 'not generated twice');
  assert.equal((await service.klines('ETHUSDT', '1h', 20)).length, 20);
  console.log(`# backfill of 500 1h bars on ${db.kind}: ${elapsed.toFixed(0)} ms`);
  await service.stop();
});

test('ticks become K-lines in the database (NUMERIC), across interval boundaries', async () => {
  const clock = manual(Date.parse('2026-03-09T15:58:30Z'));
  const service = await MarketService.create(db, SETTINGS, { clock: clock.clock });
  const prices: string[] = [];
  const start = clock.clock();
  for (let i = 0; i < 150; i++) {
    clock.set(start + i * 1000);
    service.onTicks(service.feed.step(clock.clock()));
    prices.push(service.quote('BTCUSDT').price);
  }
  await service.flush();
  const { rows } = await db.query<{ open_time: Date; open: string; high: string; low: string; close: string; volume: string }>(
    `SELECT open_time, open::text, high::text, low::text, close::text, volume::text FROM market_kline
      WHERE symbol = 'BTCUSDT' AND interval = '1m' AND open_time >= $1 ORDER BY open_time`,
    [new Date(Date.parse('2026-03-09T15:58:00Z')).toISOString()],
  );
  assert.deepEqual(rows.map((r) => r.open_time.toISOString()), ['2026-03-09T15:58:00.000Z', '2026-03-09T15:59:00.000Z', '2026-03-09T16:00:00.000Z']);
  // The 15:59 bar holds ticks 30..89 (15:59:00..15:59:59): open is the 15:58 bar's close.
  const minute = prices.slice(30, 90).map((p) => new Decimal(p));
  const bar = rows[1]!;
  assert.equal(bar.open, prices[29]);
  assert.equal(bar.close, prices[89]);
  assert.equal(bar.high, Decimal.max(prices[29]!, ...minute).toFixed(2));
  assert.equal(bar.low, Decimal.min(prices[29]!, ...minute).toFixed(2));
  assert.ok(new Decimal(bar.volume).greaterThan(0));
  const hours = await db.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM market_kline WHERE symbol = 'BTCUSDT' AND interval = '1h' AND open_time IN ('2026-03-09T15:00:00Z', '2026-03-09T16:00:00Z')",
  );
  assert.equal(hours.rows[0]?.n, '2', 'the hour boundary splits the 1h bars too');
  await service.stop();

  // A restart continues from the last stored close instead of the reference price.
  const again = await MarketService.create(db, SETTINGS, { clock: clock.clock });
  assert.equal(again.quote('BTCUSDT').price, prices[149]);
  await again.stop();
});

test('quotes carry 24 h stats consistent with the price', async () => {
  const service = await MarketService.create(db, SETTINGS, { clock: () => MONDAY });
  for (const quote of service.list()) {
    const price = new Decimal(quote.price);
    assert.ok(price.lessThanOrEqualTo(quote.high) && price.greaterThanOrEqualTo(quote.low), `${quote.symbol} ${quote.low} <= ${quote.price} <= ${quote.high}`);
    assert.equal(new Decimal(quote.price).minus(quote.open).toFixed(quote.priceDecimals), quote.change);
    assert.match(quote.changePercent, /^-?\d+\.\d{2}$/);
    assert.ok(new Decimal(quote.volume).greaterThan(0), `${quote.symbol} has 24 h volume`);
  }
  await service.stop();
});
