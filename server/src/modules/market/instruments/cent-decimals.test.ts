import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_PRICE_DECIMALS } from '@meridian/contracts';
import type { Db } from '../../../db/db.js';
import { loadMigrations, migrate } from '../../../db/migrate.js';
import { useUnmigratedStore } from '../../../testing/test-db.js';
import { INSTRUMENT_SEEDS } from './catalogue.js';
import { loadInstruments, seedInstruments } from './storage.js';

const FIX = '0039_cent_price_decimals';
const CENTS = ['STOCK', 'INDIES', 'CFD'];

let db: Db;
useUnmigratedStore((opened) => (db = opened));

test('the catalogue quotes stocks, indices and CFDs to the cent, as their screens show them', () => {
  const priced = INSTRUMENT_SEEDS.filter((seed) => CENTS.includes(seed.category));
  assert.equal(priced.filter((seed) => seed.category === 'STOCK').length, 32);
  assert.ok(priced.some((seed) => seed.category === 'INDIES') && priced.some((seed) => seed.category === 'CFD'));
  for (const seed of priced) assert.equal(seed.priceDecimals, 2, seed.symbol);
});

test(`${FIX} corrects the stock, index and CFD rows still at the old default, and nothing else`, async () => {
  const migrations = await loadMigrations();
  assert.ok(migrations.some((m) => m.name === FIX));
  await migrate(db, migrations.filter((m) => m.name < FIX));

  // A store seeded before the fix: those categories at the catalogue's default, one index an operator set by hand.
  await seedInstruments(db, INSTRUMENT_SEEDS.map((seed) => (CENTS.includes(seed.category) ? { ...seed, priceDecimals: DEFAULT_PRICE_DECIMALS } : seed)));
  await db.query("UPDATE market_instrument SET price_decimals = 1 WHERE symbol = 'JP225'");
  const before = new Map((await loadInstruments(db)).map((i) => [i.symbol, i.priceDecimals]));
  assert.equal(before.get('AAPL:NASDAQ'), 10);

  assert.deepEqual(await migrate(db, migrations.filter((m) => m.name <= FIX)), [FIX], 'the fix alone');

  for (const instrument of await loadInstruments(db)) {
    const expected = instrument.symbol === 'JP225' ? 1 : CENTS.includes(instrument.category) ? 2 : before.get(instrument.symbol);
    assert.equal(instrument.priceDecimals, expected, instrument.symbol);
  }
});
