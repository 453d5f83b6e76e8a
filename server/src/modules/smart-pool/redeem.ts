import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { holdOf, postHold, type HoldDestination } from '../../platform-kit/product/holds.js';
import { cancelFuturePayouts } from '../../platform-kit/product/payouts.js';
import { reserveAccount } from '../../platform-kit/product/reserves.js';
import { Dec } from '../ledger/decimal.js';
import { lockAccount, type Mode } from '../ledger/ledger.js';
import { appendReceipt } from '../trading/receipts.js';
import { earlyRedemption, REBATE_KIND, SMART_POOL, SMART_POOL_KIND, type SmartPoolTerms } from './terms.js';

interface Locked {
  id: string;
  userId: string;
  mode: Mode;
  asset: string;
  amount: string;
  terms: SmartPoolTerms;
  redeemed: boolean;
}

/**
 * Redeems a locked order before the end of its term, in the caller's transaction (the idempotent call's), under
 * the order's frozen terms: its payouts not yet due are cancelled (its incomes and its uplines' rebates, which
 * follow the income), and the purchase's hold is posted once: principal − penalty back to the wealth wallet,
 * the penalty into the smart-pool reserve. Incomes already due stay owed and are paid by the job. Refuses
 * "smartPoolLocked" when the terms offer no early redemption and "smartPoolMatured" once the last income is due
 * (the job returns the principal in full then). Returns false when the order was already redeemed (nothing moves).
 */
export async function redeemEarly(tx: Db, input: { orderId: string; userId: string; mode: Mode; key: string }, now: Date): Promise<boolean> {
  const { rows } = await tx.query<Locked>(
    `SELECT o.id::text AS id, o.user_id::text AS "userId", o.mode, o.asset, o.amount::text AS amount, o.terms,
            (EXISTS (SELECT 1 FROM smart_pool_redemptions r WHERE r.order_id = o.id)
             OR NOT EXISTS (SELECT 1 FROM product_payouts p WHERE p.holding_kind = $3 AND p.holding_id = o.id::text AND p.release_hold_id IS NOT NULL
                             AND p.status = 'pending')) AS redeemed
       FROM smart_pool_orders o WHERE o.id::text = $1 AND o.user_id = $2 AND o.mode = $4`,
    [input.orderId, input.userId, SMART_POOL_KIND, input.mode],
  );
  const order = rows[0];
  if (!order) throw refuse('notFound');
  // the reserve first: the lock order of purchases and of the payouts job
  await lockAccount(tx, reserveAccount(SMART_POOL_KIND, order.mode, order.asset));
  const { rows: release } = await tx.query<{ dueAt: Date; status: string }>(
    `SELECT due_at AS "dueAt", status FROM product_payouts WHERE holding_kind = $1 AND holding_id = $2 AND release_hold_id IS NOT NULL FOR UPDATE`,
    [SMART_POOL_KIND, order.id],
  );
  if (order.redeemed || release[0]?.status !== 'pending') return false;
  const early = earlyRedemption(order.terms, order.amount);
  if (!early) throw refuse('smartPoolLocked', { endsAt: release[0].dueAt.toISOString() });
  if (release[0].dueAt.getTime() <= now.getTime()) throw refuse('smartPoolMatured');

  const holdings = [{ kind: SMART_POOL_KIND, id: order.id }, ...[1, 2, 3].map((tier) => ({ kind: REBATE_KIND, id: `${order.id}-${tier}` }))];
  const cancelled = await cancelFuturePayouts(tx, holdings, now, now);
  const hold = await holdOf(tx, { kind: SMART_POOL_KIND, id: order.id }, SMART_POOL.holdReason);
  if (!hold) throw new Error(`smart-pool order ${order.id} has no purchase hold`);
  const destinations: HoldDestination[] = [];
  if (new Dec(early.returned).gt(0)) destinations.push({ to: { holder: order.userId, mode: order.mode, wallet: SMART_POOL.wallet, asset: order.asset }, amount: early.returned });
  if (new Dec(early.penalty).gt(0)) destinations.push({ to: reserveAccount(SMART_POOL_KIND, order.mode, order.asset), amount: early.penalty });
  const posted = await postHold(tx, hold.id, destinations, now);
  const receipt = await appendReceipt(tx, {
    kind: 'redemption',
    ref: `smart-pool-redeem:${order.id}`,
    payload: { product: SMART_POOL_KIND, holding: `${SMART_POOL_KIND}:${order.id}`, user: order.userId, mode: order.mode, asset: order.asset, principal: order.amount,
      penaltyRate: early.rate, penalty: early.penalty, returned: early.returned, hold: posted.id, cancelledPayouts: cancelled.map((p) => p.id) },
  }, now);
  await tx.query(
    `INSERT INTO smart_pool_redemptions (order_id, user_id, mode, asset, principal, penalty_rate, penalty, returned, receipt_seq, request_key, redeemed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [order.id, order.userId, order.mode, order.asset, order.amount, early.rate, early.penalty, early.returned, receipt.seq, input.key, now],
  );
  return true;
}
