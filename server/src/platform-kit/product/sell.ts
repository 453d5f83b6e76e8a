import type { Db } from '../../db/db.js';
import type { UserWallet } from '../../modules/ledger/ledger.js';
import { placeHold, type Hold } from './holds.js';
import { planPayouts, schedulePayouts, type Holding, type PayoutRule, type PlannedPayout } from './payouts.js';
import { requireCoverage } from './reserves.js';

/**
 * What makes one product of the kit: its key (its reserve and liability are by this key), where its holdings'
 * funds are held, and its pure payout rule. A new product is one of these plus its own holding table and routes.
 */
export interface ProductDefinition<T extends object> {
  /** The product key: reserve:<kind>, product_payouts.product_kind, product_terms.product_kind. */
  kind: string;
  wallet: UserWallet;
  /** The catalogue-style reason of its purchase holds. */
  holdReason: string;
  payoutRule: PayoutRule<T>;
}

/**
 * One sale, in the purchase's transaction, in the order that keeps it honest and deadlock-free: the coverage
 * check (locks the reserve; refuses "productSoldOut" when the reserve cannot back the new payouts), then the hold
 * of the principal (refuses "insufficientBalance"), then the schedule. The caller has inserted its holding row
 * with the frozen terms (freezeTerms) and passes its id.
 */
export async function sell<T extends object>(
  tx: Db,
  product: ProductDefinition<T>,
  holding: Omit<Holding<T>, 'product' | 'wallet' | 'holdId'>,
  now: Date,
): Promise<{ hold: Hold; plan: PlannedPayout[]; liability: string }> {
  const full: Holding<T> = { ...holding, product: product.kind, wallet: product.wallet };
  const { plan, liability } = planPayouts(full, product.payoutRule);
  await requireCoverage(tx, product.kind, holding.mode, holding.asset, liability);
  const hold = await placeHold(
    tx,
    { userId: holding.userId, mode: holding.mode, wallet: product.wallet, asset: holding.asset, amount: holding.principal, reason: product.holdReason, reference: holding.holding },
    now,
  );
  await schedulePayouts(tx, { ...full, holdId: hold.id }, plan, now);
  return { hold, plan, liability };
}
