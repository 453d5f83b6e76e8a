import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { normalize, type Mode } from '../ledger/ledger.js';
import type { RateVersion } from '../stocks/conversion.js';
import type { StockCurrency } from '../stocks/venue.js';

/** Rows of the IPO and block tables (migrations 0045, 0046) and their reads. Writers: ipo.ts, block.ts, jobs.ts. */
export type IpoState = 'open' | 'closed' | 'allocated' | 'listed' | 'canceled';
export type IpoSubscriptionState = 'pending' | 'passed' | 'rejected' | 'processing' | 'completed' | 'canceled';
export type BlockState = 'pending' | 'approved' | 'rejected' | 'completed' | 'expired';

export interface IpoRow {
  id: string;
  symbol: string;
  name: string;
  currency: StockCurrency;
  issuePrice: string;
  peRatio: string | null;
  sharesOffered: string;
  lotSize: number;
  subscribeFrom: Date;
  subscribeUntil: Date;
  allocateAt: Date;
  listAt: Date;
  seed: string;
  seedHash: string;
  state: IpoState;
  closedAt: Date | null;
  allocatedAt: Date | null;
  listedAt: Date | null;
  canceledAt: Date | null;
}

export const IPO_COLUMNS = `i.id::text AS id, i.symbol, i.name, i.currency, i.issue_price::text AS "issuePrice", i.pe_ratio::text AS "peRatio",
  i.shares_offered::text AS "sharesOffered", i.lot_size AS "lotSize", i.subscribe_from AS "subscribeFrom", i.subscribe_until AS "subscribeUntil",
  i.allocate_at AS "allocateAt", i.list_at AS "listAt", i.seed, i.seed_hash AS "seedHash", i.state, i.closed_at AS "closedAt",
  i.allocated_at AS "allocatedAt", i.listed_at AS "listedAt", i.canceled_at AS "canceledAt"`;

const ipo = (r: IpoRow): IpoRow => ({ ...r, issuePrice: normalize(r.issuePrice), peRatio: r.peRatio === null ? null : normalize(r.peRatio), sharesOffered: normalize(r.sharesOffered) });

export async function findIpo(db: Db, id: string, forUpdate = false): Promise<IpoRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<IpoRow>(`SELECT ${IPO_COLUMNS} FROM stock_ipos i WHERE i.id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && ipo(rows[0]);
}

export async function listIpos(db: Db): Promise<IpoRow[]> {
  const { rows } = await db.query<IpoRow>(`SELECT ${IPO_COLUMNS} FROM stock_ipos i ORDER BY i.subscribe_from DESC, i.id DESC LIMIT 100`);
  return rows.map(ipo);
}

/** IPOs with a step due at `now`, locked (SKIP LOCKED: another runner takes the others). */
export async function dueIpos(db: Db, state: IpoState, column: 'subscribe_until' | 'allocate_at' | 'list_at', now: Date): Promise<IpoRow[]> {
  const { rows } = await db.query<IpoRow>(`SELECT ${IPO_COLUMNS} FROM stock_ipos i WHERE i.state = $1 AND i.${column} <= $2 ORDER BY i.id LIMIT 20 FOR UPDATE SKIP LOCKED`, [state, now]);
  return rows.map(ipo);
}

export interface IpoSubscriptionRow {
  id: string;
  ipoId: string;
  userId: string;
  mode: Mode;
  lots: number;
  shares: string;
  price: string;
  rate: string;
  rateVersion: number;
  amount: string;
  holdId: string | null;
  status: IpoSubscriptionState;
  reason: string;
  createdAt: Date;
  reviewedAt: Date | null;
  processingAt: Date | null;
  completedAt: Date | null;
  canceledAt: Date | null;
  draw: string | null;
  place: number | null;
  lotsWon: number | null;
  cost: string | null;
  deliveredAt: Date | null;
}

export const SUBSCRIPTION_COLUMNS = `s.id::text AS id, s.ipo_id::text AS "ipoId", s.user_id::text AS "userId", s.mode, s.lots, s.shares::text AS shares,
  s.price::text AS price, s.rate::text AS rate, s.rate_version AS "rateVersion", s.amount::text AS amount, s.hold_id::text AS "holdId", s.status, s.reason,
  s.created_at AS "createdAt", s.reviewed_at AS "reviewedAt", s.processing_at AS "processingAt", s.completed_at AS "completedAt",
  s.canceled_at AS "canceledAt", s.draw, s.place, s.lots_won AS "lotsWon", s.cost::text AS cost, s.delivered_at AS "deliveredAt"`;

export const subscription = (r: IpoSubscriptionRow): IpoSubscriptionRow => ({
  ...r, shares: normalize(r.shares), price: normalize(r.price), rate: normalize(r.rate), amount: normalize(r.amount), cost: r.cost === null ? null : normalize(r.cost),
});

export async function findSubscription(db: Db, id: string, forUpdate = false): Promise<IpoSubscriptionRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<IpoSubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM stock_ipo_subscriptions s WHERE s.id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && subscription(rows[0]);
}

export async function subscriptionsOf(db: Db, ipoId: string, statuses: IpoSubscriptionState[], forUpdate = false): Promise<IpoSubscriptionRow[]> {
  const { rows } = await db.query<IpoSubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM stock_ipo_subscriptions s WHERE s.ipo_id = $1 AND s.status = ANY($2) ORDER BY s.id${forUpdate ? ' FOR UPDATE' : ''}`,
    [ipoId, statuses],
  );
  return rows.map(subscription);
}

