import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../db/db.js';
import { MarketService, type MarketSettings } from '../modules/market/service.js';
import { testDb } from '../testing/test-db.js';
import type { Cluster } from './cluster.js';
import { ManualLeadership, memoryHub } from './memory-bus.js';

let db: Db;
let cleanup: () => Promise<void>;
before(async () => ({ db, cleanup } = await testDb()));
after(async () => cleanup());

// no timer tick during the test: the feeds are stepped by hand
const SETTINGS: MarketSettings = { seed: 'cluster-follow', tickMs: 3_600_000, klineFlushMs: 3_600_000, backfillBars: 50 };
const MONDAY = Date.parse('2026-03-09T15:00:00Z');

function member(hub: ReturnType<typeof memoryHub>, processId: string): Cluster & { leadership: ManualLeadership } {
  return { processId, leadership: new ManualLeadership(), bus: hub.bus(processId), redis: undefined, prefix: '', start: async () => undefined, close: async () => undefined };
}

test('cluster mode: followers apply the owner\'s batches; only the owner evaluates; a new leader reloads first and walks on', async () => {
  const hub = memoryHub();
  const [a, b] = [member(hub, 'a'), member(hub, 'b')];
  let now = MONDAY;
  const clock = () => now;
  const first = await MarketService.create(db, SETTINGS, { clock, cluster: a });
  const second = await MarketService.create(db, SETTINGS, { clock, cluster: b });
  const owned = { first: 0, second: 0 };
  first.subscribeOwned(() => owned.first++);
  second.subscribeOwned(() => owned.second++);
  const events: string[] = [];
  second.onTakeOver(async () => {
    events.push(`reload at ${second.sequence}`);
  });
  second.subscribeOwned(() => events.push('owned tick'));
  first.start();
  second.start();
  assert.equal(first.owner, false, 'cluster mode starts as a follower');

  await a.leadership.set(true);
  assert.equal(first.owner, true);
  for (let i = 0; i < 3; i++) first.feed.step((now += 1000));
  assert.equal(first.sequence, 3);
  assert.equal(second.sequence, 3, 'the follower carries the owner\'s sequence numbers');
  assert.equal(second.quote('BTCUSDT').price, first.quote('BTCUSDT').price);
  assert.deepEqual(second.depth('BTCUSDT', 5), first.depth('BTCUSDT', 5), 'the same book');
  assert.deepEqual(owned, { first: 3, second: 0 }, 'only the owner evaluates');

  // the leader goes; the other takes over: its hooks run before its first tick, its walk starts at the last price
  const last = first.quote('BTCUSDT').price;
  await a.leadership.set(false);
  await b.leadership.set(true);
  assert.deepEqual(events, ['reload at 3']);
  assert.equal(second.feed.quote('BTCUSDT')!.price, last);
  second.feed.step((now += 1000));
  assert.deepEqual(events, ['reload at 3', 'owned tick']);
  assert.equal(second.sequence, 4);
  assert.equal(first.sequence, 4, 'the old leader now follows');
  assert.equal(first.quote('BTCUSDT').price, second.quote('BTCUSDT').price);
  assert.deepEqual(owned, { first: 3, second: 1 });
  await first.stop();
  await second.stop();
});

test('single-process (no bus): the service owns its feed from the start, as before', async () => {
  let now = MONDAY + 10_000;
  const service = await MarketService.create(db, SETTINGS, { clock: () => now });
  let owned = 0;
  service.subscribeOwned(() => owned++);
  service.start();
  assert.equal(service.owner, true);
  service.feed.step((now += 1000));
  assert.equal(owned, 1);
  await service.stop();
});
