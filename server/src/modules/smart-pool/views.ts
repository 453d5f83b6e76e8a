import { Dec } from '../ledger/decimal.js';
import { normalize, type Mode } from '../ledger/ledger.js';
import type { SmartPoolTerms } from './terms.js';
import { dailyIncome, earlyRedemption } from './terms.js';

/** One smart-pool order with what its payouts say so far (status derived: locked until the principal is back). */
export interface OrderRow {
  id: string;
  orderNumber: string;
  userId: string;
  mode: Mode;
  productId: string;
  asset: string;
  amount: string;
  level: number;
  termsVersion: number;
  terms: SmartPoolTerms;
  createdAt: Date;
  interestAt: Date;
  endsAt: Date;
  paidDays: number;
  revenue: string;
  nextPayoutAt: Date | null;
  redeemedAt: Date | null;
  /** Set when the order was redeemed before its end (smart_pool_redemptions). */
  penalty: string | null;
  returned: string | null;
  redemptionReceiptSeq: string | null;
}

/** The order's columns and, from its product_payouts rows, the days paid, revenue, next payout and redemption. */
export const ORDER_SELECT = `SELECT o.id::text AS id, o.order_number AS "orderNumber", o.user_id::text AS "userId", o.mode, o.product_id AS "productId",
    o.asset, o.amount::text AS amount, o.level, t.version AS "termsVersion", o.terms, o.created_at AS "createdAt", o.interest_at AS "interestAt",
    o.ends_at AS "endsAt",
    (SELECT count(*) FROM product_payouts p WHERE p.holding_kind = 'smart-pool' AND p.holding_id = o.id::text AND p.status = 'paid')::int AS "paidDays",
    (SELECT COALESCE(SUM(amount), 0)::text FROM product_payouts p WHERE p.holding_kind = 'smart-pool' AND p.holding_id = o.id::text AND p.status = 'paid') AS revenue,
    (SELECT MIN(due_at) FROM product_payouts p WHERE p.holding_kind = 'smart-pool' AND p.holding_id = o.id::text AND p.status = 'pending') AS "nextPayoutAt",
    COALESCE(r.redeemed_at,
      (SELECT paid_at FROM product_payouts p WHERE p.holding_kind = 'smart-pool' AND p.holding_id = o.id::text AND p.release_hold_id IS NOT NULL AND p.status = 'paid')) AS "redeemedAt",
    r.penalty::text AS penalty, r.returned::text AS returned, r.receipt_seq::text AS "redemptionReceiptSeq"
  FROM smart_pool_orders o JOIN product_terms t ON t.id = o.terms_version_id LEFT JOIN smart_pool_redemptions r ON r.order_id = o.id`;

export function orderView(row: OrderRow) {
  const daily = dailyIncome(row.terms, row.amount);
  // what redeeming now would give (frozen terms; null when the terms offer no early redemption)
  const early = row.redeemedAt ? null : earlyRedemption(row.terms, row.amount);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    productId: row.productId,
    name: row.terms.name,
    level: Number(row.level),
    asset: row.asset,
    amount: normalize(row.amount),
    cycleDays: row.terms.cycleDays,
    dailyRate: row.terms.dailyRate,
    dailyIncome: daily.toFixed(),
    estimatedInterest: daily.times(row.terms.cycleDays).toFixed(),
    revenue: normalize(row.revenue),
    paidDays: Number(row.paidDays),
    status: row.redeemedAt ? ('redeemed' as const) : ('locked' as const),
    termsVersion: Number(row.termsVersion),
    rebateRates: row.terms.rebateRates,
    createdAt: row.createdAt,
    interestAt: row.interestAt,
    endsAt: row.endsAt,
    nextPayoutAt: row.nextPayoutAt,
    redeemedAt: row.redeemedAt,
    /** The frozen penalty rate of an early redemption and what it would take and return (a locked order). */
    earlyRedeem: early ? { penaltyRate: early.rate, penalty: early.penalty, returned: early.returned } : null,
    /** How the order was redeemed before its end: the penalty kept, what came back, the receipt. */
    redeemedEarly: row.penalty === null ? null : { penalty: normalize(row.penalty), returned: normalize(row.returned!), receiptSeq: row.redemptionReceiptSeq! },
  };
}
export type OrderView = ReturnType<typeof orderView>;

/** A payout of the user's as the history lists show it. */
export interface PayoutLine {
  id: string;
  kind: 'income' | 'rebate';
  orderId: string;
  orderNumber: string;
  name: string;
  tier: number | null;
  seq: number;
  asset: string;
  amount: string;
  principal: string;
  status: 'pending' | 'paid';
  dueAt: Date;
  paidAt: Date | null;
  receiptSeq: string | null;
}

export const payoutLine = (row: PayoutLine): PayoutLine => ({
  ...row,
  seq: Number(row.seq),
  tier: row.tier === null ? null : Number(row.tier),
  amount: normalize(row.amount),
  principal: normalize(row.principal),
});

export const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), new Dec(0)).toFixed();