export interface BlockOfferRow {
  id: string;
  symbol: string;
  name: string;
  currency: StockCurrency;
  price: string;
  minQuantity: string;
  maxQuantity: string;
  opensAt: Date;
  closesAt: Date;
}

export const OFFER_COLUMNS = `o.id::text AS id, o.symbol, o.name, o.currency, o.price::text AS price, o.min_quantity::text AS "minQuantity",
  o.max_quantity::text AS "maxQuantity", o.opens_at AS "opensAt", o.closes_at AS "closesAt"`;

export const offer = (r: BlockOfferRow): BlockOfferRow => ({ ...r, price: normalize(r.price), minQuantity: normalize(r.minQuantity), maxQuantity: normalize(r.maxQuantity) });

export async function findOffer(db: Db, id: string): Promise<BlockOfferRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<BlockOfferRow>(`SELECT ${OFFER_COLUMNS} FROM stock_block_offers o WHERE o.id = $1`, [id]);
  return rows[0] && offer(rows[0]);
}

export interface BlockSubscriptionRow {
  id: string;
  offerId: string;
  userId: string;
  mode: Mode;
  quantity: string;
  price: string;
  rate: string;
  rateVersion: number;
  amount: string;
  holdId: string | null;
  status: BlockState;
  reason: string;
  createdAt: Date;
  approvedAt: Date | null;
  rejectedAt: Date | null;
  completedAt: Date | null;
  expiredAt: Date | null;
}

export const BLOCK_COLUMNS = `b.id::text AS id, b.offer_id::text AS "offerId", b.user_id::text AS "userId", b.mode, b.quantity::text AS quantity,
  b.price::text AS price, b.rate::text AS rate, b.rate_version AS "rateVersion", b.amount::text AS amount, b.hold_id::text AS "holdId", b.status, b.reason,
  b.created_at AS "createdAt", b.approved_at AS "approvedAt", b.rejected_at AS "rejectedAt", b.completed_at AS "completedAt", b.expired_at AS "expiredAt"`;

export const block = (r: BlockSubscriptionRow): BlockSubscriptionRow => ({ ...r, quantity: normalize(r.quantity), price: normalize(r.price), rate: normalize(r.rate), amount: normalize(r.amount) });

export async function findBlock(db: Db, id: string, forUpdate = false): Promise<BlockSubscriptionRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<BlockSubscriptionRow>(`SELECT ${BLOCK_COLUMNS} FROM stock_block_subscriptions b WHERE b.id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && block(rows[0]);
}

/**
 * The USDT cost of `shares` at `price` (the stock's currency) and a rate: the exact product, rounded up to the 18
 * decimals the ledger keeps (against the user, by less than 10^-18).
 */
export function costUsdt(shares: string, price: string, rate: RateVersion | { rate: string }): string {
  return new Dec(shares).times(price).times(rate.rate).toDecimalPlaces(18, Dec.ROUND_UP).toFixed();
}
