import type { Db } from '../../db/db.js';
import type { JobDefinition } from '../../platform-kit/jobs/job-runner.js';
import { postHold, releaseHold } from '../../platform-kit/product/holds.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, post, type AccountRef, type Mode, type PlatformWallet } from '../ledger/ledger.js';
import { appendReceipt } from '../trading/receipts.js';
import { draw } from './draw.js';
import { OFFER_COLUMNS, offerOf, subscriptionsOfOffer, type OfferRow } from './storage.js';
import { SUBSCRIPTION_ASSET, SUBSCRIPTION_WALLET } from './service.js';

/**
 * The platform's offerings account (holder 0): it receives what winners pay and issues the tokens they receive, so
 * each token sums to zero over the ledger like every asset (the platform's account shows what it has issued).
 * Not in the ledger's PLATFORM_WALLETS list, which other modules own; the ledger keeps any wallet name.
 */
export const OFFERINGS_WALLET = 'offerings' as PlatformWallet;

const offerings = (mode: Mode, asset: string): AccountRef => ({ holder: PLATFORM, mode, wallet: OFFERINGS_WALLET, asset });
const spot = (userId: string, mode: Mode, asset: string): AccountRef => ({ holder: userId, mode, wallet: SUBSCRIPTION_WALLET, asset });

async function due(tx: Db, where: string, now: Date, limit: number): Promise<OfferRow[]> {
  const { rows } = await tx.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM token_offers WHERE ${where} ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`, [now, limit]);
  return rows.map(offerOf);
}

/**
 * The draw of every offering whose draw time has come, in the job's transaction: in each mode, the pro-rata rule
 * with the per-user cap and redistribution (draw.ts), ties broken by the HMAC order of the revealed seed; the result is written once on each subscription (the table refuses a
 * change); the holds of those who won nothing are released at once; the seed becomes public with allocated_at.
 * A crash before commit leaves nothing; an offering drawn meanwhile is no longer due.
 */
export async function drawDue(tx: Db, now: Date, limit = 5): Promise<string[]> {
  const offers = await due(tx, 'allocated_at IS NULL AND allocate_at <= $1', now, limit);
  for (const offer of offers) {
    const totalLots = new Dec(offer.supply).div(offer.lot).floor().toNumber();
    const summary: Record<string, { subscribers: number; requestedLots: number; wonLots: number }> = {};
    for (const mode of ['real', 'demo'] as const) {
      const subs = await subscriptionsOfOffer(tx, offer.id, mode);
      const results = draw(offer.seed, subs.map((s) => ({ id: s.id, lots: s.lots, cap: offer.maxLots })), totalLots);
      const byId = new Map(subs.map((s) => [s.id, s]));
      for (const r of results) {
        const s = byId.get(r.id)!;
        const wonQuantity = new Dec(offer.lot).times(r.won);
        const cost = wonQuantity.times(offer.price);
        const refund = new Dec(s.amount).minus(cost);
        const lost = r.won === 0;
        if (lost) await releaseHold(tx, s.holdId, now);
        await tx.query(
          `UPDATE token_subscriptions SET place = $2, won_lots = $3, won_quantity = $4, cost = $5, refund = $6, allocated_at = $7, settled_at = $8
            WHERE id = $1 AND allocated_at IS NULL`,
          [s.id, r.place, r.won, wonQuantity.toFixed(), cost.toFixed(), refund.toFixed(), now, lost ? now : null],
        );
      }
      summary[mode] = { subscribers: subs.length, requestedLots: subs.reduce((t, s) => t + s.lots, 0), wonLots: results.reduce((t, r) => t + r.won, 0) };
    }
    await tx.query('UPDATE token_offers SET allocated_at = $2 WHERE id = $1', [offer.id, now]);
    await appendReceipt(tx, { kind: 'token-draw', ref: `token-offer:${offer.id}`, payload: { offer: offer.code, seedHash: offer.seedHash, seed: offer.seed, totalLots, ...summary } }, now);
  }
  return offers.map((o) => o.id);
}

/**
 * Listing: for every drawn offering whose listing time has come, each winner's hold is posted (the cost to the
 * offerings account, the unused part back to the spot wallet) and the tokens won are delivered to the spot wallet,
 * under ledger keys of the subscription, with a receipt; then the offering is listed. Exactly once: the hold closes
 * once, the delivery key is unique, settled_at and distributed_at are set once.
 */
export async function distributeDue(tx: Db, now: Date, limit = 5): Promise<string[]> {
  const offers = await due(tx, 'allocated_at IS NOT NULL AND distributed_at IS NULL AND list_at <= $1', now, limit);
  for (const offer of offers) {
    for (const s of await subscriptionsOfOffer(tx, offer.id)) {
      if (s.settledAt || !s.wonLots) continue;
      const destinations = [
        { to: offerings(s.mode, SUBSCRIPTION_ASSET), amount: s.cost! },
        ...(new Dec(s.refund!).gt(0) ? [{ to: spot(s.userId, s.mode, SUBSCRIPTION_ASSET), amount: s.refund! }] : []),
      ];
      await postHold(tx, s.holdId, destinations, now);
      const { batchId } = await post(
        tx,
        { key: `token-offer:deliver:${s.id}`, cause: { type: 'token-subscription', id: s.id }, moves: [{ from: offerings(s.mode, offer.token), to: spot(s.userId, s.mode, offer.token), amount: s.wonQuantity! }] },
        now,
      );
      await appendReceipt(tx, {
        kind: 'token-delivery',
        ref: `token-subscription:${s.id}`,
        payload: { offer: offer.code, user: s.userId, mode: s.mode, token: offer.token, quantity: s.wonQuantity, cost: s.cost, refund: s.refund, batch: batchId },
      }, now);
      await tx.query('UPDATE token_subscriptions SET settled_at = $2 WHERE id = $1 AND settled_at IS NULL', [s.id, now]);
    }
    await tx.query('UPDATE token_offers SET distributed_at = $2 WHERE id = $1', [offer.id, now]);
  }
  return offers.map((o) => o.id);
}

export const DRAW_JOB = 'token-offers.draw';
export const LISTING_JOB = 'token-offers.listing';

/** Recurring jobs (every 5 s by default): the draw and the listing of whatever is due, each in its run's transaction. */
export function tokenOfferJobs(clock: () => Date, everyMs = 5_000): JobDefinition[] {
  return [
    { kind: DRAW_JOB, everyMs, run: ({ db }) => drawDue(db, clock()) },
    { kind: LISTING_JOB, everyMs, run: ({ db }) => distributeDue(db, clock()) },
  ];
}
