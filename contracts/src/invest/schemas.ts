import { Type } from 'typebox';
import { DateTime, Decimal, Nullable, OneOf, Page, PageQuery, RequestId } from '../kit/schema.js';
import { refuses } from '../refusals.js';

/** A product id (a kit product id: lower-case letters, digits, "-"). */
const ProductId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$', 'x-reason': 'investProductUnavailable' });
const OrderId = Type.Union([Type.String({ pattern: '^[0-9]{1,18}$' }), Type.Integer({ minimum: 1 })]);

/** What backs a product: its reserve's balance, what it already owes, what it can still back, and the ratio. */
export const ReserveFigures = Type.Object({
  asset: Type.String(),
  balance: Type.String(),
  liability: Type.String(),
  free: Type.String(),
  coverageRatio: Nullable(Type.String()),
});

export const SmartPoolProduct = Type.Object({
  id: Type.String(),
  /** The terms version a purchase now would freeze. */
  termsVersion: Type.Integer(),
  name: Type.String(),
  level: Type.Integer(),
  asset: Type.String(),
  cycleDays: Type.Integer(),
  /** Daily income as a fraction of the amount ("0.005" = 0.5 %). */
  dailyRate: Type.String(),
  minAmount: Type.String(),
  maxAmount: Type.String(),
  /** The three referral tiers' shares of a downline's daily income. */
  rebateRates: Type.Array(Type.String()),
  /** Incomes are paid at this hour in timeZone, once 24 hours have passed since purchase. */
  payoutHour: Type.Integer(),
  timeZone: Type.String(),
  /** The share of the principal kept if an order is redeemed before its end (frozen at purchase); null: not offered. */
  earlyRedeemPenaltyRate: Nullable(Type.String()),
  active: Type.Boolean(),
  reserve: ReserveFigures,
  /** The reserve cannot back even the smallest purchase (or the product is paused). */
  soldOut: Type.Boolean(),
});

export const SmartPoolEstimate = Type.Object({
  productId: Type.String(),
  termsVersion: Type.Integer(),
  name: Type.String(),
  asset: Type.String(),
  amount: Type.String(),
  cycleDays: Type.Integer(),
  dailyRate: Type.String(),
  dailyIncome: Type.String(),
  estimatedInterest: Type.String(),
  /** The first income (the interest date) and the last, which also returns the principal (the end date). */
  interestAt: DateTime,
  endsAt: DateTime,
  payoutHour: Type.Integer(),
  timeZone: Type.String(),
  /** The early-redemption penalty rate this purchase would freeze, and its amount on this amount (null: not offered). */
  earlyRedeemPenaltyRate: Nullable(Type.String()),
  earlyRedeemPenalty: Nullable(Type.String()),
  reserve: ReserveFigures,
  /** The most this purchase adds to what the reserve must back (incomes and all three rebate tiers). */
  liabilityAdded: Type.String(),
  covered: Type.Boolean(),
});

export const SmartPoolOrder = Type.Object({
  id: Type.String(),
  orderNumber: Type.String(),
  productId: Type.String(),
  name: Type.String(),
  level: Type.Integer(),
  asset: Type.String(),
  amount: Type.String(),
  cycleDays: Type.Integer(),
  dailyRate: Type.String(),
  dailyIncome: Type.String(),
  estimatedInterest: Type.String(),
  /** Incomes paid so far. */
  revenue: Type.String(),
  paidDays: Type.Integer(),
  status: OneOf(['locked', 'redeemed'] as const),
  termsVersion: Type.Integer(),
  rebateRates: Type.Array(Type.String()),
  createdAt: DateTime,
  interestAt: DateTime,
  endsAt: DateTime,
  nextPayoutAt: Nullable(DateTime),
  redeemedAt: Nullable(DateTime),
  /** A locked order's early redemption under its frozen terms: the penalty rate, what it keeps and returns (null: not offered). */
  earlyRedeem: Nullable(Type.Object({ penaltyRate: Type.String(), penalty: Type.String(), returned: Type.String() })),
  /** An order redeemed before its end: the penalty kept (into the reserve), the principal returned, the receipt. */
  redeemedEarly: Nullable(Type.Object({ penalty: Type.String(), returned: Type.String(), receiptSeq: Type.String() })),
});

