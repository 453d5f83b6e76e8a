import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { findAd, findAppeal, merchantStats, type AdRow, type MerchantRow, type MessageRow, type OrderRow, type PaymentMethodRow } from './storage.js';

/** The wire shapes of contracts/src/c2c/schemas.ts. */

export const merchantView = (userId: string, m: MerchantRow | undefined) => ({
  userId,
  displayName: m?.displayName ?? '',
  status: m?.status ?? ('none' as const),
  reason: m?.reason ?? '',
  appliedAt: m?.appliedAt ?? null,
  decidedAt: m?.decidedAt ?? null,
});

export const methodView = (m: Omit<PaymentMethodRow, 'userId'>) => ({
  id: m.id, kind: m.kind, holderName: m.holderName, bankName: m.bankName, bankNumber: m.bankNumber, accountNumber: m.accountNumber, photo: m.photo,
});

/** Ads with each merchant's record computed from their real orders. */
export async function adViews(db: Db, ads: AdRow[]) {
  const stats = await merchantStats(db, [...new Set(ads.map((a) => a.merchantId))]);
  return ads.map((ad) => {
    const s = stats.get(ad.merchantId);
    const finished = (s?.completed ?? 0) + (s?.failed ?? 0);
    return {
      id: ad.id, merchantId: ad.merchantId,
      merchant: {
        displayName: s?.displayName ?? '',
        completedOrders: s?.completed ?? 0,
        completionRate: finished ? new Dec(s!.completed).times(100).div(finished).toFixed(2) : '',
        avgReleaseSeconds: s?.avgRelease ?? null,
      },
      side: ad.side, asset: ad.asset, fiat: ad.fiat, price: ad.price, minOrder: ad.minOrder, maxOrder: ad.maxOrder,
      quantity: ad.quantity, remaining: ad.remaining, paymentKinds: ad.paymentKinds, windowMinutes: ad.windowMinutes,
      terms: ad.terms, status: ad.status, createdAt: ad.createdAt, closedAt: ad.closedAt,
    };
  });
}

/** An order as one of its parties (or the operator, as the seller's view) sees it: timeline, appeal, terms. */
export async function orderView(db: Db, order: OrderRow, viewerId: string) {
  const role = order.buyerId === viewerId ? ('buyer' as const) : ('seller' as const);
  const [ad, appeal, steps, names] = await Promise.all([
    findAd(db, order.adId),
    findAppeal(db, order.id),
    db.query<{ step: string; at: Date }>(`SELECT step, created_at AS at FROM c2c_steps WHERE order_id = $1 ORDER BY created_at, step`, [order.id]),
    db.query<{ id: string; name: string }>(`SELECT u.id::text AS id, COALESCE(m.display_name, u.nickname, 'user ' || u.id) AS name FROM users u LEFT JOIN c2c_merchants m ON m.user_id = u.id WHERE u.id IN ($1, $2)`, [order.buyerId, order.sellerId]),
  ]);
  const other = role === 'buyer' ? order.sellerId : order.buyerId;
  return {
    id: order.id, adId: order.adId, role,
    counterparty: names.rows.find((n) => n.id === other)?.name ?? '',
    asset: order.asset, fiat: order.fiat, price: order.price, quantity: order.quantity, total: order.total,
    status: order.status, outcome: order.outcome, payDeadline: order.payDeadline,
    paymentMethods: order.paymentMethods.map(methodView),
    proof: order.proof, terms: ad?.terms ?? '',
    timeline: steps.rows,
    appeal: appeal ? {
      openedBy: appeal.openedBy === order.buyerId ? ('buyer' as const) : ('seller' as const),
      reason: appeal.reason, evidence: appeal.evidence, status: appeal.status, outcome: appeal.outcome,
      resolution: appeal.resolution, createdAt: appeal.createdAt, resolvedAt: appeal.resolvedAt,
    } : null,
    createdAt: order.createdAt,
  };
}
export type OrderView = Awaited<ReturnType<typeof orderView>>;

export const messageView = (m: MessageRow, viewerId: string) => ({
  id: m.id, orderId: m.orderId, from: m.senderId === viewerId ? ('me' as const) : ('counterparty' as const), body: m.body, image: m.image, createdAt: m.createdAt,
});
