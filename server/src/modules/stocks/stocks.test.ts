import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCommand, UsageError, type CommandContext } from '../../ops/all-commands.js';
import { listAudit } from '../audit/storage.js';
import { upsertBars, type StoredBar } from '../market/klines/storage.js';
import { scriptedHarness } from '../trading/test-harness.js';

// Tuesday 10 March 2026, 11:00 in New York (EDT): the US session is open; in Tokyo it is midnight, closed.
const NOW = Date.parse('2026-03-10T15:00:00Z');
const h = scriptedHarness(() => new Date(NOW));

const at = (iso: string) => Date.parse(iso);
function bar(symbol: string, interval: StoredBar['interval'], iso: string, close: string, high = close, low = close): StoredBar {
  return { symbol, interval, openTime: at(iso), open: close, high, low, close, volume: '10' };
}

async function get(path: string) {
  const response = await h.app.inject({ method: 'GET', url: path });
  const body = response.json() as { code: number; msg: string; reason?: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, ...body };
}

function ops(): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator: 'ops-carol', db: async () => h.db, print: (line) => lines.push(line), clock: () => new Date(NOW), lines };
}

let recorded = false;
/** The previous trading day's recorded minutes (and some after its close that must not count), then live ticks. */
async function market() {
  if (recorded) return;
  recorded = true;
  await upsertBars(h.db, [
    // US previous day: Monday 9 March, close 16:00 New York = 20:00 UTC.
    bar('AAPL:NASDAQ', '1m', '2026-03-09T19:00:00Z', '170.00'),
    bar('AAPL:NASDAQ', '1m', '2026-03-09T19:59:00Z', '180.00'),
    bar('AAPL:NASDAQ', '1m', '2026-03-09T20:30:00Z', '999.00'), // after hours: not the close
    bar('MSFT:NASDAQ', '1m', '2026-03-09T19:59:00Z', '400.00'),
    bar('NVDA:NASDAQ', '1m', '2026-03-09T19:59:00Z', '1000.00'),
    // Today's recorded minutes for the day range.
    bar('AAPL:NASDAQ', '1m', '2026-03-10T13:30:00Z', '195.00', '200.00', '190.00'),
    // Tokyo previous day: Monday 9 March, close 15:30 Tokyo = 06:30 UTC.
    bar('7203:TSE', '1m', '2026-03-09T06:29:00Z', '3400.00'),
  ], 'replace');
  for (const [symbol, last] of [['AAPL:NASDAQ', '198.00'], ['MSFT:NASDAQ', '380.00'], ['NVDA:NASDAQ', '1000.00'], ['7203:TSE', '3450.00']] as const) {
    h.feed.set(symbol, { bid: last, ask: last, last });
  }
  h.feed.emit('AAPL:NASDAQ', 'MSFT:NASDAQ', 'NVDA:NASDAQ', '7203:TSE');
}

const STOCK_FIELDS = [
  'change', 'changePercent', 'currency', 'exchange', 'lotSize', 'marketOpen', 'name', 'previousClose', 'previousCloseAt', 'price', 'priceDecimals',
  'priceUsdt', 'symbol', 'time', 'venue',
];

test('stock/list: both venues with venue, currency, last price, previous close (recorded at the previous close) and change', async () => {
  await market();
  const all = await get('/api/market/stock/list?size=100');
  assert.equal(all.code, 0);
  assert.equal(all.data.total, 32);
  const aapl = all.data.list.find((q: { symbol: string }) => q.symbol === 'AAPL:NASDAQ');
  assert.deepEqual(Object.keys(aapl).sort(), STOCK_FIELDS);
  assert.deepEqual(
    [aapl.venue, aapl.exchange, aapl.currency, aapl.price, aapl.previousClose, aapl.previousCloseAt, aapl.change, aapl.changePercent, aapl.lotSize, aapl.marketOpen, aapl.priceUsdt],
    ['US', 'NASDAQ', 'USD', '198.00', '180.00', at('2026-03-09T20:00:00Z'), '18.00', '10.00', 1, true, null],
  );
  const toyota = all.data.list.find((q: { symbol: string }) => q.symbol === '7203:TSE');
  assert.deepEqual(
    [toyota.venue, toyota.currency, toyota.previousClose, toyota.change, toyota.changePercent, toyota.lotSize, toyota.marketOpen],
    ['TSE', 'JPY', '3400.00', '50.00', '1.47', 100, false],
  );
  // A stock with nothing recorded in the previous session has no previous close rather than an invented one.
  const ko = all.data.list.find((q: { symbol: string }) => q.symbol === 'KO:NYSE');
  assert.deepEqual([ko.previousClose, ko.change, ko.changePercent], [null, null, null]);

  const tse = await get('/api/market/stock/list?venue=TSE&size=4&page=2');
  assert.deepEqual([tse.data.total, tse.data.page, tse.data.size, tse.data.list.length], [10, 2, 4, 4]);
  assert.ok(tse.data.list.every((q: { venue: string; currency: string }) => q.venue === 'TSE' && q.currency === 'JPY'));
  const search = await get('/api/market/stock/list?keyword=toyota');
  assert.deepEqual(search.data.list.map((q: { symbol: string }) => q.symbol), ['7203:TSE']);
  assert.equal((await get('/api/market/stock/list?keyword=nasdaq')).data.total, 10);
  assert.equal((await get('/api/market/stock/list?venue=JP')).status, 400);
});

