import { AMOUNT_CEILING } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { placeHold, postHold, releaseHold } from '../../platform-kit/product/holds.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, type Mode } from '../ledger/ledger.js';
import { deliverShares } from '../stocks/positions.js';
import { currentRates } from '../stocks/storage.js';
import { priceRefusal, venueOf } from '../stocks/venue.js';
import { allocate, newSeed, seedHash } from './draw.js';
import { costUsdt, dueIpos, findIpo, findSubscription, IPO_COLUMNS, SUBSCRIPTION_COLUMNS, subscription, subscriptionsOf, type IpoRow, type IpoSubscriptionRow } from './storage.js';
import { drawTotals, lotsOffered, subscriptionView } from './views.js';
import { offerReceipt, offerReceipts } from './receipts.js';
import { recordAudit } from '../audit/storage.js';
import { pushToUser } from '../platform/user-events.js';

/** The hold of a subscription: spot USDT, set aside for this reason and reference. */
export const IPO_HOLD = { reason: 'stockIpo', kind: 'stock-ipo-subscription' } as const;
const broker = (mode: Mode) => ({ holder: PLATFORM, mode, wallet: 'broker' as const, asset: 'USDT' });

export interface NewIpo {
  symbol: string;
  name: string;
  issuePrice: string;
  peRatio: string | null;
  sharesOffered: string;
  lotSize: number;
  subscribeFrom: Date;
  subscribeUntil: Date;
  allocateAt: Date;
  listAt: Date;
}

