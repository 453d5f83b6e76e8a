import { AMOUNT_CEILING } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { placeHold, postHold, releaseHold } from '../../platform-kit/product/holds.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, type Mode } from '../ledger/ledger.js';
import { deliverShares } from '../stocks/positions.js';
import { currentRates } from '../stocks/storage.js';
import { priceRefusal, sizeRefusal, venueOf } from '../stocks/venue.js';
import { block, BLOCK_COLUMNS, costUsdt, findBlock, findOffer, type BlockOfferRow, type BlockSubscriptionRow } from './storage.js';
import { blockView } from './views.js';
import { offerReceipt, offerReceipts } from './receipts.js';

/** Block trades: a subscription's cost is held from spot USDT until an operator decides or the window passes. */
export const BLOCK_HOLD = { reason: 'stockBlock', kind: 'stock-block-subscription' } as const;

export interface NewBlockOffer {
  symbol: string;
  name: string;
  price: string;
  minQuantity: string;
  maxQuantity: string;
  opensAt: Date;
  closesAt: Date;
}

/** Operator: publishes a block offer (problems as text). Offers never change once published. */
export async function publishBlockOffer(tx: Db, input: NewBlockOffer, operator: string, now: Date): Promise<BlockOfferRow> {
  const venue = venueOf(input.symbol);
  if (!venue) throw new Error(`${input.symbol} is on no stock venue (AAPL:NASDAQ, 7203:TSE…)`);
  if (priceRefusal(venue, input.price)) throw new Error(`${input.price} is not a valid ${venue.currency} price on ${venue.id}`);
  for (const q of [input.minQuantity, input.maxQuantity]) if (sizeRefusal(venue, q)) throw new Error(`${q} is not a whole number of ${venue.lotSize}-share lots`);
  if (new Dec(input.minQuantity).gt(input.maxQuantity)) throw new Error('the minimum is above the maximum');
  if (!(input.opensAt < input.closesAt)) throw new Error('the window must open before it closes');
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO stock_block_offers (symbol, name, currency, price, min_quantity, max_quantity, opens_at, closes_at, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
    [input.symbol, input.name, venue.currency, new Dec(input.price).toFixed(), input.minQuantity, input.maxQuantity, input.opensAt, input.closesAt, operator, now],
  );
  return (await findOffer(tx, rows[0]!.id))!;
}

async function blockTerms(db: Db, o: BlockOfferRow | undefined, quantity: string, now: Date) {
  if (!o) throw refuse('offerNotFound');
  if (now < o.opensAt) throw refuse('subscriptionNotOpen', { opensAt: o.opensAt.toISOString() });
  if (now >= o.closesAt) throw refuse('subscriptionClosed');
  const q = new Dec(quantity);
  if (q.gt(AMOUNT_CEILING)) throw refuse('offerAmountTooLarge');
  if (sizeRefusal(venueOf(o.symbol)!, quantity)) throw refuse('invalidSize');
  if (q.lt(o.minQuantity)) throw refuse('quantityBelowMinimum', { min: o.minQuantity });
  if (q.gt(o.maxQuantity)) throw refuse('quantityAboveMaximum', { max: o.maxQuantity });
  const rate = (await currentRates(db)).get(o.currency);
  if (!rate) throw refuse('offerRateMissing', { currency: o.currency });
  const amount = costUsdt(q.toFixed(), o.price, rate);
  if (new Dec(amount).gt(AMOUNT_CEILING)) throw refuse('offerAmountTooLarge');
  return { quantity: q.toFixed(), rate, amount };
}

export async function blockAnswer(db: Db, b: BlockSubscriptionRow) {
  return blockView(b, (await findOffer(db, b.offerId))!, await offerReceipts(db, 'stock-block', b.id));
}

/** A user subscribes to a block offer: the cost is held from the spot wallet's USDT, once per request id. */
export async function subscribeBlock(db: Db, clock: () => Date, user: { id: string; mode: Mode }, input: { blockOfferId: string; quantity: string; requestId: string }) {
  const replay = async (store: Db, key: string) => {
    const { rows } = await store.query<BlockSubscriptionRow>(`SELECT ${BLOCK_COLUMNS} FROM stock_block_subscriptions b WHERE b.request_key = $1`, [key]);
    return rows[0] && blockAnswer(store, block(rows[0]));
  };
  const call = await idempotent(db, clock, {
    key: { scope: 'stock-block', userId: user.id, mode: user.mode, requestId: input.requestId },
    request: { blockOfferId: input.blockOfferId, quantity: input.quantity, mode: user.mode },
    replay,
  });
  if (call.first) return call.first;
  await blockTerms(db, await findOffer(db, input.blockOfferId), input.quantity, clock());
  const made = await call.transaction(async (tx, now) => {
    const o = await findOffer(tx, input.blockOfferId);
    const terms = await blockTerms(tx, o, input.quantity, now);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO stock_block_subscriptions (offer_id, user_id, mode, quantity, price, rate, rate_version, amount, request_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
      [o!.id, user.id, user.mode, terms.quantity, o!.price, terms.rate.rate, terms.rate.version, terms.amount, call.key, now],
    );
    const id = rows[0]!.id;
    const hold = await placeHold(tx, { userId: user.id, mode: user.mode, wallet: 'spot', asset: 'USDT', amount: terms.amount, reason: BLOCK_HOLD.reason, reference: { kind: BLOCK_HOLD.kind, id } }, now);
    await tx.query('UPDATE stock_block_subscriptions SET hold_id = $2 WHERE id = $1', [id, hold.id]);
    await offerReceipt(tx, 'stock-block', 'subscribe', id, {
      offer: o!.id, symbol: o!.symbol, user: user.id, mode: user.mode, quantity: terms.quantity, price: o!.price, currency: o!.currency,
      rate: terms.rate.rate, rateVersion: terms.rate.version, amount: terms.amount, hold: hold.id,
    }, now);
    return blockAnswer(tx, (await findBlock(tx, id))!);
  });
  // read again once committed: the receipt's hash is given when the chain links it, at the commit
  return (await replay(db, call.key)) ?? made;
}