test('topGainer / topLoser rank by change against the previous close; unchanged or unknown is neither', async () => {
  await market();
  const gainers = await get('/api/market/stock/topGainer');
  assert.deepEqual(gainers.data.map((q: { symbol: string }) => q.symbol), ['AAPL:NASDAQ', '7203:TSE']);
  const losers = await get('/api/market/stock/topLoser');
  assert.deepEqual(losers.data.map((q: { symbol: string; changePercent: string }) => [q.symbol, q.changePercent]), [['MSFT:NASDAQ', '-5.00']]);
  assert.deepEqual((await get('/api/market/stock/topGainer?venue=TSE')).data.map((q: { symbol: string }) => q.symbol), ['7203:TSE']);
  assert.deepEqual((await get('/api/market/stock/topGainer?limit=1')).data.map((q: { symbol: string }) => q.symbol), ['AAPL:NASDAQ']);
});

test('singleStock: day range from the recorded day, venue and hours with the next opening; not a stock → 404', async () => {
  await market();
  const aapl = await get('/api/market/stock/singleStock?symbol=aapl:nasdaq');
  assert.equal(aapl.code, 0);
  assert.deepEqual([aapl.data.symbol, aapl.data.tradingDay, aapl.data.dayHigh, aapl.data.dayLow, aapl.data.previousClose], ['AAPL:NASDAQ', '2026-03-10', '200.00', '190.00', '180.00']);
  assert.deepEqual(aapl.data.session, {
    venue: 'US', timeZone: 'America/New_York', open: true, nextOpen: at('2026-03-11T13:30:00Z'), nextClose: at('2026-03-10T20:00:00Z'),
  });
  const toyota = await get('/api/market/stock/singleStock?symbol=7203:TSE');
  assert.deepEqual(toyota.data.session, {
    venue: 'TSE', timeZone: 'Asia/Tokyo', open: false, nextOpen: at('2026-03-11T00:00:00Z'), nextClose: at('2026-03-11T02:30:00Z'),
  });
  // Tokyo's latest day is Tuesday 10 March (began 9:00 Tokyo); nothing was recorded in it here.
  assert.deepEqual([toyota.data.tradingDay, toyota.data.dayHigh, toyota.data.dayLow], ['2026-03-10', null, null]);
  for (const symbol of ['BTCUSDT', 'SPX500']) {
    const refused = await get(`/api/market/stock/singleStock?symbol=${symbol}`);
    assert.deepEqual([refused.status, refused.reason], [404, 'notAStock'], symbol);
  }
  assert.deepEqual([(await get('/api/market/stock/singleStock?symbol=NOPE:NYSE')).reason], ['unknownSymbol']);
});

