import { Type, type Static } from 'typebox';
import { DateTime, Decimal, Nullable, RequestId } from '../kit/schema.js';
import { refuses } from '../refusals.js';

/** An offering's id in a query or body. */
const OfferId = Type.String({ pattern: '^[0-9]{1,18}$' });

/** upcoming → open (the subscription window) → pending (closed, drawn at drawAt) → listed (tokens delivered). */
export const OfferPhase = Type.Union([Type.Literal('upcoming'), Type.Literal('open'), Type.Literal('pending'), Type.Literal('listed')]);

/**
 * A subscription's state: pending until the draw; won (tokens come at listing) or notWon (the hold was released at
 * the draw); completed once the tokens are in the spot wallet and the unused part of the hold is back.
 */
export const SubscriptionStatus = Type.Union([Type.Literal('pending'), Type.Literal('won'), Type.Literal('notWon'), Type.Literal('completed')]);

export const SubscriptionView = Type.Object({
  id: Type.String(),
  offerId: Type.String(),
  token: Type.String(),
  status: SubscriptionStatus,
  lots: Type.Integer(),
  /** Tokens asked for and the USDT held for them (quantity × price). */
  quantity: Type.String(),
  amount: Type.String(),
  createdAt: DateTime,
  /** After the draw: the place in the HMAC-SHA256(seed, id) order (1 first), its key, what was won. */
  place: Nullable(Type.Integer()),
  drawKey: Nullable(Type.String()),
  wonLots: Nullable(Type.Integer()),
  wonQuantity: Nullable(Type.String()),
  /** USDT paid for the tokens won, and USDT given back. */
  cost: Nullable(Type.String()),
  refund: Nullable(Type.String()),
  drawnAt: Nullable(DateTime),
  settledAt: Nullable(DateTime),
});

export const OfferView = Type.Object({
  id: Type.String(),
  code: Type.String(),
  kind: Type.Union([Type.Literal('ipo'), Type.Literal('allotment')]),
  token: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  /** USDT per token */
  price: Type.String(),
  /** Tokens offered, handed out in lots of `lot` */
  supply: Type.String(),
  lot: Type.String(),
  totalLots: Type.Integer(),
  minQuantity: Type.String(),
  maxQuantity: Type.String(),
  openAt: DateTime,
  closeAt: DateTime,
  drawAt: DateTime,
  listAt: DateTime,
  phase: OfferPhase,
  /** SHA-256 of the seed's text, published at creation; the seed once drawn (null before). */
  seedHash: Type.String(),
  seed: Nullable(Type.String()),
  drawnAt: Nullable(DateTime),
  listedAt: Nullable(DateTime),
  codeRequired: Type.Boolean(),
  termsVersionId: Type.String(),
  /** In the caller's mode: subscribers, lots asked for, lots won (0 before the draw). */
  totals: Type.Object({ subscribers: Type.Integer(), requestedLots: Type.Integer(), wonLots: Type.Integer() }),
  /** The caller's subscription, if any. */
  mine: Nullable(SubscriptionView),
});

const Subscribe = { id: OfferId, quantity: Decimal(), requestId: RequestId };

const SUBSCRIBE_REFUSALS = ['offerNotFound', 'offerNotOpen', 'offerAlreadySubscribed', 'offerBelowMinimum', 'offerAboveMaximum', 'offerNotLotMultiple', 'invalidAmount', 'insufficientBalance', 'requestIdReused'] as const;

const list = (summary: string) => ({ refusals: refuses(), data: Type.Array(OfferView), summary });

export const tokenOfferSchemas = {
  upcoming: list('Token offerings before their window, soonest first'),
  open: list('Token offerings open for subscription'),
  pending: list('Token offerings closed and not listed yet (drawn at drawAt, delivered at listAt)'),
  winning: { refusals: refuses(), data: Type.Array(Type.Object({ offer: OfferView, subscription: SubscriptionView })), summary: 'The caller’s subscriptions that won tokens' },
  mine: { refusals: refuses(), data: Type.Array(Type.Object({ offer: OfferView, subscription: SubscriptionView })), summary: 'Every subscription of the caller, with the draw’s evidence' },
  detail: { refusals: refuses('offerNotFound'), query: Type.Object({ id: OfferId }), data: OfferView, summary: 'One offering with the caller’s subscription and the draw’s evidence' },
  subscribe: {
    refusals: refuses(...SUBSCRIBE_REFUSALS),
    body: Type.Object(Subscribe, { additionalProperties: false }),
    data: Type.Object({ offer: OfferView, subscription: SubscriptionView }),
    summary: 'Subscribe to an open offering: quantity × price USDT of the spot wallet is held until the draw',
  },
  allotmentList: list('Code-gated offerings, upcoming and open'),
  allotmentPending: list('Code-gated offerings closed and not listed yet'),
  allotmentWinning: { refusals: refuses(), data: Type.Array(Type.Object({ offer: OfferView, subscription: SubscriptionView })), summary: 'The caller’s code-gated subscriptions that won tokens' },
  checkCode: {
    refusals: refuses('offerNotFound', 'wrongCode', 'offerCodePaused'),
    query: Type.Object({ id: OfferId, code: Type.String({ pattern: '^[0-9]{4}$', 'x-reason': 'wrongCode' }) }),
    data: Type.Object({ id: Type.String(), valid: Type.Literal(true) }),
    summary: 'Check an offering’s 4-digit code: 5 wrong codes in a row pause the caller’s checks for 15 minutes',
  },
  setting: {
    refusals: refuses(),
    data: Type.Object({ codeLength: Type.Integer(), maxWrongCodes: Type.Integer(), pauseMinutes: Type.Integer(), asset: Type.String(), wallet: Type.String() }),
    summary: 'The rules of code-gated offerings',
  },
  buy: {
    refusals: refuses(...SUBSCRIBE_REFUSALS, 'wrongCode', 'offerCodePaused'),
    body: Type.Object({ ...Subscribe, code: Type.String({ pattern: '^[0-9]{4}$', 'x-reason': 'wrongCode' }) }, { additionalProperties: false }),
    data: Type.Object({ offer: OfferView, subscription: SubscriptionView }),
    summary: 'Subscribe to an open code-gated offering with its code',
  },
};

export type OfferViewData = Static<typeof OfferView>;
export type SubscriptionViewData = Static<typeof SubscriptionView>;
