// The depth walk (contracts' trading/walk.ts) the spot and perpetual engines fill with and the trade screen's
// receipt prices with, against books computed by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { walkAmount, walkPrice, walkQuantity, type BookLevel } from '@meridian/contracts';

const ASKS: BookLevel[] = [
  ['64000', '0.05'],
  ['64100', '0.1'],
];
const BIDS: BookLevel[] = [
  ['63990', '0.2'],
  ['63900', '1'],
];

test('by quantity: levels best first, each at its own price; short of the quantity when the book is too thin', () => {
  const walk = walkQuantity(ASKS, 'buy', '0.1');
  assert.deepEqual(walk.takes, [
    { price: '64000', quantity: '0.05' },
    { price: '64100', quantity: '0.05' },
  ]);
  // 0.05 × 64,000 + 0.05 × 64,100 = 6,405 → 64,050 on average
  assert.equal(walk.value.toFixed(), '6405');
  assert.equal(walk.quantity.toFixed(), '0.1');
  assert.equal(walkQuantity(ASKS, 'buy', '1').quantity.toFixed(), '0.15');
});

test('by quantity with a limit: only levels at or better than it (asks at or below for a buy, bids at or above for a sell)', () => {
  assert.equal(walkQuantity(ASKS, 'buy', '0.1', '64000').quantity.toFixed(), '0.05');
  assert.equal(walkQuantity(ASKS, 'buy', '0.1', '63999').takes.length, 0);
  assert.equal(walkQuantity(BIDS, 'sell', '0.5', '63900').quantity.toFixed(), '0.5');
  assert.equal(walkQuantity(BIDS, 'sell', '0.5', '63990').quantity.toFixed(), '0.2');
});

test('by quantity: an empty level is passed over, and nothing is taken for a zero quantity', () => {
  assert.deepEqual(walkQuantity([['64000', '0'], ...ASKS], 'buy', '0.01').takes, [{ price: '64000', quantity: '0.01' }]);
  assert.equal(walkQuantity(ASKS, 'buy', '0').takes.length, 0);
});

test('by amount: whole steps of the coin at each level, rounded down, the rest unspent; done once a level holds what is left', () => {
  // 0.05 @ 64,000 = 3,200; floor(1,800 / 64,100, 5) = 0.02808 — not (5,000 − 3,200) / 64,100 = 0.028081…
  const walk = walkAmount(ASKS, '5000', 5);
  assert.equal(walk.quantity.toFixed(), '0.07808');
  assert.equal(walk.value.toFixed(), '4999.928');
  assert.equal(walk.exhausted, false);
  // a short walks the bids: floor(5,000 / 63,990, 5) = 0.07813 fits the first level
  assert.equal(walkAmount(BIDS, '5000', 5).quantity.toFixed(), '0.07813');
  // 0.1 exactly: 6,405 takes both levels' 0.05 and stops on the second, which holds more
  const exact = walkAmount(ASKS, '6405', 5);
  assert.deepEqual([exact.quantity.toFixed(), exact.value.toFixed(), exact.exhausted], ['0.1', '6405', false]);
});

test('by amount: exhausted when the whole book is taken and the amount still buys more; too little for one step takes nothing', () => {
  const walk = walkAmount(ASKS, '100000', 5);
  assert.equal(walk.exhausted, true);
  assert.equal(walk.quantity.toFixed(), '0.15');
  const dust = walkAmount(ASKS, '0.5', 5);
  assert.deepEqual([dust.quantity.toFixed(), dust.exhausted], ['0', false]);
});

test('one price for a walk booked as a single fill: the average at the price decimals, never better for the user', () => {
  // 0.05 × 64,000 + 0.02 × 64,100 = 4,482 for 0.07 → 64,028.5714…: a buy pays 64,028.58, a sell would get 64,028.57
  const walk = walkQuantity(ASKS, 'buy', '0.07');
  assert.equal(walkPrice(walk, 'buy', 2), '64028.58');
  assert.equal(walkPrice(walk, 'sell', 2), '64028.57');
  // an exact average is not moved: 0.2 × 63,990 + 0.1 × 63,900 = 19,188 for 0.3 → 63,960
  assert.equal(walkPrice(walkQuantity(BIDS, 'sell', '0.3'), 'sell', 2), '63960');
  assert.equal(walkPrice(walkQuantity(ASKS, 'buy', '0.1'), 'buy', 0), '64050');
  assert.equal(walkPrice(walkQuantity(ASKS, 'buy', '0'), 'buy', 2), null);
});
