import type { Db } from '../../db/db.js';
import { normalize } from '../ledger/ledger.js';

/** Rows of the C2C tables (migration 0053), amounts as normalised decimal strings. */

export type Side = 'buy' | 'sell';
export type OrderStatus = 'unpaid' | 'paid' | 'appeal' | 'released' | 'cancelled';

export interface MerchantRow {
  userId: string;
  displayName: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  appliedAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
}

export interface PaymentMethodRow {
  id: string;
  userId: string;
  kind: 'bank' | 'wise' | 'paypal' | 'revolut' | 'other';
  holderName: string;
  bankName: string;
  bankNumber: string;
  accountNumber: string;
  photo: string;
}

export interface AdRow {
  id: string;
  merchantId: string;
  side: Side;
  asset: string;
  fiat: string;
  price: string;
  minOrder: string;
  maxOrder: string;
  quantity: string;
  remaining: string;
  holdGeneration: number;
  paymentKinds: PaymentMethodRow['kind'][];
  windowMinutes: number;
  terms: string;
  status: 'open' | 'closed';
  requestKey: string;
  createdAt: Date;
  closedAt: Date | null;
}

export interface OrderRow {
  id: string;
  adId: string;
  merchantId: string;
  takerId: string;
  buyerId: string;
  sellerId: string;
  asset: string;
  fiat: string;
  price: string;
  quantity: string;
  total: string;
  paymentMethods: Omit<PaymentMethodRow, 'userId'>[];
  status: OrderStatus;
  payDeadline: Date;
  proof: string;
  outcome: string;
  requestKey: string;
  createdAt: Date;
  paidAt: Date | null;
  releasedAt: Date | null;
  cancelledAt: Date | null;
}