export const SmartPoolPayout = Type.Object({
  id: Type.String(),
  kind: OneOf(['income', 'rebate'] as const),
  orderId: Type.String(),
  orderNumber: Type.String(),
  name: Type.String(),
  /** The referral tier of a rebate (null for the buyer's own income). */
  tier: Nullable(Type.Integer()),
  seq: Type.Integer(),
  asset: Type.String(),
  amount: Type.String(),
  /** The principal returned with this payment (the last income), else "0". */
  principal: Type.String(),
  status: OneOf(['pending', 'paid'] as const),
  dueAt: DateTime,
  paidAt: Nullable(DateTime),
  /** Its receipt in the platform's receipt chain once paid. */
  receiptSeq: Nullable(Type.String()),
});

export const SmartPoolSummary = Type.Object({
  asset: Type.String(),
  level: Type.Integer(),
  lockedOrders: Type.Integer(),
  invested: Type.String(),
  revenue: Type.String(),
  estimatedInterest: Type.String(),
  rebates: Type.String(),
  team: Type.Array(Type.Object({ tier: Type.Integer(), members: Type.Integer(), rebates: Type.String() })),
  nextPayoutAt: Nullable(DateTime),
});

export const FinancingProduct = Type.Object({
  id: Type.String(),
  termsVersion: Type.Integer(),
  name: Type.String(),
  asset: Type.String(),
  /** Annualised rate as a fraction ("0.06" = 6 %). */
  annualRate: Type.String(),
  durationDays: Type.Integer(),
  minAmount: Type.String(),
  maxAmount: Type.String(),
  /** Interest is annualRate × amount × days / dayBasis, rounded down to the cent. */
  dayBasis: Type.Integer(),
  active: Type.Boolean(),
  reserve: ReserveFigures,
  soldOut: Type.Boolean(),
});

export const FinancingEstimate = Type.Object({
  productId: Type.String(),
  termsVersion: Type.Integer(),
  name: Type.String(),
  asset: Type.String(),
  amount: Type.String(),
  annualRate: Type.String(),
  days: Type.Integer(),
  dayBasis: Type.Integer(),
  interest: Type.String(),
  total: Type.String(),
  subscribedAt: DateTime,
  maturesAt: DateTime,
  reserve: ReserveFigures,
  covered: Type.Boolean(),
});

export const FinancingOrder = Type.Object({
  id: Type.String(),
  productId: Type.String(),
  name: Type.String(),
  asset: Type.String(),
  amount: Type.String(),
  annualRate: Type.String(),
  days: Type.Integer(),
  interest: Type.String(),
  status: OneOf(['holding', 'matured'] as const),
  termsVersion: Type.Integer(),
  subscribedAt: DateTime,
  maturesAt: DateTime,
  paidAt: Nullable(DateTime),
  receiptSeq: Nullable(Type.String()),
});

/** The user's financing per asset: what is held, the interest paid by matured subscriptions, the next maturity. */
export const FinancingSummary = Type.Array(
  Type.Object({
    asset: Type.String(),
    invested: Type.String(),
    holding: Type.Integer(),
    interestPaid: Type.String(),
    nextMaturityAt: Nullable(DateTime),
  }),
);

const BUY_REFUSALS = ['investProductUnavailable', 'invalidAmount', 'investBelowMinimum', 'investAboveMaximum', 'insufficientBalance', 'productSoldOut', 'requestIdReused'] as const;

