import type { Db } from '../../db/db.js';
import { appendReceipt } from '../trading/receipts.js';

/**
 * Receipts of IPO subscriptions and block trades in the platform's receipt chain (trading/receipts.ts), like the
 * fills of stock orders: each money step of a subscription (its hold, the allotment, the delivery of shares, a
 * release) is one receipt under the subscription's ref, so `receipts verify` covers them and the records screens
 * show their hashes. Kinds are "<product>-<step>"; the (kind, ref) index finds a subscription's receipts.
 */
export type OfferProduct = 'stock-ipo' | 'stock-block';
export const RECEIPT_STEPS = ['subscribe', 'allot', 'approve', 'deliver', 'release'] as const;
export type ReceiptStep = (typeof RECEIPT_STEPS)[number];

export const offerReceiptRef = (product: OfferProduct, id: string) => `${product}-subscription:${id}`;

export async function offerReceipt(tx: Db, product: OfferProduct, step: ReceiptStep, id: string, payload: Record<string, unknown>, now: Date): Promise<void> {
  await appendReceipt(tx, { kind: `${product}-${step}`, ref: offerReceiptRef(product, id), payload: { subscription: id, ...payload } }, now);
}

export interface OfferReceiptView {
  step: ReceiptStep;
  hash: string;
  at: string;
}

/** A subscription's linked receipts, in chain order (a receipt not yet linked is not shown: it is not committed). */
export async function offerReceipts(db: Db, product: OfferProduct, id: string): Promise<OfferReceiptView[]> {
  const { rows } = await db.query<{ kind: string; hash: string; at: Date }>(
    `SELECT r.kind, l.hash, r.created_at AS at FROM receipts r JOIN receipt_links l ON l.seq = r.seq WHERE r.kind = ANY($1::text[]) AND r.ref = $2 ORDER BY l.link`,
    [RECEIPT_STEPS.map((s) => `${product}-${s}`), offerReceiptRef(product, id)],
  );
  return rows.map((r) => ({ step: r.kind.slice(product.length + 1) as ReceiptStep, hash: r.hash, at: new Date(r.at).toISOString() }));
}
