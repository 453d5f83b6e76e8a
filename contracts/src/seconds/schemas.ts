import { Type } from 'typebox';
import { DateTime, Decimal, Nullable, OneOf, PageQuery, RequestId, SignedDecimal } from '../kit/schema.js';
import { Symbol } from '../market/schemas.js';
import { FeedSource } from '../trading/schemas.js';
import { SECONDS_PUSH_ACTIONS } from '../wire/push.js';
import { STAKE_DECIMALS } from './terms.js';
import { refuses } from '../refusals.js';
import { ORDER_RATE_STATUS, ORDERER, SYMBOL, SYMBOL_STATUS, TRADABLE } from '../trading/refusals.js';

export const SecondsDirection = Type.Union([Type.Literal('up'), Type.Literal('down')]);
export const SecondsOutcome = Type.Union([Type.Literal('win'), Type.Literal('loss'), Type.Literal('tie')]);
/** refunded: no price was recorded within 2 s of the expiry (the server or the feed was down), so the stake came back. */
export const SecondsStatus = Type.Union([Type.Literal('open'), Type.Literal('settled'), Type.Literal('refunded')]);
/** Why a contract was refunded: the only reason is the absence of a recorded price at expiry (never an operator). */
export const SecondsRefundReason = Type.Literal('noPriceAtExpiry');
export const DurationUnit = Type.Union([Type.Literal('sec'), Type.Literal('mins'), Type.Literal('hour')]);

const Id = Type.String({ pattern: '^[0-9]{1,18}$', 'x-reason': 'secondsContractNotFound' });
const ProductId = Type.String({ pattern: '^[0-9]{1,18}$', 'x-reason': 'secondsProductUnavailable' });

/** A duration with the label the form shows: "30 sec", "3 mins", "1 hour". */
export const Duration = Type.Object({ seconds: Type.Integer(), value: Type.Integer(), unit: DurationUnit });

/** One duration an operator offers on a symbol, with its terms for purchases made now. */
export const SecondsProduct = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  duration: Duration,
  /** A win pays stake × (1 + payoutRatio). */
  payoutRatio: Type.String(),
  /** 1 / (1 + payoutRatio), 4 decimals: the share of contracts a buyer must win to break even. */
  breakEvenWinRate: Type.String(),
  minStake: Type.String(),
  maxStake: Type.String(),
  asset: Type.Literal('USDT'),
  /** Bumped by every operator change; a contract keeps the version it was bought at. */
  version: Type.Integer(),
});

/** A recorded feed tick: the price a contract opened or closed at, with its time to the millisecond and source. */
export const RecordedTick = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  /** The feed's time of the tick (ISO 8601 with milliseconds). */
  feedTime: DateTime,
  /** The last price: what opens and settles the contract. */
  price: Type.String(),
  bid: Type.String(),
  ask: Type.String(),
  source: FeedSource,
});

/**
 * The spec's Seconds contract: trading pair, opening price, closing price, quantity (the stake), countdown (from
 * expiresAt and the reply's serverTime), profit and loss. Terms are the ones frozen at purchase.
 */
export const SecondsContract = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  direction: SecondsDirection,
  stake: Type.String(),
  asset: Type.Literal('USDT'),
  duration: Duration,
  payoutRatio: Type.String(),
  productId: Type.String(),
  productVersion: Type.Integer(),
  status: SecondsStatus,
  openPrice: Type.String(),
  /** Null until settled. */
  closePrice: Nullable(Type.String()),
  /** Acceptance time; expiresAt = openedAt + duration, fixed at purchase. */
  openedAt: DateTime,
  expiresAt: DateTime,
  settledAt: Nullable(DateTime),
  outcome: Nullable(SecondsOutcome),
  /** What settlement paid back (win: stake × (1 + ratio), tie: stake, loss: 0); null while open. */
  payout: Nullable(Type.String()),
  /** payout − stake; null while open. */
  pnl: Nullable(SignedDecimal),
  /** Set when status is refunded (settledAt is then the refund's time, payout the stake, pnl 0, outcome null). */
  refundReason: Nullable(SecondsRefundReason),
});

/** The user's own record over settled contracts of the account mode. */
export const SecondsRecord = Type.Object({
  count: Type.Integer(),
  wins: Type.Integer(),
  losses: Type.Integer(),
  ties: Type.Integer(),
  /** Total staked on settled contracts. */
  staked: Type.String(),
  /** Σ (payout − stake). */
  net: SignedDecimal,
  open: Type.Integer(),
});

/** A push on the positions stream (SECONDS_PUSH_ACTIONS, wire/push.ts). */
export const SecondsPush = Type.Object({
  action: OneOf(SECONDS_PUSH_ACTIONS),
  mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
  symbol: Type.String(),
  contractId: Type.String(),
});

/** Seconds contracts under /transaction/api/contract (server/src/modules/seconds). */
export const secondsSchemas = {
  create: {
    refusals: refuses(...ORDERER, ...TRADABLE, ...SYMBOL, 'invalidAmount', 'secondsProductUnavailable', 'priceNotCurrent', 'marketDataDelayed', 'expiryAfterClose', 'stakeBelowMinimum', 'stakeAboveMaximum', 'insufficientBalance', 'requestIdReused'), refusalStatus: { ...ORDER_RATE_STATUS, ...SYMBOL_STATUS },
    body: Type.Object(
      {
        symbol: Symbol,
        direction: SecondsDirection,
        /** The product (a symbol's duration) bought; or give `duration` in seconds instead. */
        productId: Type.Optional(ProductId),
        duration: Type.Optional(Type.Integer({ minimum: 1, maximum: 86400, 'x-reason': 'secondsProductUnavailable' })),
        stake: Decimal({ scale: STAKE_DECIMALS, reason: 'invalidAmount' }),
        requestId: RequestId,
      },
      { additionalProperties: false },
    ),
    data: SecondsContract,
    summary: 'Buy a seconds contract: the stake is held from the option wallet, the current tick opens it, expiry is fixed',
  },
  getContractList: {
    refusals: refuses(...SYMBOL),
    query: PageQuery({
      status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('history')], { default: 'open' })),
      symbol: Type.Optional(Symbol),
    }),
    data: Type.Object({
      total: Type.Integer(),
      page: Type.Integer(),
      size: Type.Integer(),
      list: Type.Array(SecondsContract),
      record: SecondsRecord,
      /** The server's time when it answered (epoch ms): the countdowns count from it. */
      serverTime: Type.Integer(),
    }),
    summary: 'The user’s open contracts (soonest expiry first) or history (newest settlement first), with their record',
  },
  productList: {
    refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS,
    query: Type.Object({ symbol: Type.Optional(Symbol) }),
    data: Type.Array(SecondsProduct),
    summary: 'The durations offered (per symbol) with payout ratios, break-even win rates and stake limits',
  },
  detail: {
    refusals: refuses('secondsContractNotFound'),
    query: Type.Object({ id: Id }),
    data: Type.Object({
      contract: SecondsContract,
      openTick: RecordedTick,
      /** The first recorded tick at or after expiry; null until settled. */
      closeTick: Nullable(RecordedTick),
      openReceiptHash: Type.String(),
      settleReceiptHash: Nullable(Type.String()),
    }),
    summary: 'A contract with the ticks that opened and closed it and its receipts in the platform’s hash chain',
  },
};
