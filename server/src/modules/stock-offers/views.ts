import type { Db } from '../../db/db.js';
import type { Mode } from '../ledger/ledger.js';
import type { RateVersion } from '../stocks/conversion.js';
import type { StockCurrency } from '../stocks/venue.js';
import { costUsdt, type BlockOfferRow, type BlockState, type BlockSubscriptionRow, type IpoRow, type IpoSubscriptionRow } from './storage.js';
import { Dec } from '../ledger/decimal.js';
import type { OfferReceiptView } from './receipts.js';

/** The wire views of IPOs, subscriptions and block trades (contracts/src/stock-offers/schemas.ts). */
export interface DrawTotals {
  subscribers: number;
  lotsOffered: number;
  lotsRequested: number;
  lotsDrawn: number;
}

export const lotsOffered = (i: IpoRow): number => Number(new Dec(i.sharesOffered).divToInt(i.lotSize).toFixed());

/** The draw's totals of one mode (real and demo are drawn apart), once allocated. */
export async function drawTotals(db: Db, i: IpoRow, mode: Mode): Promise<DrawTotals | null> {
  if (i.state !== 'allocated' && i.state !== 'listed') return null;
  const { rows } = await db.query<{ n: string; requested: string | null; won: string | null }>(
    `SELECT count(*)::text AS n, sum(lots)::text AS requested, sum(lots_won)::text AS won FROM stock_ipo_subscriptions WHERE ipo_id = $1 AND mode = $2 AND lots_won IS NOT NULL`,
    [i.id, mode],
  );
  const r = rows[0]!;
  return { subscribers: Number(r.n), lotsOffered: lotsOffered(i), lotsRequested: Number(r.requested ?? 0), lotsDrawn: Number(r.won ?? 0) };
}

export function ipoPhase(i: IpoRow, now: Date): 'upcoming' | 'open' | 'closed' | 'allocated' | 'listed' | 'canceled' {
  if (i.state === 'open') return now < i.subscribeFrom ? 'upcoming' : now < i.subscribeUntil ? 'open' : 'closed';
  return i.state;
}

const revealed = (i: IpoRow) => i.state === 'allocated' || i.state === 'listed';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function ipoView(i: IpoRow, now: Date, rate: RateVersion | undefined, totals: DrawTotals | null) {
  return {
    id: i.id,
    symbol: i.symbol,
    name: i.name,
    currency: i.currency,
    issuePrice: i.issuePrice,
    peRatio: i.peRatio,
    sharesOffered: i.sharesOffered,
    lotSize: i.lotSize,
    subscribeFrom: i.subscribeFrom.toISOString(),
    subscribeUntil: i.subscribeUntil.toISOString(),
    allocateAt: i.allocateAt.toISOString(),
    listAt: i.listAt.toISOString(),
    phase: ipoPhase(i, now),
    seedHash: i.seedHash,
    // the seed stays secret until the draw: shown earlier it would let anyone foresee the order
    seed: revealed(i) ? i.seed : null,
    allocatedAt: iso(i.allocatedAt),
    totals,
    rate: rate ? { rate: rate.rate, version: rate.version } : null,
    lotCostUsdt: rate ? costUsdt(String(i.lotSize), i.issuePrice, rate) : null,
  };
}

const IPO_STATUS = { pending: 'pendingReview', passed: 'passed', rejected: 'rejected', processing: 'processing', completed: 'completed', canceled: 'canceled' } as const;

export function subscriptionView(s: IpoSubscriptionRow, i: IpoRow, totals: DrawTotals | null, extra: { receipts: OfferReceiptView[]; cancellable: boolean }) {
  const drawn = s.lotsWon !== null;
  return {
    id: s.id,
    ipoId: s.ipoId,
    symbol: i.symbol,
    name: i.name,
    currency: i.currency,
    lots: s.lots,
    shares: s.shares,
    price: s.price,
    rate: s.rate,
    rateVersion: s.rateVersion,
    amount: s.amount,
    status: IPO_STATUS[s.status],
    reason: s.reason,
    createdAt: s.createdAt.toISOString(),
    reviewedAt: iso(s.reviewedAt),
    processingAt: iso(s.processingAt),
    completedAt: iso(s.completedAt),
    canceledAt: iso(s.canceledAt),
    seedHash: i.seedHash,
    seed: revealed(i) ? i.seed : null,
    draw: s.draw,
    place: s.place,
    lotsWon: s.lotsWon,
    sharesWon: drawn ? String(s.lotsWon! * i.lotSize) : null,
    cost: s.cost,
    refunded: drawn ? new Dec(s.amount).minus(s.cost ?? '0').toFixed() : null,
    totals: drawn ? totals : null,
    listAt: i.listAt.toISOString(),
    deliveredAt: iso(s.deliveredAt),
    cancellable: extra.cancellable,
    receipts: extra.receipts,
  };
}

export function offerView(o: BlockOfferRow, now: Date, rate: RateVersion | undefined) {
  return {
    id: o.id,
    symbol: o.symbol,
    name: o.name,
    currency: o.currency,
    price: o.price,
    minQuantity: o.minQuantity,
    maxQuantity: o.maxQuantity,
    opensAt: o.opensAt.toISOString(),
    closesAt: o.closesAt.toISOString(),
    open: now >= o.opensAt && now < o.closesAt,
    rate: rate ? { rate: rate.rate, version: rate.version } : null,
  };
}

const BLOCK_STATUS: Record<BlockState, 'pendingReview' | 'approved' | 'rejected' | 'completed' | 'expired'> = {
  pending: 'pendingReview', approved: 'approved', rejected: 'rejected', completed: 'completed', expired: 'expired',
};

export function blockView(b: BlockSubscriptionRow, o: BlockOfferRow, receipts: OfferReceiptView[]) {
  return {
    id: b.id,
    offerId: b.offerId,
    symbol: o.symbol,
    name: o.name,
    currency: o.currency as StockCurrency,
    quantity: b.quantity,
    price: b.price,
    rate: b.rate,
    rateVersion: b.rateVersion,
    amount: b.amount,
    status: BLOCK_STATUS[b.status],
    reason: b.reason,
    createdAt: b.createdAt.toISOString(),
    approvedAt: iso(b.approvedAt),
    rejectedAt: iso(b.rejectedAt),
    completedAt: iso(b.completedAt),
    expiredAt: iso(b.expiredAt),
    closesAt: o.closesAt.toISOString(),
    receipts,
  };
}
