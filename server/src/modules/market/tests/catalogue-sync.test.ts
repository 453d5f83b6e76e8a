import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Db } from '../../../db/db.js';
import { runCommand } from '../../../ops/all-commands.js';
import { testDb } from '../../../testing/test-db.js';
import { MarketService, type MarketSettings } from '../service.js';

let db: Db;
let cleanup: () => Promise<void>;
before(async () => ({ db, cleanup } = await testDb()));
after(async () => cleanup());

const MONDAY = Date.parse('2026-03-09T15:00:00Z');
const SETTINGS: MarketSettings = { seed: 'catalogue-sync', tickMs: 1000, klineFlushMs: 60_000, backfillBars: 10 };

const publish = (token: string, price: string) =>
  runCommand(['offer:publish', `${token.toLowerCase()}-sale`, token, '--name', token, '--price', price, '--supply', '1000', '--lot', '10', '--min', '10', '--max', '500',
    '--open', '+1m', '--close', '+2m', '--draw', '+3m', '--list', '+4m'], { operator: 'ops-ico', db: async () => db, print: () => {}, clock: () => new Date(MONDAY) });

test('a token published while the server runs (by pnpm ops, another process) is priced at the next catalogue sync, in every process, without a restart', async () => {
  let now = MONDAY;
  const clock = () => now;
  // two server processes sharing the database
  const one = await MarketService.create(db, SETTINGS, { clock });
  const two = await MarketService.create(db, SETTINGS, { clock });
  await publish('LUMO', '0.5');
  assert.throws(() => one.quote('LUMOUSDT'), /unknown|symbol/i);
  assert.deepEqual(await one.syncCatalogue(), ['LUMOUSDT']);
  // its offering price is its reference: the first quote, with a spread around it
  const quote = one.quote('LUMOUSDT');
  assert.equal(Number(quote.price), 0.5);
  assert.ok(one.list().some((q) => q.symbol === 'LUMOUSDT'), 'listed with the other quotes');
  // it ticks from then on like every instrument, bars and all
  now += 1000;
  const ticks = one.feed.step(now);
  assert.ok(ticks.some((t) => t.symbol === 'LUMOUSDT'));
  one.onTicks(ticks);
  assert.equal((await one.klines('LUMOUSDT', '1m', 5)).at(-1)!.close, one.quote('LUMOUSDT').price);
  // a second sync adds nothing; the other process finds it too (from the database, not from this one's memory)
  assert.deepEqual(await one.syncCatalogue(), []);
  assert.deepEqual(await two.syncCatalogue(), ['LUMOUSDT']);
  assert.ok(two.quote('LUMOUSDT').price);
  await one.stop();
  await two.stop();
});

test('a running service syncs on its own timer', async () => {
  const service = await MarketService.create(db, { ...SETTINGS, catalogueSyncMs: 20 }, { clock: () => MONDAY });
  service.start();
  try {
    await publish('NOVA', '2');
    for (let i = 0; i < 200 && !service.instruments.has('NOVAUSDT'); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(Number(service.quote('NOVAUSDT').price), 2);
  } finally {
    await service.stop();
  }
});
