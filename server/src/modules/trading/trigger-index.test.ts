import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scaled, TriggerIndex, type IndexedTrigger } from './trigger-index.js';

const ids = (list: IndexedTrigger[]) => list.map((t) => t.id).sort();
const t = (id: string, direction: 'gte' | 'lte', price: string, watch: 'bid' | 'ask' = 'ask', symbol = 'BTCUSDT'): IndexedTrigger => ({ id, symbol, watch, direction, price });

test('scaled prices compare exactly, beyond what a float can tell apart', () => {
  assert.equal(scaled('1'), 10n ** 18n);
  assert.equal(scaled('0.000000000000000001'), 1n);
  assert.ok(scaled('64223.990000000000000001') > scaled('64223.99'));
  assert.throws(() => scaled('1.0000000000000000001'));
});

test('a tick crosses exactly the triggers on its side of the price, inclusive', () => {
  const index = new TriggerIndex();
  // buy limits watch the ask and fire at or below their price; stops above watch at or above
  index.add(t('b1', 'lte', '100'));
  index.add(t('b2', 'lte', '99.5'));
  index.add(t('b3', 'lte', '98'));
  index.add(t('s1', 'gte', '101'));
  index.add(t('s2', 'gte', '102'));
  assert.deepEqual(ids(index.crossed('BTCUSDT', { ask: '100.5' })), []);
  assert.deepEqual(ids(index.crossed('BTCUSDT', { ask: '100' })), ['b1'], 'equal price crosses');
  assert.deepEqual(ids(index.crossed('BTCUSDT', { ask: '99.5' })), ['b1', 'b2']);
  assert.deepEqual(ids(index.crossed('BTCUSDT', { ask: '101.5' })), ['s1']);
  assert.deepEqual(ids(index.crossed('BTCUSDT', { ask: '97' })), ['b1', 'b2', 'b3']);
  assert.deepEqual(ids(index.crossed('BTCUSDT', { ask: '200' })), ['s1', 's2']);
  // other watched prices and other symbols are separate
  assert.deepEqual(ids(index.crossed('BTCUSDT', { bid: '1' })), []);
  assert.deepEqual(ids(index.crossed('ETHUSDT', { ask: '1' })), []);
  assert.equal(index.size, 5);
});

test('removal, replacement and duplicate prices', () => {
  const index = new TriggerIndex();
  index.add(t('a', 'lte', '50', 'bid'));
  index.add(t('b', 'lte', '50', 'bid'));
  index.add(t('c', 'lte', '50', 'bid'));
  assert.deepEqual(ids(index.crossed('BTCUSDT', { bid: '50' })), ['a', 'b', 'c'], 'same price, three triggers');
  assert.equal(index.remove('b'), true);
  assert.equal(index.remove('b'), false);
  assert.deepEqual(ids(index.crossed('BTCUSDT', { bid: '49' })), ['a', 'c']);
  // the same id again moves the trigger (a changed take-profit), never duplicates it
  index.add(t('a', 'lte', '40', 'bid'));
  assert.equal(index.size, 2);
  assert.deepEqual(ids(index.crossed('BTCUSDT', { bid: '45' })), ['c']);
  assert.deepEqual(ids(index.crossed('BTCUSDT', { bid: '40' })), ['a', 'c']);
  index.clear();
  assert.equal(index.size, 0);
  assert.deepEqual(index.crossed('BTCUSDT', { bid: '1' }), []);
});

test('agrees with a linear scan on random sets', () => {
  const index = new TriggerIndex();
  const all: IndexedTrigger[] = [];
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 2000; i++) {
    const trigger = t(`x${i}`, rnd() < 0.5 ? 'gte' : 'lte', (90 + rnd() * 20).toFixed(2), rnd() < 0.5 ? 'bid' : 'ask');
    all.push(trigger);
    index.add(trigger);
  }
  for (let i = 0; i < 50; i++) {
    const prices = { bid: (90 + rnd() * 20).toFixed(2), ask: (90 + rnd() * 20).toFixed(2) };
    const linear = all.filter((x) => {
      const p = scaled(prices[x.watch as 'bid' | 'ask']);
      return x.direction === 'gte' ? p >= scaled(x.price) : p <= scaled(x.price);
    });
    assert.deepEqual(ids(index.crossed('BTCUSDT', prices)), ids(linear));
  }
});
