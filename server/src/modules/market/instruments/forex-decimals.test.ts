import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '../../../db/db.js';
import { loadMigrations, migrate } from '../../../db/migrate.js';
import { useUnmigratedStore } from '../../../testing/test-db.js';
import { forexTerms } from '../../forex/terms.js';
import { DEFAULT_PRICE_DECIMALS } from '@meridian/contracts';
import { INSTRUMENT_SEEDS } from './catalogue.js';
import { loadInstruments, seedInstruments } from './storage.js';

const FIX = '0019_forex_price_decimals';

let db: Db;
useUnmigratedStore((opened) => (db = opened));

test('the catalogue quotes every forex pair to a tenth of a pip, as its terms and the screens do: 5, JPY-quoted 3', () => {
  const forex = INSTRUMENT_SEEDS.filter((seed) => seed.category === 'FOREX');
  assert.ok(forex.length >= 20);
  for (const seed of forex) {
    assert.equal(seed.priceDecimals, seed.unit === 'JPY' ? 3 : 5, seed.symbol);
    assert.equal(seed.priceDecimals, forexTerms(seed).priceDecimals, `${seed.symbol}: catalogue and terms agree`);
  }
  assert.ok(forex.some((seed) => seed.unit === 'JPY'));
});

test(`${FIX} corrects the forex catalogue rows still at the old default, and nothing frozen in orders and positions`, async () => {
  const migrations = await loadMigrations();
  assert.ok(migrations.some((m) => m.name === FIX));
  await migrate(db, migrations.filter((m) => m.name < FIX));

  // A store seeded before the fix: forex pairs at the catalogue's default, one pair an operator set by hand.
  await seedInstruments(db, INSTRUMENT_SEEDS.map((seed) => (seed.category === 'FOREX' ? { ...seed, priceDecimals: DEFAULT_PRICE_DECIMALS } : seed)));
  await db.query("UPDATE market_instrument SET price_decimals = 4 WHERE symbol = 'EURUSD'");
  const before = new Map((await loadInstruments(db)).map((i) => [i.symbol, i.priceDecimals]));
  assert.equal(before.get('AUDCAD'), 10);

  // An open USDJPY position whose order copied the old terms: both keep them.
  const { rows: users } = await db.query<{ id: string }>(
    `INSERT INTO users (email, country_id, nickname, password_hash, invitation_code, invited_by_code, created_at)
     VALUES ('fx@example.com', (SELECT min(id) FROM countries), 'fx', 'x', 'FXCODE', '', now()) RETURNING id`,
  );
  const userId = users[0]!.id;
  const { rows: orders } = await db.query<{ id: string }>(
    `INSERT INTO perp_orders (user_id, mode, symbol, side, type, status, quantity, leverage, margin_mode, position_mode, done_quantity, done_price,
       maker_fee_rate, taker_fee_rate, price_decimals, maintenance_tiers, terms_version, request_key, created_at, done_at)
     VALUES ($1, 'real', 'USDJPY', 'long', 'market', 'completed', 1000, 10, 'isolated', 'merge', 1000, 151.5,
       0.00002, 0.00003, 10, '[]', 1, 'fx-old-terms', now(), now()) RETURNING id`,
    [userId],
  );
  await db.query(
    `INSERT INTO perp_positions (user_id, mode, symbol, side, status, quantity, entry_price, leverage, margin_mode, margin, peak_margin,
       parent_order_id, taker_fee_rate, price_decimals, maintenance_tiers, terms_version, opened_at)
     VALUES ($1, 'real', 'USDJPY', 'long', 'open', 1000, 151.5, 10, 'isolated', 100, 100, $2, 0.00003, 10, '[]', 1, now())`,
    [userId, orders[0]!.id],
  );

  assert.deepEqual(await migrate(db, migrations.filter((m) => m.name <= FIX)), [FIX], 'the fix alone (later migrations are not its subject)');

  const afterFix = await loadInstruments(db);
  for (const instrument of afterFix) {
    const expected = instrument.symbol === 'EURUSD' ? 4 : instrument.category !== 'FOREX' ? before.get(instrument.symbol) : instrument.unit === 'JPY' ? 3 : 5;
    assert.equal(instrument.priceDecimals, expected, instrument.symbol);
  }
  const frozen = await db.query<{ order: number; position: number }>(
    'SELECT o.price_decimals AS "order", p.price_decimals AS position FROM perp_positions p JOIN perp_orders o ON o.id = p.parent_order_id',
  );
  assert.deepEqual(frozen.rows.map((r) => [Number(r.order), Number(r.position)]), [[10, 10]]);
});