/** Smart pool (asset/api/smartPool/) and wealth financing (asset/api/product/, manage-rate/). */
export const investSchemas = {
  smartPoolProducts: { refusals: refuses(), data: Type.Array(SmartPoolProduct), summary: 'The smart-pool miners with their terms and reserve (public)' },
  smartPoolOrderNumber: { refusals: refuses(), data: Type.Object({ orderNumber: Type.String() }), summary: 'A fresh order number for a purchase (its request id)' },
  smartPoolSummary: { refusals: refuses(), data: SmartPoolSummary, summary: 'The user’s miner level, invested amount, income, rebates and team' },
  smartPoolEstimate: {
    refusals: refuses('investProductUnavailable', 'invalidAmount', 'investBelowMinimum', 'investAboveMaximum'),
    query: Type.Object({ productId: ProductId, amount: Decimal() }),
    data: SmartPoolEstimate,
    summary: 'What a purchase would pay and when, and whether the reserve backs it',
  },
  smartPoolBuy: {
    refusals: refuses(...BUY_REFUSALS),
    body: Type.Object({ productId: ProductId, amount: Decimal(), orderNumber: RequestId }, { additionalProperties: false }),
    data: SmartPoolOrder,
    summary: 'Buy a miner (the same order number answers the first purchase)',
  },
  smartPoolOrders: {
    refusals: refuses(),
    query: PageQuery({ status: Type.Optional(OneOf(['', 'locked', 'redeemed'] as const)) }),
    data: Page(SmartPoolOrder),
    summary: 'The user’s miners, newest first',
  },
  smartPoolHistory: {
    refusals: refuses(),
    query: PageQuery({ kind: Type.Optional(OneOf(['', 'income', 'rebate'] as const)) }),
    data: Page(SmartPoolPayout),
    summary: 'Every scheduled and paid income and rebate of the user',
  },
  smartPoolInterest: {
    refusals: refuses(),
    query: PageQuery({ kind: Type.Optional(OneOf(['', 'income', 'rebate'] as const)) }),
    data: Page(SmartPoolPayout),
    summary: 'The incomes and rebates paid to the user, with their receipts',
  },
  smartPoolRedeem: {
    refusals: refuses('notFound', 'smartPoolLocked', 'smartPoolMatured', 'requestIdReused'),
    body: Type.Object({ orderId: OrderId }, { additionalProperties: false }),
    data: SmartPoolOrder,
    summary: 'Redeem an order before its end under its frozen terms: the principal less the stated penalty (into the reserve) comes back once',
  },
  financingProducts: { refusals: refuses(), data: Type.Array(FinancingProduct), summary: 'The financing products with their terms and reserve (public)' },
  financingEstimate: {
    refusals: refuses('investProductUnavailable', 'invalidAmount', 'investBelowMinimum', 'investAboveMaximum'),
    query: Type.Object({ productId: ProductId, amount: Decimal() }),
    data: FinancingEstimate,
    summary: 'The interest of a subscription, exact to the cent, with its day count',
  },
  financingBuy: {
    refusals: refuses(...BUY_REFUSALS),
    body: Type.Object({ productId: ProductId, amount: Decimal(), requestId: RequestId }, { additionalProperties: false }),
    data: FinancingOrder,
    summary: 'Subscribe to a financing product',
  },
  financingOrders: {
    refusals: refuses(),
    query: PageQuery({ status: Type.Optional(OneOf(['', 'holding', 'matured'] as const)) }),
    data: Page(FinancingOrder),
    summary: 'The user’s subscriptions, newest first',
  },
  financingSummary: {
    refusals: refuses(),
    data: FinancingSummary,
    summary: 'The user’s financing per asset: invested, holdings, interest paid to date and the next maturity',
  },
  financingDurations: {
    refusals: refuses(),
    data: Type.Array(Type.Object({ productId: Type.String(), days: Type.Integer() })),
    summary: 'The durations offered',
  },
  financingRates: {
    refusals: refuses(),
    query: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })) }),
    data: Type.Array(Type.Object({ productId: Type.String(), days: Type.Integer(), annualRate: Type.String() })),
    summary: 'The annualised rate of each duration',
  },
};
