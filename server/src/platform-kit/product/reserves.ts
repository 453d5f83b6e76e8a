import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { Dec } from '../../modules/ledger/decimal.js';
import { lockAccount, normalize, parseAmount, PLATFORM, post, type AccountRef, type Mode, type PlatformWallet, type ReserveWallet } from '../../modules/ledger/ledger.js';

/**
 * Reserves: each product's platform ledger account (PLATFORM wallet reserve:<product>, per mode and asset) that
 * its payouts are paid from. An operator funds it by an audited ledger transfer (pnpm ops reserve:fund); a sale is
 * accepted only while the reserve covers every payout still owed by the product's open holdings plus the new
 * sale's (requireCoverage), so the platform never sells what it could not pay.
 */
export const PRODUCT_KEY = /^[a-z][a-z0-9-]{1,31}$/;

export const reserveWallet = (product: string): ReserveWallet => `reserve:${product}`;

export const reserveAccount = (product: string, mode: Mode, asset: string): AccountRef => ({ holder: PLATFORM, mode, wallet: reserveWallet(product), asset });

/** Platform accounts an operator may fund a reserve from. */
export const FUNDING_SOURCES: readonly PlatformWallet[] = ['backoffice', 'fees', 'broker', 'demo'];

export interface ReserveStatus {
  product: string;
  mode: Mode;
  asset: string;
  balance: string;
  /** Every payout still owed by the product's open holdings. */
  liability: string;
  /** balance / liability to 4 decimals, or null when nothing is owed. */
  coverageRatio: string | null;
}

/** Locks the reserve's ledger row (opened at zero if new) until the caller's transaction ends; its balance. */
async function lockReserve(tx: Db, product: string, mode: Mode, asset: string): Promise<Dec> {
  return new Dec(await lockAccount(tx, reserveAccount(product, mode, asset)));
}

/** The product's liability: the pending payouts of its holdings (the most it could still owe). */
export async function liabilityOf(db: Db, product: string, mode: Mode, asset: string): Promise<Dec> {
  const { rows } = await db.query<{ total: string }>(
    `SELECT COALESCE(SUM(amount), 0)::text AS total FROM product_payouts WHERE product_kind = $1 AND mode = $2 AND asset = $3 AND status = 'pending'`,
    [product, mode, asset],
  );
  return new Dec(rows[0]!.total);
}

/**
 * Refuses ("productSoldOut") a sale whose payouts the reserve cannot back: locks the reserve row (so concurrent
 * sales of the product queue here and each sees the payouts the previous one scheduled), then requires
 * balance ≥ liability + additionalLiability. Call it in the purchase's transaction, before scheduling its payouts.
 */
export async function requireCoverage(tx: Db, product: string, mode: Mode, asset: string, additionalLiability: string): Promise<void> {
  const balance = await lockReserve(tx, product, mode, asset);
  const liability = await liabilityOf(tx, product, mode, asset);
  if (balance.lt(liability.plus(additionalLiability))) throw refuse('productSoldOut');
}

/** Funds a reserve from a platform account (an operator's audited command; pass its transaction). */
export async function fundReserve(
  tx: Db,
  input: { product: string; mode: Mode; asset: string; amount: string; from: PlatformWallet; operator: string; now: Date; requestId: string },
): Promise<{ batchId: string; replayed: boolean }> {
  if (!PRODUCT_KEY.test(input.product)) throw new Error(`product: lower-case letters, digits or "-" (${input.product})`);
  if (!FUNDING_SOURCES.includes(input.from)) throw new Error(`--from: one of ${FUNDING_SOURCES.join(', ')}`);
  if ((input.from === 'demo') !== (input.mode === 'demo')) throw new Error('a demo reserve is funded from demo, a real one from a real platform account');
  const amount = parseAmount(input.amount).toFixed();
  await lockReserve(tx, input.product, input.mode, input.asset);
  return post(
    tx,
    {
      key: `reserve-fund:${input.requestId}`,
      cause: { type: 'reserve-fund', id: input.product },
      moves: [{ from: { holder: PLATFORM, mode: input.mode, wallet: input.from, asset: input.asset }, to: reserveAccount(input.product, input.mode, input.asset), amount }],
    },
    input.now,
  );
}

/** Every reserve: balance, liability and coverage, by product, mode and asset (public: what backs each product). */
export async function reserveStatuses(db: Db, product?: string): Promise<ReserveStatus[]> {
  const { rows } = await db.query<{ product: string; mode: Mode; asset: string; balance: string; liability: string }>(
    `WITH r AS (SELECT substr(wallet, 9) AS product, mode, asset, balance FROM ledger_accounts
                 WHERE holder = 0 AND wallet LIKE 'reserve:%' AND part = 'available'),
          l AS (SELECT product_kind AS product, mode, asset, SUM(amount) AS liability FROM product_payouts WHERE status = 'pending'
                 GROUP BY product_kind, mode, asset)
     SELECT product, mode, asset, COALESCE(r.balance, 0)::text AS balance, COALESCE(l.liability, 0)::text AS liability
       FROM r FULL JOIN l USING (product, mode, asset)
      WHERE $1::text IS NULL OR product = $1 ORDER BY product, mode, asset`,
    [product ?? null],
  );
  return rows.map((row) => {
    const liability = new Dec(row.liability);
    return {
      ...row,
      balance: normalize(row.balance),
      liability: normalize(row.liability),
      coverageRatio: liability.isZero() ? null : new Dec(row.balance).div(liability).toDecimalPlaces(4, Dec.ROUND_DOWN).toFixed(),
    };
  });
}
