import type { Db } from '../../db/db.js';
import { drawHold, placeHold, releaseHold } from '../../platform-kit/product/holds.js';
import { Dec } from '../ledger/decimal.js';
import type { Move } from '../ledger/ledger.js';
import { setOrderHold } from './order-storage.js';
import { accounts, PERP_ORDER_HOLD, PERP_ORDER_REFERENCE } from './settlement.js';
import type { OrderRow } from './storage.js';

/*
 * What a pending order (a resting limit, a stop that opens) holds — its margin and fee — waits in a named hold of
 * the contract wallet (the product kit's one way to set money aside), under the ledger keys the order always used.
 * A fill draws from it: the filled part's margin and fee into the frozen part (a position's margin, and the fee the
 * commit charges), what a better price saved back to available. A cancel, a fired stop or a refusal releases the
 * rest. An open position's margin stays in the frozen part (collateral, not a hold: ledger_frozen_owners).
 */

type Order = Pick<OrderRow, 'id' | 'userId' | 'mode'>;
const cause = (order: Order) => ({ type: 'perpetual', id: order.id });

/** Sets `amount` aside for a new pending order (available → held) under `key`; the order row names the hold. */
export async function holdForOrder(tx: Db, order: Order, amount: string, key: string, now: Date): Promise<string> {
  const hold = await placeHold(tx, {
    userId: order.userId, mode: order.mode, wallet: 'contract', asset: 'USDT', amount, reason: PERP_ORDER_HOLD, reference: { kind: PERP_ORDER_REFERENCE, id: order.id },
  }, now, { ledgerKey: key, cause: cause(order) });
  await setOrderHold(tx, order.id, hold.id);
  return hold.id;
}

/** A fill's draw, in one batch: `toFrozen` (the part's margin and fee) into the frozen part, `back` to available. */
export async function drawForFill(tx: Db, order: Order & Pick<OrderRow, 'holdId'>, draw: { toFrozen: InstanceType<typeof Dec>; back?: InstanceType<typeof Dec> }, key: string, now: Date): Promise<void> {
  if (!order.holdId) throw new Error(`perpetual order ${order.id} fills from a hold it does not have`);
  const acc = accounts(order.userId, order.mode);
  const moves: Move[] = [];
  if (draw.toFrozen.gt(0)) moves.push({ from: acc.held, to: acc.frozen, amount: draw.toFrozen.toFixed() });
  if (draw.back?.gt(0)) moves.push({ from: acc.held, to: acc.available, amount: draw.back.toFixed() });
  if (moves.length) await drawHold(tx, order.holdId, { key, cause: cause(order), moves }, now);
}

/** Gives back what a pending order still holds (cancelled, its stop fired or refused), once, under `key`. */
export async function releaseOrderHold(tx: Db, order: Order & Pick<OrderRow, 'holdId' | 'held'>, key: string, now: Date): Promise<void> {
  if (!new Dec(order.held).gt(0)) return;
  if (!order.holdId) throw new Error(`perpetual order ${order.id} holds ${order.held} and has no hold`);
  await releaseHold(tx, order.holdId, now, { ledgerKey: key, cause: cause(order) });
}
