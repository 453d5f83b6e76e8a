import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stockOrderRefusal } from './order-rules.js';

// Monday 9 March 2026: Tokyo's morning session 00:00-02:30 UTC, its lunch break 02:30-03:30; New York opens 13:30 UTC.
const TOKYO_MORNING = Date.parse('2026-03-09T01:00:00Z');
const TOKYO_LUNCH = Date.parse('2026-03-09T03:00:00Z');
const NEW_YORK_OPEN = Date.parse('2026-03-09T15:00:00Z');
const SATURDAY = Date.parse('2026-03-07T15:00:00Z');

test('a Tokyo order of 150 shares or at 2,501.5 yen is refused as invalid size / invalid price', () => {
  assert.equal(stockOrderRefusal('7203:TSE', { shares: '150', price: '2501' }, TOKYO_MORNING), 'invalidSize');
  assert.equal(stockOrderRefusal('7203:TSE', { shares: '100', price: '2501.5' }, TOKYO_MORNING), 'invalidPrice');
  assert.equal(stockOrderRefusal('7203:TSE', { shares: '200', price: '2501' }, TOKYO_MORNING), null);
  assert.equal(stockOrderRefusal('7203:TSE', { shares: '200' }, TOKYO_MORNING), null, 'a market order has no price to check');
});

test('outside the venue hours every order is refused first: the lunch break, a weekend', () => {
  assert.equal(stockOrderRefusal('7203:TSE', { shares: '100', price: '2501' }, TOKYO_LUNCH), 'outOfTradingTime');
  assert.equal(stockOrderRefusal('7203:TSE', { shares: '150' }, TOKYO_LUNCH), 'outOfTradingTime');
  assert.equal(stockOrderRefusal('AAPL:NASDAQ', { shares: '1' }, SATURDAY), 'outOfTradingTime');
  assert.equal(stockOrderRefusal('AAPL:NASDAQ', { shares: '1' }, TOKYO_MORNING), 'outOfTradingTime', 'New York is closed at 21:00 its time');
});

test('US: whole shares at a price to the cent; a symbol on no stock venue is not a stock', () => {
  assert.equal(stockOrderRefusal('AAPL:NASDAQ', { shares: '3', price: '189.51' }, NEW_YORK_OPEN), null);
  assert.equal(stockOrderRefusal('AAPL:NASDAQ', { shares: '0.5' }, NEW_YORK_OPEN), 'invalidSize');
  assert.equal(stockOrderRefusal('AAPL:NASDAQ', { shares: '3', price: '189.515' }, NEW_YORK_OPEN), 'invalidPrice');
  assert.equal(stockOrderRefusal('BTCUSDT', { shares: '1' }, NEW_YORK_OPEN), 'notAStock');
  assert.equal(stockOrderRefusal('SPX500', { shares: '1' }, NEW_YORK_OPEN), 'notAStock');
});
