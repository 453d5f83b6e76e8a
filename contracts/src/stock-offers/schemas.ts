import { Type } from 'typebox';
import { DateTime, Nullable, OneOf, Page, PageQuery, RequestId } from '../kit/schema.js';
import { refuses } from '../refusals.js';
import { IdInput } from '../withdrawals/schemas.js';

/** A whole number of shares (no sign, no decimals); bounds and lots are the server's refusals. */
const Shares = Type.String({ pattern: '^[0-9]{1,30}$', maxLength: 30, 'x-reason': 'invalidSize' });
const IdQuery = Type.String({ pattern: '^[0-9]{1,18}$' });

/** An IPO's phase at the time of the answer: upcoming → open → closed (drawing) → allocated → listed, or canceled. */
export const IpoPhase = OneOf(['upcoming', 'open', 'closed', 'allocated', 'listed', 'canceled'] as const);
export const IpoSubscriptionStatus = OneOf(['pendingReview', 'passed', 'rejected', 'processing', 'completed', 'canceled'] as const);
export const BlockSubscriptionStatus = OneOf(['pendingReview', 'approved', 'rejected', 'completed', 'expired'] as const);

/** The rate in force (USDT per unit of the stock's currency) and its version; null before an operator sets one. */
const RateInForce = Nullable(Type.Object({ rate: Type.String(), version: Type.Integer() }));

/**
 * A subscription's receipts in the platform's receipt chain (like a stock fill's): the hold at subscription, the
 * allotment (an IPO's draw), the approval (a block's), the delivery of shares, a release; each with its hash.
 */
const OfferReceipts = Type.Array(Type.Object({ step: OneOf(['subscribe', 'allot', 'approve', 'deliver', 'release'] as const), hash: Type.String(), at: DateTime }));

/** The draw's totals, once allocated. */
const DrawTotals = Type.Object({ subscribers: Type.Integer(), lotsOffered: Type.Integer(), lotsRequested: Type.Integer(), lotsDrawn: Type.Integer() });

export const Ipo = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  issuePrice: Type.String(),
  peRatio: Nullable(Type.String()),
  sharesOffered: Type.String(),
  lotSize: Type.Integer(),
  subscribeFrom: DateTime,
  subscribeUntil: DateTime,
  allocateAt: DateTime,
  listAt: DateTime,
  phase: IpoPhase,
  /** SHA-256 of the seed, public from publication. */
  seedHash: Type.String(),
  /** The seed, once revealed at allocation (null before). */
  seed: Nullable(Type.String()),
  allocatedAt: Nullable(DateTime),
  totals: Nullable(DrawTotals),
  rate: RateInForce,
  /** One lot's cost in USDT at the rate in force (rounded up to 18 decimals); null without a rate. */
  lotCostUsdt: Nullable(Type.String()),
});

export const IpoSubscription = Type.Object({
  id: Type.String(),
  ipoId: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  lots: Type.Integer(),
  shares: Type.String(),
  price: Type.String(),
  rate: Type.String(),
  rateVersion: Type.Integer(),
  /** USDT held for the subscription. */
  amount: Type.String(),
  status: IpoSubscriptionStatus,
  reason: Type.String(),
  createdAt: DateTime,
  reviewedAt: Nullable(DateTime),
  processingAt: Nullable(DateTime),
  completedAt: Nullable(DateTime),
  canceledAt: Nullable(DateTime),
  /** The proof: the hash published before, the seed revealed, this subscription's draw and place, the totals. */
  seedHash: Type.String(),
  seed: Nullable(Type.String()),
  draw: Nullable(Type.String()),
  place: Nullable(Type.Integer()),
  lotsWon: Nullable(Type.Integer()),
  sharesWon: Nullable(Type.String()),
  /** USDT paid for the shares won, and what went back. */
  cost: Nullable(Type.String()),
  refunded: Nullable(Type.String()),
  totals: Nullable(DrawTotals),
  listAt: DateTime,
  deliveredAt: Nullable(DateTime),
  /** The user may still take it back (stockIpo/cancel): pending review or passed, the window still open. */
  cancellable: Type.Boolean(),
  receipts: OfferReceipts,
});