test('stock/chart: recorded K-lines of sessions only, no bar for a night, a weekend or the lunch break', async () => {
  await upsertBars(h.db, [
    bar('AAPL:NASDAQ', '1h', '2026-03-09T14:00:00Z', '181.00'), // in Monday's session
    bar('AAPL:NASDAQ', '1h', '2026-03-09T22:00:00Z', '181.00'), // the night after
    bar('AAPL:NASDAQ', '1h', '2026-03-07T15:00:00Z', '181.00'), // Saturday
    bar('7203:TSE', '30m', '2026-03-10T02:00:00Z', '3440.00'), // 11:00-11:30 Tokyo: morning
    bar('7203:TSE', '30m', '2026-03-10T02:30:00Z', '3440.00'), // 11:30-12:00: lunch
    bar('7203:TSE', '30m', '2026-03-10T03:30:00Z', '3445.00'), // 12:30-13:00: afternoon
  ], 'replace');
  const us = await get('/api/market/stock/chart?symbol=AAPL:NASDAQ&interval=1h&limit=300');
  assert.equal(us.code, 0);
  assert.equal(us.data.symbol, 'AAPL:NASDAQ');
  const usTimes = us.data.bars.map((b: { openTime: number }) => b.openTime);
  assert.ok(usTimes.includes(at('2026-03-09T14:00:00Z')));
  assert.ok(!usTimes.includes(at('2026-03-09T22:00:00Z')) && !usTimes.includes(at('2026-03-07T15:00:00Z')));
  assert.ok(usTimes.length > 50, `${usTimes.length} bars`);
  // 9:30-16:00 New York is 13:30-20:00 UTC in summer, 14:30-21:00 in winter: hours 13 to 20, weekdays.
  for (const t of usTimes) {
    const [hour, day] = [new Date(t).getUTCHours(), new Date(t).getUTCDay()];
    assert.ok(hour >= 13 && hour <= 20 && day >= 1 && day <= 5, `a US session hour: ${new Date(t).toISOString()}`);
  }
  const jp = await get('/api/market/stock/chart?symbol=7203:TSE&interval=30m&limit=100');
  const jpTimes = jp.data.bars.map((b: { openTime: number }) => b.openTime);
  assert.ok(jpTimes.includes(at('2026-03-10T02:00:00Z')) && jpTimes.includes(at('2026-03-10T03:30:00Z')));
  assert.ok(!jpTimes.includes(at('2026-03-10T02:30:00Z')), 'no bar in the lunch break');
  // The bar the market opened at start-up (Tokyo midnight, closed) is not drawn either.
  assert.ok(!jpTimes.includes(at('2026-03-10T15:00:00Z')));
  assert.ok(jp.data.bars.every((b: { close: string }) => /^\d+\.\d{2}$/.test(b.close)));
  assert.equal((await get('/api/market/stock/chart?symbol=BTCUSDT')).reason, 'notAStock');
  assert.equal((await get('/api/market/stock/chart?symbol=AAPL:NASDAQ&interval=2m')).status, 400);
});

test('stock:rate sets a new audited rate version; getSetting lists it and converted prices name it', async () => {
  await market();
  const before = (await get('/asset/api/site-setting/getSetting')).data.stockRates;
  assert.deepEqual(before, { USD: null, JPY: null });

  await runCommand(['stock:rate', 'USD', '1.0002'], ops());
  const set = ops();
  await runCommand(['stock:rate', 'usd', '1.0001'], set);
  assert.match(set.lines[0]!, /USD→USDT {2}1\.0001 {2}v2 .* \(was 1\.0002, v1\)/);
  for (const bad of [['stock:rate', 'EUR', '1'], ['stock:rate', 'JPY', '0'], ['stock:rate', 'JPY', '1e-3'], ['stock:rate', 'JPY']]) {
    await assert.rejects(runCommand(bad, ops()), UsageError, bad.join(' '));
  }

  const settings = (await get('/asset/api/site-setting/getSetting')).data.stockRates;
  assert.deepEqual(settings, { USD: { currency: 'USD', rate: '1.0001', version: 2, setAt: NOW }, JPY: null });
  const aapl = (await get('/api/market/stock/singleStock?symbol=AAPL:NASDAQ')).data;
  assert.deepEqual(aapl.priceUsdt, { value: '198.0198', currency: 'USD', rate: '1.0001', rateVersion: 2 });
  assert.equal((await get('/api/market/stock/singleStock?symbol=7203:TSE')).data.priceUsdt, null, 'no JPY rate set yet');

  await runCommand(['stock:rate', 'JPY', '0.006634'], ops());
  const toyota = (await get('/api/market/stock/singleStock?symbol=7203:TSE')).data;
  assert.deepEqual(toyota.priceUsdt, { value: '22.8873', currency: 'JPY', rate: '0.006634', rateVersion: 1 });

  const audit = (await listAudit(h.db, 10)).filter((entry) => entry.action === 'stock:rate');
  assert.equal(audit.length, 3, 'each setting audited, the refused ones not');
  assert.deepEqual([audit[1]!.actor, audit[1]!.target], ['ops-carol', 'stock-rate:USD']);
  assert.deepEqual((audit[1]!.detail as { after: { version: number } }).after.version, 2);

  const history = ops();
  await runCommand(['stock:rates', 'USD'], history);
  assert.equal(history.lines.length, 2);
  assert.match(history.lines[0]!, /1\.0001 {2}v2 .* ops-carol$/);

  // Versions are history: no statement rewrites one.
  await assert.rejects(h.db.query("UPDATE stock_rate_versions SET rate = 2 WHERE currency = 'USD'"), /append-only/);
  await assert.rejects(h.db.query("DELETE FROM stock_rate_versions WHERE currency = 'USD'"), /append-only/);
});