async function pendingOrFail(tx: Db, id: string): Promise<BlockSubscriptionRow> {
  const b = await findBlock(tx, id, true);
  if (!b) throw new Error(`no block subscription ${id}`);
  if (b.status !== 'pending') throw new Error(`block subscription ${id} is ${b.status}, not pending review`);
  return b;
}

/**
 * Operator: approves a pending subscription: the hold is posted to the broker (Approved). The shares follow at the
 * block price with the next run of the job (deliverApproved: Completed), so a failed delivery never undoes the
 * decision and is retried by the job.
 */
export async function approveBlock(tx: Db, id: string, operator: string, now: Date): Promise<BlockSubscriptionRow> {
  const b = await pendingOrFail(tx, id);
  await postHold(tx, b.holdId!, [{ to: { holder: PLATFORM, mode: b.mode, wallet: 'broker', asset: 'USDT' }, amount: b.amount }], now);
  await tx.query(`UPDATE stock_block_subscriptions SET status = 'approved', approved_at = $2, decided_by = $3 WHERE id = $1`, [id, now, operator]);
  await offerReceipt(tx, 'stock-block', 'approve', id, { offer: b.offerId, user: b.userId, mode: b.mode, amount: b.amount, hold: b.holdId }, now);
  return (await findBlock(tx, id))!;
}

/** Job step: approved subscriptions get their shares, as a position at the block price, once (then Completed). */
export async function deliverApproved(tx: Db, now: Date): Promise<number> {
  const { rows } = await tx.query<BlockSubscriptionRow>(
    `SELECT ${BLOCK_COLUMNS} FROM stock_block_subscriptions b WHERE b.status = 'approved' ORDER BY b.id LIMIT 100 FOR UPDATE SKIP LOCKED`,
  );
  for (const b of rows.map(block)) {
    const o = (await findOffer(tx, b.offerId))!;
    await deliverShares(tx, {
      userId: b.userId, mode: b.mode, book: 'stock', symbol: o.symbol, shares: b.quantity, price: b.price, priceCurrency: o.currency,
      rate: b.rate, rateVersion: b.rateVersion, cause: { type: BLOCK_HOLD.kind, id: b.id }, key: `stock-block:${b.id}`,
    }, now);
    await tx.query(`UPDATE stock_block_subscriptions SET status = 'completed', completed_at = $2 WHERE id = $1`, [b.id, now]);
    await offerReceipt(tx, 'stock-block', 'deliver', b.id, {
      offer: o.id, symbol: o.symbol, user: b.userId, mode: b.mode, shares: b.quantity, price: b.price, currency: o.currency, rate: b.rate, rateVersion: b.rateVersion,
    }, now);
  }
  return rows.length;
}

/** Operator: rejects a pending subscription; its hold is released. */
export async function rejectBlock(tx: Db, id: string, reason: string, operator: string, now: Date): Promise<BlockSubscriptionRow> {
  const b = await pendingOrFail(tx, id);
  await releaseHold(tx, b.holdId!, now);
  await offerReceipt(tx, 'stock-block', 'release', id, { offer: b.offerId, user: b.userId, mode: b.mode, amount: b.amount, hold: b.holdId, why: 'rejected' }, now);
  await tx.query(`UPDATE stock_block_subscriptions SET status = 'rejected', rejected_at = $2, reason = $3, decided_by = $4 WHERE id = $1`, [id, now, reason, operator]);
  return (await findBlock(tx, id))!;
}

/** Job step: subscriptions still pending when their offer's window passed expire and are released. */
export async function expireBlocks(tx: Db, now: Date): Promise<number> {
  const { rows } = await tx.query<BlockSubscriptionRow>(
    `SELECT ${BLOCK_COLUMNS} FROM stock_block_subscriptions b JOIN stock_block_offers o ON o.id = b.offer_id
     WHERE b.status = 'pending' AND o.closes_at <= $1 ORDER BY b.id LIMIT 100 FOR UPDATE OF b SKIP LOCKED`,
    [now],
  );
  for (const b of rows.map(block)) {
    await releaseHold(tx, b.holdId!, now);
    await offerReceipt(tx, 'stock-block', 'release', b.id, { offer: b.offerId, user: b.userId, mode: b.mode, amount: b.amount, hold: b.holdId, why: 'expired' }, now);
    await tx.query(`UPDATE stock_block_subscriptions SET status = 'expired', expired_at = $2 WHERE id = $1`, [b.id, now]);
  }
  return rows.length;
}