/** Operator: publishes an IPO with a fresh secret seed, whose hash is public from now on. Problems as text. */
export async function publishIpo(tx: Db, input: NewIpo, operator: string, now: Date): Promise<IpoRow> {
  const venue = venueOf(input.symbol);
  if (!venue) throw new Error(`${input.symbol} is on no stock venue (AAPL:NASDAQ, 7203:TSE…)`);
  if (priceRefusal(venue, input.issuePrice)) throw new Error(`${input.issuePrice} is not a valid ${venue.currency} price on ${venue.id}`);
  if (!Number.isInteger(input.lotSize) || input.lotSize <= 0 || input.lotSize % venue.lotSize) throw new Error(`the lot must be a whole multiple of ${venue.lotSize} shares`);
  const shares = new Dec(input.sharesOffered);
  if (!shares.isInteger() || shares.lt(input.lotSize) || shares.gt(AMOUNT_CEILING)) throw new Error('the shares offered must be a whole number of at least one lot');
  if (input.peRatio !== null && !/^\d{1,12}(\.\d{1,6})?$/.test(input.peRatio)) throw new Error('the P/E ratio must be a plain decimal');
  if (!(input.subscribeFrom < input.subscribeUntil && input.subscribeUntil <= input.allocateAt && input.allocateAt <= input.listAt)) {
    throw new Error('the times must be in order: from < until ≤ allocation ≤ listing');
  }
  const seed = newSeed();
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO stock_ipos (symbol, name, currency, issue_price, pe_ratio, shares_offered, lot_size, subscribe_from, subscribe_until, allocate_at, list_at, seed, seed_hash, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id::text AS id`,
    [input.symbol, input.name, venue.currency, input.issuePrice, input.peRatio, shares.toFixed(), input.lotSize, input.subscribeFrom, input.subscribeUntil, input.allocateAt, input.listAt, seed, seedHash(seed), operator, now],
  );
  return (await findIpo(tx, rows[0]!.id))!;
}

/** The checks of a subscription against the current state (a retry skips them: it answers the first). */
async function subscriptionTerms(db: Db, i: IpoRow | undefined, shares: string, now: Date) {
  if (!i) throw refuse('offerNotFound');
  if (i.state === 'open' && now < i.subscribeFrom) throw refuse('subscriptionNotOpen', { opensAt: i.subscribeFrom.toISOString() });
  if (i.state !== 'open' || now >= i.subscribeUntil) throw refuse('subscriptionClosed');
  const count = new Dec(shares);
  if (count.gt(AMOUNT_CEILING)) throw refuse('offerAmountTooLarge');
  if (!count.isInteger() || count.lte(0)) throw refuse('invalidSize');
  if (!count.mod(i.lotSize).isZero()) throw refuse('ipoWholeLots', { lot: String(i.lotSize) });
  const rate = (await currentRates(db)).get(i.currency);
  if (!rate) throw refuse('offerRateMissing', { currency: i.currency });
  const amount = costUsdt(count.toFixed(), i.issuePrice, rate);
  if (new Dec(amount).gt(AMOUNT_CEILING)) throw refuse('offerAmountTooLarge');
  return { shares: count.toFixed(), lots: count.div(i.lotSize).toNumber(), rate, amount };
}

/** Whether the user may still take a subscription back: not yet drawn, its window still open, not decided against. */
export const cancellable = (s: IpoSubscriptionRow, i: IpoRow, now: Date): boolean =>
  (s.status === 'pending' || s.status === 'passed') && i.state === 'open' && now < i.subscribeUntil;

export async function subscriptionAnswer(db: Db, s: IpoSubscriptionRow, now: Date) {
  const i = (await findIpo(db, s.ipoId))!;
  return subscriptionView(s, i, await drawTotals(db, i, s.mode), { receipts: await offerReceipts(db, 'stock-ipo', s.id), cancellable: cancellable(s, i, now) });
}

/** What a release's receipt says: the subscription's hold went back whole, and why. */
async function releaseWithReceipt(tx: Db, s: IpoSubscriptionRow, why: string, now: Date): Promise<void> {
  await releaseHold(tx, s.holdId!, now);
  await offerReceipt(tx, 'stock-ipo', 'release', s.id, { ipo: s.ipoId, user: s.userId, mode: s.mode, amount: s.amount, hold: s.holdId, why }, now);
}

/** A user subscribes: the cost is held from the spot wallet's USDT, once per request id. */
export async function subscribeIpo(db: Db, clock: () => Date, user: { id: string; mode: Mode }, input: { ipoId: string; shares: string; requestId: string }) {
  const replay = async (store: Db, key: string) => {
    const { rows } = await store.query<IpoSubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM stock_ipo_subscriptions s WHERE s.request_key = $1`, [key]);
    return rows[0] && subscriptionAnswer(store, subscription(rows[0]), clock());
  };
  const call = await idempotent(db, clock, {
    key: { scope: 'stock-ipo', userId: user.id, mode: user.mode, requestId: input.requestId },
    request: { ipoId: input.ipoId, shares: input.shares, mode: user.mode },
    replay,
  });
  if (call.first) return call.first;
  await subscriptionTerms(db, await findIpo(db, input.ipoId), input.shares, clock());
  const made = await call.transaction(async (tx, now) => {
    // again under the IPO's lock: the window may have closed (and the close job run) since the checks above
    const i = await findIpo(tx, input.ipoId, true);
    const terms = await subscriptionTerms(tx, i, input.shares, now);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO stock_ipo_subscriptions (ipo_id, user_id, mode, lots, shares, price, rate, rate_version, amount, request_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id::text AS id`,
      [i!.id, user.id, user.mode, terms.lots, terms.shares, i!.issuePrice, terms.rate.rate, terms.rate.version, terms.amount, call.key, now],
    );
    const id = rows[0]!.id;
    const hold = await placeHold(tx, { userId: user.id, mode: user.mode, wallet: 'spot', asset: 'USDT', amount: terms.amount, reason: IPO_HOLD.reason, reference: { kind: IPO_HOLD.kind, id } }, now);
    await tx.query('UPDATE stock_ipo_subscriptions SET hold_id = $2 WHERE id = $1', [id, hold.id]);
    await offerReceipt(tx, 'stock-ipo', 'subscribe', id, {
      ipo: i!.id, symbol: i!.symbol, user: user.id, mode: user.mode, lots: terms.lots, shares: terms.shares, price: i!.issuePrice, currency: i!.currency,
      rate: terms.rate.rate, rateVersion: terms.rate.version, amount: terms.amount, hold: hold.id, seedHash: i!.seedHash,
    }, now);
    return subscriptionAnswer(tx, (await findSubscription(tx, id))!, now);
  });
  // read again once committed: the receipt's hash is given when the chain links it, at the commit
  return (await replay(db, call.key)) ?? made;
}

/** Operator: passes or rejects a subscription pending review (a rejection releases its hold). */
export async function reviewSubscription(tx: Db, id: string, decision: 'pass' | 'reject', reason: string, now: Date): Promise<IpoSubscriptionRow> {
  const s = await findSubscription(tx, id, true);
  if (!s) throw new Error(`no IPO subscription ${id}`);
  if (s.status !== 'pending') throw new Error(`subscription ${id} is ${s.status}, not pending review`);
  if (decision === 'reject') await releaseWithReceipt(tx, s, 'rejected', now);
  await tx.query('UPDATE stock_ipo_subscriptions SET status = $2, reason = $3, reviewed_at = $4 WHERE id = $1', [id, decision === 'pass' ? 'passed' : 'rejected', reason, now]);
  return (await findSubscription(tx, id))!;
}

/**
 * The user takes back a subscription still pending review or passed, while its window is open (before the draw):
 * its hold is voided, the change audited and receipted, and the user's other screens told (a BALANCE push). Locks
 * the IPO before the subscription, in the order the window's close takes them, so the two never deadlock.
 */
export async function cancelSubscription(db: Db, clock: () => Date, user: { id: string; mode: Mode }, id: string) {
  await db.transaction(async (tx) => {
    const now = clock();
    const seen = await findSubscription(tx, id);
    if (!seen || seen.userId !== user.id || seen.mode !== user.mode) throw refuse('subscriptionNotFound');
    const i = (await findIpo(tx, seen.ipoId, true))!;
    const s = (await findSubscription(tx, id, true))!;
    if (!cancellable(s, i, now)) throw refuse('subscriptionNotCancellable');
    await releaseWithReceipt(tx, s, 'userCanceled', now);
    await tx.query(`UPDATE stock_ipo_subscriptions SET status = 'canceled', reason = 'userCanceled', canceled_at = $2 WHERE id = $1`, [id, now]);
    await recordAudit(tx, { actor: `user:${user.id}`, action: 'stock-ipo:cancel-subscription', target: `stock-ipo-subscription:${id}`, detail: { ipo: i.id, mode: user.mode, from: s.status, released: s.amount } });
    pushToUser(tx, user.id, { action: 'BALANCE', mode: user.mode });
  });
  // answered once committed, with the release's receipt linked into the chain
  return subscriptionAnswer(db, (await findSubscription(db, id))!, clock());
}

/** Operator: cancels an IPO before its draw; every live subscription is canceled and released. */
export async function cancelIpo(tx: Db, id: string, reason: string, now: Date): Promise<{ ipo: IpoRow; released: number }> {
  const i = await findIpo(tx, id, true);
  if (!i) throw new Error(`no IPO ${id}`);
  if (i.state !== 'open' && i.state !== 'closed') throw new Error(`IPO ${id} is ${i.state}: only an IPO not yet drawn can be canceled`);
  const live = await subscriptionsOf(tx, id, ['pending', 'passed', 'processing'], true);
  for (const s of live) {
    await releaseWithReceipt(tx, s, 'ipoCanceled', now);
    await tx.query(`UPDATE stock_ipo_subscriptions SET status = 'canceled', reason = $2, canceled_at = $3 WHERE id = $1`, [s.id, reason, now]);
  }
  await tx.query(`UPDATE stock_ipos SET state = 'canceled', canceled_at = $2 WHERE id = $1`, [id, now]);
  return { ipo: (await findIpo(tx, id))!, released: live.length };
}

/**
 * Job step: windows that closed. Passed subscriptions go to Processing; those still pending review were not
 * reviewed in time and are canceled, their holds released.
 */
export async function closeWindows(tx: Db, now: Date): Promise<number> {
  const due = await dueIpos(tx, 'open', 'subscribe_until', now);
  for (const i of due) {
    await tx.query(`UPDATE stock_ipo_subscriptions SET status = 'processing', processing_at = $2 WHERE ipo_id = $1 AND status = 'passed'`, [i.id, now]);
    for (const s of await subscriptionsOf(tx, i.id, ['pending'], true)) {
      await releaseWithReceipt(tx, s, 'notReviewed', now);
      await tx.query(`UPDATE stock_ipo_subscriptions SET status = 'canceled', reason = 'notReviewed', canceled_at = $2 WHERE id = $1`, [s.id, now]);
    }
    await tx.query(`UPDATE stock_ipos SET state = 'closed', closed_at = $2 WHERE id = $1`, [i.id, now]);
  }
  return due.length;
}

/**
 * Job step: draws that are due. Each mode is drawn apart from the same seed; winners pay for the shares they won
 * (held → broker) and get the rest back in the same posting, the others are released. Runs once: the IPO leaves
 * 'closed' in the same transaction, and each hold closes once.
 */
export async function drawDue(tx: Db, now: Date): Promise<number> {
  const due = await dueIpos(tx, 'closed', 'allocate_at', now);
  for (const i of due) {
    const subs = await subscriptionsOf(tx, i.id, ['processing'], true);
    for (const mode of ['real', 'demo'] as const) {
      const entries = subs.filter((s) => s.mode === mode);
      const byId = new Map(entries.map((s) => [s.id, s]));
      const { results } = allocate(i.seed, lotsOffered(i), entries.map((s) => ({ id: s.id, lots: s.lots })));
      for (const r of results) {
        const s = byId.get(r.id)!;
        const cost = r.lotsWon ? costUsdt(String(r.lotsWon * i.lotSize), s.price, s) : '0';
        const refund = new Dec(s.amount).minus(cost);
        if (r.lotsWon) {
          const destinations = [{ to: broker(mode), amount: cost }];
          if (refund.gt(0)) destinations.push({ to: { holder: s.userId, mode, wallet: 'spot', asset: 'USDT' } as never, amount: refund.toFixed() });
          await postHold(tx, s.holdId!, destinations, now);
        } else {
          await releaseHold(tx, s.holdId!, now);
        }
        await tx.query(
          `UPDATE stock_ipo_subscriptions SET status = 'completed', completed_at = $2, draw = $3, place = $4, lots_won = $5, cost = $6 WHERE id = $1`,
          [s.id, now, r.draw, r.place, r.lotsWon, cost],
        );
        await offerReceipt(tx, 'stock-ipo', 'allot', s.id, {
          ipo: i.id, user: s.userId, mode, seedHash: i.seedHash, seed: i.seed, draw: r.draw, place: r.place, lots: s.lots, lotsWon: r.lotsWon,
          cost, refund: refund.toFixed(), hold: s.holdId,
        }, now);
      }
    }
    await tx.query(`UPDATE stock_ipos SET state = 'allocated', allocated_at = $2 WHERE id = $1`, [i.id, now]);
  }
  return due.length;
}

/** Job step: listings that are due. Winners' shares are delivered at the issue price (once per subscription). */
export async function listDue(tx: Db, now: Date): Promise<number> {
  const due = await dueIpos(tx, 'allocated', 'list_at', now);
  for (const i of due) {
    const { rows } = await tx.query<IpoSubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM stock_ipo_subscriptions s WHERE s.ipo_id = $1 AND s.status = 'completed' AND s.lots_won > 0 AND s.delivered_at IS NULL ORDER BY s.id FOR UPDATE`,
      [i.id],
    );
    for (const s of rows.map(subscription)) {
      await deliverShares(tx, {
        userId: s.userId, mode: s.mode, book: 'stock', symbol: i.symbol, shares: String(s.lotsWon! * i.lotSize), price: s.price, priceCurrency: i.currency,
        rate: s.rate, rateVersion: s.rateVersion, cause: { type: IPO_HOLD.kind, id: s.id }, key: `stock-ipo:${s.id}`,
      }, now);
      await tx.query('UPDATE stock_ipo_subscriptions SET delivered_at = $2 WHERE id = $1', [s.id, now]);
      await offerReceipt(tx, 'stock-ipo', 'deliver', s.id, {
        ipo: i.id, symbol: i.symbol, user: s.userId, mode: s.mode, shares: String(s.lotsWon! * i.lotSize), price: s.price, currency: i.currency, rate: s.rate, rateVersion: s.rateVersion,
      }, now);
    }
    await tx.query(`UPDATE stock_ipos SET state = 'listed', listed_at = $2 WHERE id = $1`, [i.id, now]);
  }
  return due.length;
}

export { IPO_COLUMNS };
