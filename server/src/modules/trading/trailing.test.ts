import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextPeak, trailPrice } from './trailing.js';

test('a falling trailing trigger sits callback % below the peak, a rising one above the trough, rounded toward the peak', () => {
  assert.equal(trailPrice('lte', '51000', '1'), '50490');
  assert.equal(trailPrice('gte', '50000', '1.5'), '50750');
  // 64,020.37 × 0.997 = 63,828.30889 → up to 8 decimals stays exact; one more digit rounds toward the peak
  assert.equal(trailPrice('lte', '64020.37', '0.3'), '63828.30889');
  assert.equal(trailPrice('lte', '1.23456789', '0.33'), '1.23049382');
  assert.equal(trailPrice('gte', '1.23456789', '0.33'), '1.23864196');
});

test('the peak only moves to a better price: higher for a falling trigger, lower for a rising one', () => {
  assert.equal(nextPeak('lte', '100', '101'), '101');
  assert.equal(nextPeak('lte', '100', '100'), undefined);
  assert.equal(nextPeak('lte', '100', '99'), undefined);
  assert.equal(nextPeak('gte', '100', '99.5'), '99.5');
  assert.equal(nextPeak('gte', '100', '100.5'), undefined);
});
