import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, post, type Mode } from '../ledger/ledger.js';
import { reserveStatuses } from '../../platform-kit/product/reserves.js';
import { currentTerms, publishTerms, type TermsVersion } from '../../platform-kit/product/terms.js';

/**
 * What smart pool and financing share: their catalogue (each product id's current terms version of a kind), the
 * reserve figures every product screen shows, the seed of the first terms, and the move that puts an investment
 * into the wealth wallet.
 */
export async function catalogue<T extends object>(db: Db, kind: string, at: Date): Promise<TermsVersion<T>[]> {
  const { rows } = await db.query<{ id: string }>('SELECT DISTINCT product_id AS id FROM product_terms WHERE product_kind = $1 ORDER BY product_id', [kind]);
  const versions = await Promise.all(rows.map((r) => currentTerms<T>(db, kind, r.id, at)));
  return versions.filter((v): v is TermsVersion<T> => v !== undefined);
}

export interface ReserveFigures {
  asset: string;
  balance: string;
  liability: string;
  /** What the reserve can still back: balance − liability (never below 0). */
  free: string;
  coverageRatio: string | null;
}

/** The reserve of a product kind in one mode and asset (zeros when it was never funded). */
export async function reserveOf(db: Db, kind: string, mode: Mode, asset: string): Promise<ReserveFigures> {
  const found = (await reserveStatuses(db, kind)).find((s) => s.mode === mode && s.asset === asset);
  const balance = found?.balance ?? '0';
  const liability = found?.liability ?? '0';
  const free = Dec.max(new Dec(balance).minus(liability), 0).toFixed();
  return { asset, balance, liability, free, coverageRatio: found?.coverageRatio ?? null };
}

/** Publishes each seed product's first terms unless the product already has a version (first start only). */
export async function seedTerms<T extends object>(db: Db, kind: string, products: { id: string; terms: T }[], now: Date): Promise<void> {
  for (const product of products) {
    await db.transaction(async (tx) => {
      if (await currentTerms(tx, kind, product.id)) return;
      await publishTerms(tx, { productKind: kind, productId: product.id, terms: product.terms, operator: 'seed', now });
    });
  }
}

/**
 * The investment's way into the wealth wallet: the user's platform wallet → wealth, under the purchase's key, in
 * its transaction (refused with insufficientBalance when the platform wallet is short). The sale then holds it
 * there; the payouts pay into wealth and the last one releases the principal there.
 */
export async function moveToWealth(tx: Db, input: { key: string; cause: { type: string; id: string }; userId: string; mode: Mode; asset: string; amount: string }, now: Date) {
  if (input.userId === PLATFORM) throw new Error('a platform account never invests');
  await post(tx, {
    key: `${input.key}:wealth`,
    cause: input.cause,
    moves: [{ from: { holder: input.userId, mode: input.mode, wallet: 'platform', asset: input.asset }, to: { holder: input.userId, mode: input.mode, wallet: 'wealth', asset: input.asset }, amount: input.amount }],
  }, now);
}
