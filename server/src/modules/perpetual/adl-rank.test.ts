import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adlBuckets, adlQueue, adlScore, bankruptcyPrice, type AdlCandidate } from './adl-rank.js';

const short = (id: string, entryPrice: string, margin: string, quantity = '0.1'): AdlCandidate => ({ id, side: 'short', quantity, entryPrice, margin, mark: '40000' });

test('ADL score: unrealised P/L % × effective leverage (notional / (margin + P/L)); none when the equity is gone', () => {
  // short 0.1 from 50000 at 40000: P/L 1000 on margin 500 → 2 × (4000 / 1500)
  assert.equal(adlScore(short('1', '50000', '500'))!.toFixed(6), '5.333333');
  // the same P/L on ten times the margin ranks far lower: 0.2 × (4000 / 6000)
  assert.equal(adlScore(short('2', '50000', '5000'))!.toFixed(6), '0.133333');
  // a position in loss scores below zero; one whose loss ate its margin is not ranked
  assert.ok(adlScore(short('3', '39000', '500'))!.lt(0));
  assert.equal(adlScore(short('4', '30000', '500')), null);
});

test('ADL queue: most profitable and most leveraged first, older first on a tie, positions without equity last', () => {
  const queue = adlQueue([short('7', '30000', '500'), short('3', '50000', '5000'), short('5', '50000', '500'), short('4', '50000', '500'), short('6', '39000', '500')]);
  assert.deepEqual(queue.map((q) => q.candidate.id), ['4', '5', '3', '6', '7']);
});

test('ADL indicator: the quintile of the rank among the same side, 5 for the first to be deleveraged', () => {
  const ten = Array.from({ length: 10 }, (_, i) => short(String(i + 1), String(50000 - i * 500), '500'));
  const buckets = adlBuckets(ten);
  assert.deepEqual(ten.map((c) => buckets.get(c.id)), [5, 5, 4, 4, 3, 3, 2, 2, 1, 1]);
  assert.deepEqual([...adlBuckets([short('1', '50000', '500')]).values()], [5], 'alone, a position is first in its queue');
  assert.deepEqual([...adlBuckets([short('1', '50000', '500'), short('2', '45000', '500')]).values()], [5, 3]);
});

test('bankruptcy price: where the loss equals what backed the position, rounded towards the entry', () => {
  // long 0.1 from 50001 backed by 500.01: 50001 − 5000.1
  assert.equal(bankruptcyPrice('long', '50001', '0.1', '500.01', 2), '45000.9');
  assert.equal(bankruptcyPrice('long', '100', '3', '10', 2), '96.67');
  assert.equal(bankruptcyPrice('short', '100', '3', '10', 2), '103.33');
  assert.equal(bankruptcyPrice('long', '100', '1', '500', 2), '0.01', 'never below one price step');
});