export interface AppealRow {
  orderId: string;
  openedBy: string;
  reason: string;
  evidence: string;
  status: 'open' | 'resolved';
  outcome: 'release' | 'return' | null;
  resolution: string;
  resolvedBy: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface MessageRow {
  id: string;
  orderId: string;
  senderId: string;
  body: string;
  image: string;
  createdAt: Date;
}

const MERCHANT = `user_id::text AS "userId", display_name AS "displayName", status, reason, applied_at AS "appliedAt", decided_at AS "decidedAt", decided_by AS "decidedBy"`;
const METHOD = `id::text AS id, user_id::text AS "userId", kind, holder_name AS "holderName", bank_name AS "bankName", bank_number AS "bankNumber", account_number AS "accountNumber", photo`;
export const AD = `id::text AS id, merchant_id::text AS "merchantId", side, asset, fiat, price::text AS price, min_order::text AS "minOrder", max_order::text AS "maxOrder",
  quantity::text AS quantity, remaining::text AS remaining, hold_generation AS "holdGeneration", payment_kinds AS "paymentKinds", window_minutes AS "windowMinutes", terms, status,
  request_key AS "requestKey", created_at AS "createdAt", closed_at AS "closedAt"`;
export const ORDER = `id::text AS id, ad_id::text AS "adId", merchant_id::text AS "merchantId", taker_id::text AS "takerId", buyer_id::text AS "buyerId", seller_id::text AS "sellerId",
  asset, fiat, price::text AS price, quantity::text AS quantity, total::text AS total, payment_methods AS "paymentMethods", status, pay_deadline AS "payDeadline", proof, outcome,
  request_key AS "requestKey", created_at AS "createdAt", paid_at AS "paidAt", released_at AS "releasedAt", cancelled_at AS "cancelledAt"`;
const APPEAL = `order_id::text AS "orderId", opened_by::text AS "openedBy", reason, evidence, status, outcome, resolution, resolved_by AS "resolvedBy", created_at AS "createdAt", resolved_at AS "resolvedAt"`;
const MESSAGE = `id::text AS id, order_id::text AS "orderId", sender_id::text AS "senderId", body, image, created_at AS "createdAt"`;

export const adRow = (r: AdRow): AdRow => ({ ...r, price: normalize(r.price), minOrder: normalize(r.minOrder), maxOrder: normalize(r.maxOrder), quantity: normalize(r.quantity), remaining: normalize(r.remaining) });
export const orderRow = (r: OrderRow): OrderRow => ({ ...r, price: normalize(r.price), quantity: normalize(r.quantity), total: normalize(r.total) });

export async function findMerchant(db: Db, userId: string): Promise<MerchantRow | undefined> {
  return (await db.query<MerchantRow>(`SELECT ${MERCHANT} FROM c2c_merchants WHERE user_id = $1`, [userId])).rows[0];
}

/** A first application, or a new one after a rejection; undefined when one is pending or approved. */
export async function upsertApplication(db: Db, userId: string, displayName: string, now: Date): Promise<MerchantRow | undefined> {
  const { rows } = await db.query<MerchantRow>(
    `INSERT INTO c2c_merchants (user_id, display_name, status, applied_at) VALUES ($1, $2, 'pending', $3)
     ON CONFLICT (user_id) DO UPDATE SET display_name = $2, status = 'pending', reason = '', applied_at = $3, decided_at = NULL, decided_by = NULL
       WHERE c2c_merchants.status = 'rejected'
     RETURNING ${MERCHANT}`,
    [userId, displayName, now],
  );
  return rows[0];
}

export async function decideMerchant(db: Db, userId: string, status: 'approved' | 'rejected', reason: string, operator: string, now: Date): Promise<MerchantRow | undefined> {
  const { rows } = await db.query<MerchantRow>(
    `UPDATE c2c_merchants SET status = $2, reason = $3, decided_at = $4, decided_by = $5 WHERE user_id = $1 AND status = 'pending' RETURNING ${MERCHANT}`,
    [userId, status, reason, now, operator],
  );
  return rows[0];
}

export async function listMerchants(db: Db, status?: MerchantRow['status']): Promise<MerchantRow[]> {
  const { rows } = await db.query<MerchantRow>(`SELECT ${MERCHANT} FROM c2c_merchants ${status ? 'WHERE status = $1' : ''} ORDER BY applied_at`, status ? [status] : []);
  return rows;
}

export async function paymentMethodsOf(db: Db, userId: string): Promise<PaymentMethodRow[]> {
  return (await db.query<PaymentMethodRow>(`SELECT ${METHOD} FROM c2c_payment_methods WHERE user_id = $1 AND removed_at IS NULL ORDER BY id`, [userId])).rows;
}

export async function insertPaymentMethod(db: Db, m: Omit<PaymentMethodRow, 'id'>, now: Date): Promise<PaymentMethodRow> {
  const { rows } = await db.query<PaymentMethodRow>(
    `INSERT INTO c2c_payment_methods (user_id, kind, holder_name, bank_name, bank_number, account_number, photo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${METHOD}`,
    [m.userId, m.kind, m.holderName, m.bankName, m.bankNumber, m.accountNumber, m.photo, now],
  );
  return rows[0]!;
}

export async function removePaymentMethod(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(`UPDATE c2c_payment_methods SET removed_at = $3 WHERE id = $1 AND user_id = $2 AND removed_at IS NULL RETURNING id`, [id, userId, now]);
  return rows.length > 0;
}

export async function findAd(db: Db, id: string, forUpdate = false): Promise<AdRow | undefined> {
  const { rows } = await db.query<AdRow>(`SELECT ${AD} FROM c2c_ads WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && adRow(rows[0]);
}

export async function findOrder(db: Db, id: string, forUpdate = false): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER} FROM c2c_orders WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && orderRow(rows[0]);
}

export async function findAppeal(db: Db, orderId: string): Promise<AppealRow | undefined> {
  return (await db.query<AppealRow>(`SELECT ${APPEAL} FROM c2c_appeals WHERE order_id = $1`, [orderId])).rows[0];
}

export async function listAppeals(db: Db, status: AppealRow['status']): Promise<AppealRow[]> {
  return (await db.query<AppealRow>(`SELECT ${APPEAL} FROM c2c_appeals WHERE status = $1 ORDER BY created_at`, [status])).rows;
}

export async function messagesOf(db: Db, orderId: string, afterId = '0'): Promise<MessageRow[]> {
  return (await db.query<MessageRow>(`SELECT ${MESSAGE} FROM c2c_messages WHERE order_id = $1 AND id > $2 ORDER BY id LIMIT 500`, [orderId, afterId])).rows;
}

export async function insertMessage(db: Db, m: Omit<MessageRow, 'id' | 'createdAt'>, now: Date): Promise<MessageRow> {
  const { rows } = await db.query<MessageRow>(
    `INSERT INTO c2c_messages (order_id, sender_id, body, image, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${MESSAGE}`,
    [m.orderId, m.senderId, m.body, m.image, now],
  );
  return rows[0]!;
}

/** Completed orders, completion rate and average release time of merchants, from their real orders. */
export async function merchantStats(db: Db, merchantIds: string[]): Promise<Map<string, { displayName: string; completed: number; failed: number; avgRelease: number | null }>> {
  const out = new Map<string, { displayName: string; completed: number; failed: number; avgRelease: number | null }>();
  if (!merchantIds.length) return out;
  const { rows } = await db.query<{ id: string; displayName: string; completed: string; failed: string; avgRelease: string | null }>(
    `SELECT m.user_id::text AS id, m.display_name AS "displayName",
            count(o.id) FILTER (WHERE o.status = 'released')::text AS completed,
            count(o.id) FILTER (WHERE o.status = 'cancelled' AND o.outcome IN ('timeout', 'appeal-return', 'appeal-release'))::text AS failed,
            round(avg(extract(epoch FROM o.released_at - o.paid_at)) FILTER (WHERE o.status = 'released'))::text AS "avgRelease"
       FROM c2c_merchants m LEFT JOIN c2c_orders o ON o.merchant_id = m.user_id
      WHERE m.user_id = ANY($1::bigint[]) GROUP BY m.user_id, m.display_name`,
    [merchantIds],
  );
  for (const r of rows) out.set(r.id, { displayName: r.displayName, completed: Number(r.completed), failed: Number(r.failed), avgRelease: r.avgRelease === null ? null : Number(r.avgRelease) });
  return out;
}
