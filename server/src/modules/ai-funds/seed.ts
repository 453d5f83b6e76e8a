import type { Db } from '../../db/db.js';
import { publishFundTerms } from './ops.js';
import { SEED_FUNDS } from './terms.js';

/**
 * Publishes the seeded funds' first terms once (as operator "seed", audited like any version): a fund that exists
 * keeps its versions, so operators' later ones stay.
 */
export async function seedFunds(db: Db, now: Date): Promise<void> {
  for (const { id, terms } of SEED_FUNDS) {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query('SELECT 1 FROM ai_funds WHERE id = $1', [id]);
      if (!rows.length) await publishFundTerms(tx, id, terms, 'seed', now);
    });
  }
}