export const IpoProof = Type.Object({
  ipo: Ipo,
  /** Every passed subscription in draw order (ids and lots only: no one's identity). Empty until allocated. */
  entries: Type.Array(Type.Object({ subscriptionId: Type.String(), lots: Type.Integer(), draw: Type.String(), place: Type.Integer(), lotsWon: Type.Integer() })),
});

export const BlockOffer = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  price: Type.String(),
  minQuantity: Type.String(),
  maxQuantity: Type.String(),
  opensAt: DateTime,
  closesAt: DateTime,
  open: Type.Boolean(),
  rate: RateInForce,
});

export const BlockSubscription = Type.Object({
  id: Type.String(),
  offerId: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  currency: Type.String(),
  quantity: Type.String(),
  price: Type.String(),
  rate: Type.String(),
  rateVersion: Type.Integer(),
  amount: Type.String(),
  status: BlockSubscriptionStatus,
  reason: Type.String(),
  createdAt: DateTime,
  approvedAt: Nullable(DateTime),
  rejectedAt: Nullable(DateTime),
  completedAt: Nullable(DateTime),
  expiredAt: Nullable(DateTime),
  closesAt: DateTime,
  receipts: OfferReceipts,
});

const SUBSCRIBE = ['offerNotFound', 'subscriptionNotOpen', 'subscriptionClosed', 'offerRateMissing', 'offerAmountTooLarge', 'insufficientBalance', 'requestIdReused', 'invalidSize'] as const;

/** A block-trade subscription: userStock/buy with the block flag (stockOrders.buy, contracts/src/stocks/orders.ts). */
export const BlockBuyBody = Type.Object({ block: Type.Literal(true), blockOfferId: IdInput, quantity: Shares, requestId: RequestId }, { additionalProperties: false });
export const BLOCK_SUBSCRIBE_REFUSALS = refuses(...SUBSCRIBE, 'quantityBelowMinimum', 'quantityAboveMaximum');

/** IPOs and block offers under /asset/api; the cost is held from the spot wallet's USDT in the mode of the call. */
export const stockOfferSchemas = {
  ipoList: { refusals: refuses(), data: Type.Array(Ipo), summary: 'The IPOs, newest first, with the seed hash (and the seed once allocated)' },
  ipoProof: { refusals: refuses('offerNotFound'), query: Type.Object({ ipoId: IdQuery }), data: IpoProof, summary: 'An IPO’s allocation proof: seed hash, seed, totals and the draw order' },
  ipoSubscribe: {
    refusals: refuses(...SUBSCRIBE, 'ipoWholeLots'),
    body: Type.Object({ ipoId: IdInput, shares: Shares, requestId: RequestId }, { additionalProperties: false }),
    data: IpoSubscription,
    summary: 'Subscribe to an IPO in whole lots; the cost is held until the draw',
  },
  ipoCancel: {
    refusals: refuses('subscriptionNotFound', 'subscriptionNotCancellable'),
    body: Type.Object({ subscriptionId: IdInput }, { additionalProperties: false }),
    data: IpoSubscription,
    summary: 'Take back an IPO subscription before the draw (pending review or passed, window open): its hold is released',
  },
  ipoMine: { refusals: refuses(), query: PageQuery(), data: Page(IpoSubscription), summary: 'The user’s IPO subscriptions with their allocation proof, newest first' },
  blockOffers: { refusals: refuses(), data: Type.Array(BlockOffer), summary: 'The block offers, open ones first' },
  blockMine: {
    refusals: refuses(),
    query: PageQuery({ status: Type.Optional(Type.Union([Type.Literal(''), BlockSubscriptionStatus])) }),
    data: Page(BlockSubscription),
    summary: 'The user’s block trade subscriptions, newest first',
  },
};
