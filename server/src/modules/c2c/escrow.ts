import type { Db } from '../../db/db.js';
import { findHold, holdOf, placeHold, postHold, releaseHold } from '../../platform-kit/product/holds.js';
import { Dec } from '../ledger/decimal.js';
import { type AdRow, type OrderRow } from './storage.js';

/**
 * C2C coins are never a balance edit: a sell ad's remaining quantity and every order's escrow are named holds on
 * the owner's real platform wallet. Holds close all at once, so the ad's hold has generations: taking an order
 * releases the current one and holds the rest again (c2c-ad <id>:<generation>); the ledger nets the moves.
 */
const WALLET = 'platform' as const;
export const AD_HOLD = 'c2cAd';
export const ESCROW_HOLD = 'c2cEscrow';

const adReference = (adId: string, generation: number) => ({ kind: 'c2c-ad', id: `${adId}:${generation}` });
const orderReference = (orderId: string) => ({ kind: 'c2c-order', id: orderId });

/** Places generation `generation` of a sell ad's hold (nothing for an empty remainder). */
export async function holdAdRemainder(tx: Db, ad: Pick<AdRow, 'id' | 'merchantId' | 'asset'>, generation: number, remaining: string, now: Date): Promise<void> {
  if (new Dec(remaining).lte(0)) return;
  await placeHold(tx, { userId: ad.merchantId, mode: 'real', wallet: WALLET, asset: ad.asset, amount: remaining, reason: AD_HOLD, reference: adReference(ad.id, generation) }, now);
}

/** Releases the sell ad's current hold, once (a released or absent one is left as it is). */
export async function releaseAdHold(tx: Db, ad: AdRow, now: Date): Promise<void> {
  if (ad.side !== 'sell') return;
  const hold = await holdOf(tx, adReference(ad.id, ad.holdGeneration), AD_HOLD);
  if (hold?.status === 'open') await releaseHold(tx, hold.id, now);
}

/** A sell ad's remainder changes: the current hold is released and the new remainder held as the next generation. */
export async function reholdAd(tx: Db, ad: AdRow, remaining: string, now: Date): Promise<number> {
  await releaseAdHold(tx, ad, now);
  const generation = ad.holdGeneration + 1;
  if (ad.side === 'sell' && ad.status === 'open') await holdAdRemainder(tx, ad, generation, remaining, now);
  return generation;
}

/** The seller's coins of one order into escrow. */
export async function escrow(tx: Db, order: Pick<OrderRow, 'id' | 'sellerId' | 'asset' | 'quantity'>, now: Date): Promise<void> {
  await placeHold(tx, { userId: order.sellerId, mode: 'real', wallet: WALLET, asset: order.asset, amount: order.quantity, reason: ESCROW_HOLD, reference: orderReference(order.id) }, now);
}

async function escrowHold(tx: Db, orderId: string) {
  const hold = await holdOf(tx, orderReference(orderId), ESCROW_HOLD);
  if (!hold) throw new Error(`order ${orderId} has no escrow`);
  return (await findHold(tx, hold.id))!;
}

/** The escrow to the buyer's available balance, exactly once (the holds kit refuses a release after it). */
export async function releaseToBuyer(tx: Db, order: OrderRow, now: Date): Promise<void> {
  const hold = await escrowHold(tx, order.id);
  await postHold(tx, hold.id, [{ to: { holder: order.buyerId, mode: 'real', wallet: WALLET, asset: order.asset, part: 'available' }, amount: hold.amount }], now);
}

/** The escrow back to the seller's available balance, exactly once. */
export async function returnToSeller(tx: Db, order: OrderRow, now: Date): Promise<void> {
  const hold = await escrowHold(tx, order.id);
  await releaseHold(tx, hold.id, now);
}
