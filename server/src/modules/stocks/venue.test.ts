import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRate, toUsdt } from './conversion.js';
import { availableShares, exchangeOf, priceRefusal, sizeRefusal, tickSize, VENUES, venueOf } from './venue.js';

const { US, TSE } = VENUES;

test('the exchange after the colon names the venue: NASDAQ, NYSE, AMEX in USD, TSE in JPY', () => {
  assert.equal(venueOf('AAPL:NASDAQ'), US);
  assert.equal(venueOf('JPM:NYSE'), US);
  assert.equal(venueOf('SPY:AMEX'), US);
  assert.equal(venueOf('7203:TSE'), TSE);
  assert.equal(TSE.currency, 'JPY');
  assert.equal(US.currency, 'USD');
  assert.equal(venueOf('BTCUSDT'), undefined);
  assert.equal(venueOf('X:LSE'), undefined);
  assert.equal(exchangeOf('7203:TSE'), 'TSE');
  assert.equal(exchangeOf('SPX500'), null);
});

test('the JPX tick table at each of its limits (a limit belongs to the row below it)', () => {
  const rows: [string, string][] = [
    ['1', '1'], ['3000', '1'], ['3001', '5'], ['5000', '5'], ['5010', '10'], ['30000', '10'], ['30050', '50'], ['50000', '50'],
    ['50100', '100'], ['300000', '100'], ['300500', '500'], ['500000', '500'], ['501000', '1000'], ['3000000', '1000'],
    ['3005000', '5000'], ['5000000', '5000'], ['5010000', '10000'], ['30000000', '10000'], ['30050000', '50000'],
    ['50000000', '50000'], ['50100000', '100000'], ['900000000', '100000'],
  ];
  for (const [price, tick] of rows) assert.equal(tickSize(TSE, price), tick, price);
  assert.equal(tickSize(US, '189.5'), '0.01');
});

test('TSE: 150 shares or 2,501.5 yen are refused as invalid size / invalid price; round lots on the tick pass', () => {
  assert.equal(sizeRefusal(TSE, '150'), 'invalidSize');
  assert.equal(priceRefusal(TSE, '2501.5'), 'invalidPrice');
  assert.equal(sizeRefusal(TSE, '100'), null);
  assert.equal(sizeRefusal(TSE, '1200'), null);
  assert.equal(priceRefusal(TSE, '2501'), null);
  assert.equal(priceRefusal(TSE, '3450'), null, '3,450 is on the 5-yen tick');
  assert.equal(priceRefusal(TSE, '3452'), 'invalidPrice', 'but 3,452 is not');
  assert.equal(priceRefusal(TSE, '44310'), 'invalidPrice', '50-yen tick above 30,000');
  assert.equal(priceRefusal(TSE, '44350'), null);
});

test('US: whole shares, price to the cent; nothing at or below 0, above 1e17 or not a number', () => {
  assert.equal(sizeRefusal(US, '1'), null);
  assert.equal(sizeRefusal(US, '150'), null);
  assert.equal(sizeRefusal(US, '1.5'), 'invalidSize');
  assert.equal(priceRefusal(US, '189.51'), null);
  assert.equal(priceRefusal(US, '189.505'), 'invalidPrice');
  for (const bad of ['0', '-1', '1e18', '100000000000000001', 'abc', '']) {
    assert.equal(sizeRefusal(US, bad), 'invalidSize', bad);
    assert.equal(priceRefusal(US, bad), 'invalidPrice', bad);
  }
});

test('availability in shares: available USDT / (price × rate), rounded down to the venue unit, exactly', () => {
  // 1,000 USDT at 189.50 USD and 1 USDT/USD: 5.27... → 5 shares.
  assert.equal(availableShares(US, '1000', '189.50', '1'), '5');
  // Exactly enough for 5 shares is 5, a hair less is 4.
  assert.equal(availableShares(US, '947.5', '189.50', '1'), '5');
  assert.equal(availableShares(US, '947.499999999999999999', '189.50', '1'), '4');
  // Toyota at 3,450 yen and 0.0066 USDT/JPY: a lot costs 2,277 USDT; 5,000 USDT buys 2 lots = 200 shares.
  assert.equal(availableShares(TSE, '5000', '3450', '0.0066'), '200');
  assert.equal(availableShares(TSE, '4554', '3450', '0.0066'), '200');
  assert.equal(availableShares(TSE, '4553.99', '3450', '0.0066'), '100');
  assert.equal(availableShares(TSE, '2276.99', '3450', '0.0066'), '0');
  // A rate with a long repeating quotient still floors exactly.
  assert.equal(availableShares(US, '1', '0.03', '1.000000000000000001'), '33');
  assert.equal(availableShares(US, '0', '10', '1'), '0');
});

test('conversion to USDT is the exact product and names the rate version it used', () => {
  const rate = { currency: 'JPY' as const, version: 3, rate: '0.006634', setAt: 0 };
  assert.deepEqual(toUsdt('3450', rate), { value: '22.8873', currency: 'JPY', rate: '0.006634', rateVersion: 3 });
  // No binary float: 0.1 × 0.2 is 0.02, 18-decimal inputs keep all 36 decimals.
  assert.equal(toUsdt('0.1', { ...rate, rate: '0.2' }).value, '0.02');
  assert.equal(toUsdt('99999999999999999.999999999999999999', { ...rate, rate: '0.000000000000000001' }).value, '0.099999999999999999999999999999999999');
});

test('a rate is a plain positive decimal with at most 18 decimals', () => {
  assert.equal(parseRate('0.0066'), '0.0066');
  assert.equal(parseRate('1'), '1');
  assert.equal(parseRate('1.50'), '1.5');
  for (const bad of ['0', '0.0', '-1', '1e3', '0x10', '', '1.', '.5', '01', '0.0000000000000000001']) assert.equal(parseRate(bad), null, bad);
});
