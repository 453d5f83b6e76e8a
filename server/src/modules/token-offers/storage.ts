import type { Db } from '../../db/db.js';
import { normalize, type Mode } from '../ledger/ledger.js';

/** Where an offering is, from its times and the jobs' marks: before, during, after the window, then listed. */
export type OfferPhase = 'upcoming' | 'open' | 'pending' | 'listed';

export interface OfferRow {
  id: string;
  code: string;
  kind: 'ipo' | 'allotment';
  token: string;
  symbol: string;
  name: string;
  termsVersionId: string;
  price: string;
  supply: string;
  lot: string;
  minLots: number;
  maxLots: number;
  openAt: Date;
  closeAt: Date;
  allocateAt: Date;
  listAt: Date;
  seedHash: string;
  seed: string;
  codeHash: string | null;
  createdAt: Date;
  allocatedAt: Date | null;
  distributedAt: Date | null;
}

export interface SubscriptionRow {
  id: string;
  offerId: string;
  userId: string;
  mode: Mode;
  lots: number;
  quantity: string;
  amount: string;
  holdId: string;
  termsVersionId: string;
  requestKey: string;
  createdAt: Date;
  place: number | null;
  wonLots: number | null;
  wonQuantity: string | null;
  cost: string | null;
  refund: string | null;
  allocatedAt: Date | null;
  settledAt: Date | null;
}

export const OFFER_COLUMNS = `id::text AS id, code, kind, token, symbol, name, terms_version_id::text AS "termsVersionId", price::text AS price,
  supply::text AS supply, lot::text AS lot, min_lots AS "minLots", max_lots AS "maxLots", open_at AS "openAt", close_at AS "closeAt",
  allocate_at AS "allocateAt", list_at AS "listAt", seed_hash AS "seedHash", seed, code_hash AS "codeHash", created_at AS "createdAt",
  allocated_at AS "allocatedAt", distributed_at AS "distributedAt"`;

export const SUBSCRIPTION_COLUMNS = `id::text AS id, offer_id::text AS "offerId", user_id::text AS "userId", mode, lots, quantity::text AS quantity,
  amount::text AS amount, hold_id::text AS "holdId", terms_version_id::text AS "termsVersionId", request_key AS "requestKey", created_at AS "createdAt",
  place, won_lots AS "wonLots", won_quantity::text AS "wonQuantity", cost::text AS cost, refund::text AS refund, allocated_at AS "allocatedAt",
  settled_at AS "settledAt"`;

const n = (v: string | null) => (v === null ? null : normalize(v));

export const offerOf = (r: OfferRow): OfferRow => ({ ...r, price: normalize(r.price), supply: normalize(r.supply), lot: normalize(r.lot), minLots: Number(r.minLots), maxLots: Number(r.maxLots) });

export const subscriptionOf = (r: SubscriptionRow): SubscriptionRow => ({
  ...r,
  lots: Number(r.lots),
  quantity: normalize(r.quantity),
  amount: normalize(r.amount),
  place: r.place === null ? null : Number(r.place),
  wonLots: r.wonLots === null ? null : Number(r.wonLots),
  wonQuantity: n(r.wonQuantity),
  cost: n(r.cost),
  refund: n(r.refund),
});

export function phaseOf(o: Pick<OfferRow, 'openAt' | 'closeAt' | 'distributedAt'>, now: Date): OfferPhase {
  if (o.distributedAt) return 'listed';
  if (now < o.openAt) return 'upcoming';
  if (now < o.closeAt) return 'open';
  return 'pending';
}

export async function findOffer(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<OfferRow | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM token_offers WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && offerOf(rows[0]);
}

export async function findOfferByCode(db: Db, code: string): Promise<OfferRow | undefined> {
  const { rows } = await db.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM token_offers WHERE code = $1`, [code]);
  return rows[0] && offerOf(rows[0]);
}

/** Offerings of a kind in a phase, soonest first (the lists derive from the times and the jobs' marks). */
export async function offersIn(db: Db, kind: OfferRow['kind'] | undefined, phase: OfferPhase, now: Date): Promise<OfferRow[]> {
  const where = {
    upcoming: 'distributed_at IS NULL AND open_at > $2',
    open: 'distributed_at IS NULL AND open_at <= $2 AND close_at > $2',
    pending: 'distributed_at IS NULL AND close_at <= $2',
    listed: 'distributed_at IS NOT NULL',
  }[phase];
  const { rows } = await db.query<OfferRow>(
    `SELECT ${OFFER_COLUMNS} FROM token_offers WHERE ($1::text IS NULL OR kind = $1) AND ${where} ORDER BY open_at, id LIMIT 100`,
    [kind ?? null, now],
  );
  return rows.map(offerOf);
}

export async function allOffers(db: Db): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM token_offers ORDER BY id`);
  return rows.map(offerOf);
}

export async function subscriptionOfUser(db: Db, offerId: string, userId: string, mode: Mode): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(`SELECT ${SUBSCRIPTION_COLUMNS} FROM token_subscriptions WHERE offer_id = $1 AND user_id = $2 AND mode = $3`, [offerId, userId, mode]);
  return rows[0] && subscriptionOf(rows[0]);
}

export async function subscriptionsOfUser(db: Db, userId: string, mode: Mode, kind?: OfferRow['kind']): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM token_subscriptions
      WHERE user_id = $1 AND mode = $2 AND ($3::text IS NULL OR offer_id IN (SELECT id FROM token_offers WHERE kind = $3))
      ORDER BY created_at DESC, id DESC LIMIT 200`,
    [userId, mode, kind ?? null],
  );
  return rows.map(subscriptionOf);
}

export async function subscriptionsOfOffer(db: Db, offerId: string, mode?: Mode): Promise<SubscriptionRow[]> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM token_subscriptions WHERE offer_id = $1 AND ($2::text IS NULL OR mode = $2) ORDER BY id`,
    [offerId, mode ?? null],
  );
  return rows.map(subscriptionOf);
}

/** The totals every subscriber sees: subscribers, lots asked and lots won, in one mode. */
export async function totalsOf(db: Db, offerId: string, mode: Mode): Promise<{ subscribers: number; requestedLots: number; wonLots: number }> {
  const { rows } = await db.query<{ subscribers: string; requested: string | null; won: string | null }>(
    `SELECT count(*)::text AS subscribers, sum(lots)::text AS requested, sum(won_lots)::text AS won FROM token_subscriptions WHERE offer_id = $1 AND mode = $2`,
    [offerId, mode],
  );
  const r = rows[0]!;
  return { subscribers: Number(r.subscribers), requestedLots: Number(r.requested ?? 0), wonLots: Number(r.won ?? 0) };
}
