import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INSTRUMENT_SEEDS } from '../instruments/catalogue.js';
import { CompositeFeed, SHARED_DEPTH_LEVELS, type RoutedSource } from './composite.js';
import type { DepthSnapshot, Tick } from './port.js';
import { SimulatedFeed } from './simulated.js';

const MONDAY = Date.parse('2026-03-09T16:00:00Z');

/** An exchange that lists DOTUSDT: connected, it has a book and ticks; not connected (a follower), it has neither. */
function exchange(): RoutedSource & { connected: boolean; asked: number[] } {
  const book: DepthSnapshot = {
    symbol: 'DOTUSDT',
    time: MONDAY,
    bids: Array.from({ length: 25 }, (_, i) => [(4.12 - i / 100).toFixed(2), `${10 + i}`] as [string, string]),
    asks: Array.from({ length: 25 }, (_, i) => [(4.13 + i / 100).toFixed(2), `${20 + i}`] as [string, string]),
  } as DepthSnapshot;
  const tick: Tick = { symbol: 'DOTUSDT', category: 'CRYPTO', price: '4.125', bid: '4.12', ask: '4.13', volume: '5', time: MONDAY } as Tick;
  const source = {
    connected: false,
    asked: [] as number[],
    owns: (symbol: string) => symbol === 'DOTUSDT',
    connect: () => void (source.connected = true),
    disconnect: () => void (source.connected = false),
    step: () => (source.connected ? [tick] : []),
    start: () => undefined,
    stop: () => undefined,
    subscribe: () => () => undefined,
    quote: (symbol: string) => (source.connected && symbol === 'DOTUSDT' ? tick : undefined),
    depth: (symbol: string, levels: number) => {
      source.asked.push(levels);
      return source.connected && symbol === 'DOTUSDT' ? { ...book, bids: book.bids.slice(0, levels), asks: book.asks.slice(0, levels) } : undefined;
    },
  };
  return source;
}

const composite = (source: RoutedSource) =>
  new CompositeFeed(new SimulatedFeed({ seed: 'c', tickMs: 1000, instruments: INSTRUMENT_SEEDS.filter((i) => ['BTCUSDT'].includes(i.symbol)), clock: () => MONDAY }), source, { tickMs: 3_600_000 });

test('cluster mode: the owner shares its exchange books with the batch; a follower without a connection serves them', () => {
  const ownerSource = exchange();
  const followerSource = exchange();
  const owner = composite(ownerSource);
  const follower = composite(followerSource);
  owner.start();
  try {
    const ticks = owner.step(MONDAY + 1000);
    assert.deepEqual(ticks.map((t) => t.symbol).sort(), ['BTCUSDT', 'DOTUSDT']);
    const depths = owner.sharedDepths(ticks);
    // only the exchange's book travels: the simulated one is a function of its tick
    assert.deepEqual(Object.keys(depths ?? {}), ['DOTUSDT']);
    assert.equal(depths!.DOTUSDT!.bids.length, SHARED_DEPTH_LEVELS);
    assert.equal(follower.depth('DOTUSDT', 5), undefined, 'before: the follower has no book of its own');
    follower.adopt(ticks, depths);
    assert.deepEqual(follower.depth('DOTUSDT', 5), owner.depth('DOTUSDT', 5), 'the same book, sliced to the levels asked');
    assert.deepEqual(follower.depth('BTCUSDT', 5), owner.depth('BTCUSDT', 5), 'the simulated book rebuilt from the tick');
    assert.equal(follower.quote('DOTUSDT')?.price, '4.125');
  } finally {
    owner.stop();
  }
});

test('a follower that takes over serves its own connection\'s book, not the last one it adopted', () => {
  const source = exchange();
  const feed = composite(source);
  const stale = { symbol: 'DOTUSDT', time: MONDAY, bids: [['1.00', '1']], asks: [['9.00', '1']] } as DepthSnapshot;
  feed.adopt([], { DOTUSDT: stale });
  assert.deepEqual(feed.depth('DOTUSDT', 5)?.bids, [['1.00', '1']]);
  feed.start();
  try {
    assert.equal(feed.depth('DOTUSDT', 5)?.bids[0]?.[0], '4.12');
  } finally {
    feed.stop();
  }
});
