import type { Db } from '../../db/db.js';
import { fundReserve } from '../../platform-kit/product/reserves.js';
import { FINANCING_KIND, SEED_FINANCING } from '../financing/terms.js';
import { seedTerms } from './catalogue.js';
import { SEED_MINERS, SMART_POOL_KIND } from './terms.js';

/** The demo ledger's reserves: play money, so each demo product is backed at first start (once, by its key). */
export const DEMO_RESERVE = '1000000';

/**
 * First start: the seed miners' and financing products' first terms (operators publish later versions with
 * pnpm ops), and their demo reserves. Real reserves are only ever funded by an operator (pnpm ops reserve:fund).
 */
export async function seedInvest(db: Db, now: Date): Promise<void> {
  await seedTerms(db, SMART_POOL_KIND, SEED_MINERS, now);
  await seedTerms(db, FINANCING_KIND, SEED_FINANCING, now);
  for (const product of [SMART_POOL_KIND, FINANCING_KIND]) {
    await db.transaction((tx) => fundReserve(tx, { product, mode: 'demo', asset: 'USDT', amount: DEMO_RESERVE, from: 'demo', operator: 'seed', now, requestId: `seed-demo-${product}` }));
  }
}
