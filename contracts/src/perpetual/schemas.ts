import { Type } from 'typebox';
import { DateTime, Decimal, Nullable, OneOf, Page, PageQuery, RequestId, SignedDecimal } from '../kit/schema.js';
import { Symbol } from '../market/schemas.js';
import { FillEvidence, MarginMode, PositionMode, TradingSettings } from '../trading/schemas.js';
import { PERPETUAL_PUSH_ACTIONS } from '../wire/push.js';
import { refuses } from '../refusals.js';
import { ORDER_RATE_STATUS, ORDERER, ORDER_TYPES, PRICE, SIZE, SYMBOL, TP_SL, TRADABLE, TRADER } from '../trading/refusals.js';

export const PerpSide = Type.Union([Type.Literal('long'), Type.Literal('short')]);
/**
 * Market and limit; stop-market and stop-limit (conditional: once the trigger source reaches the trigger price they
 * become a market order, or a limit at their limit price); trailing stop (a stop-market whose trigger follows the
 * best price since placement at the callback rate).
 */
export const PerpOrderType = Type.Union([
  Type.Literal('market'),
  Type.Literal('limit'),
  Type.Literal('stop_market'),
  Type.Literal('stop_limit'),
  Type.Literal('trailing_stop'),
]);
/** The price a stop or trailing order watches: the mark (default) or the last traded price. */
export const TriggerSource = Type.Union([Type.Literal('mark'), Type.Literal('last')]);
/** GTC rests until filled or cancelled; IOC fills what it can at once and cancels the rest; FOK fills all at once or is refused. */
export const TimeInForce = Type.Union([Type.Literal('GTC'), Type.Literal('IOC'), Type.Literal('FOK')]);

/** The spec's Order statuses, exactly: pending (open, resting), opening, completed, canceled, merged. */
export const PerpOrderStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('opening'),
  Type.Literal('completed'),
  Type.Literal('canceled'),
  Type.Literal('merged'),
]);
export const PositionStatus = Type.Union([Type.Literal('open'), Type.Literal('closed')]);
export const CloseType = Type.Union([
  Type.Literal('manual'),
  Type.Literal('take_profit'),
  Type.Literal('stop_loss'),
  Type.Literal('liquidation'),
  Type.Literal('reverse'),
  /** Auto-deleveraged: closed at a bankrupt opposite position's bankruptcy price (the insurance fund was short). */
  Type.Literal('adl'),
]);

/** A position or order id in a query string or body. */
const Id = Type.String({ pattern: '^[0-9]{1,18}$', 'x-reason': 'positionNotFound' });
const OrderId = Type.String({ pattern: '^[0-9]{1,18}$', 'x-reason': 'orderNotFound' });
const Price = Decimal({ reason: 'invalidPrice' });
const Quantity = Decimal({ reason: 'invalidSize' });
/** USDT in cents, as the order form takes it. */
const Amount = Decimal({ scale: 2, reason: 'invalidSize' });
/** Leverage is a whole multiple; the offered ones come from the instrument's configuration. */
const Leverage = Type.Integer({ minimum: 1, maximum: 1000, 'x-reason': 'leverageNotOffered' });

/** The spec's Perpetual position entity. Prices and amounts are decimal strings; P/L is signed. */
export const Position = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  side: PerpSide,
  quantity: Type.String(),
  entryPrice: Type.String(),
  /** The feed's last price (what P/L, margin ratio and liquidation are measured at). */
  markPrice: Type.String(),
  /** The middle of the feed's bid and ask. */
  indexPrice: Type.String(),
  /** Null when no positive price liquidates the position. */
  liquidationPrice: Nullable(Type.String()),
  leverage: Type.Integer(),
  margin: Type.String(),
  marginMode: MarginMode,
  /** Maintenance margin / equity in %; liquidation at 100. */
  marginRatio: Type.String(),
  maintenanceMargin: Type.String(),
  /** Notional at the mark price. */
  totalValue: Type.String(),
  unrealisedPnl: SignedDecimal,
  /** Realised so far (partial closes) or in all (closed), net of trading fees and funding. */
  realisedPnl: SignedDecimal,
  /** Unrealised (open) or realised (closed) P/L in % of the margin. */
  pnlPercent: SignedDecimal,
  takeProfit: Nullable(Type.String()),
  stopLoss: Nullable(Type.String()),
  /** The order that opened it (split mode: each fill its own position). */
  parentOrderId: Type.String(),
  status: PositionStatus,
  closeType: Nullable(CloseType),
  closePrice: Nullable(Type.String()),
  closeTime: Nullable(DateTime),
  openedAt: DateTime,
  /** The taker fee rate frozen when the position opened: what closing it at market is charged (notional × rate). */
  takerFeeRate: Type.Optional(Type.String()),
  /**
   * The auto-deleveraging indicator of an open position (null when closed): the quintile of its place in the ADL
   * queue of its symbol and side (P/L % × effective leverage, highest first), 5 = among the first to be deleveraged.
   */
  adlRank: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 5 }))),
});

/** The spec's Order entity for perpetual orders. */
export const PerpOrder = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  side: PerpSide,
  type: PerpOrderType,
  status: PerpOrderStatus,
  quantity: Type.String(),
  /** The USDT notional the order was sized by (the quantity is what it came to); null when sized by quantity. */
  amount: Nullable(Type.String()),
  /** The limit price; null for a market order. */
  price: Nullable(Type.String()),
  doneQuantity: Type.String(),
  /** The fill price ('0' until filled). */
  donePrice: Type.String(),
  /** The position's average entry after this order (merge mode), else the fill price. */
  averagePrice: Type.String(),
  /** Notional at the fill (or limit) price. */
  marketValue: Type.String(),
  fee: Type.String(),
  leverage: Type.Integer(),
  marginMode: MarginMode,
  /** Margin held for a pending order, or put up by the fill. */
  margin: Type.String(),
  takeProfit: Nullable(Type.String()),
  stopLoss: Nullable(Type.String()),
  /** The position the fill opened or merged into. */
  positionId: Nullable(Type.String()),
  createdAt: DateTime,
  doneAt: Nullable(DateTime),
  /** A stop order's trigger price (a trailing stop's live one while it waits); null for market and limit orders. */
  triggerPrice: Type.Optional(Nullable(Type.String())),
  triggerSource: Type.Optional(Nullable(TriggerSource)),
  /** A trailing stop's callback rate in percent, and the best price it has seen since placement. */
  callbackRate: Type.Optional(Nullable(Type.String())),
  trailingPeak: Type.Optional(Nullable(Type.String())),
  timeInForce: Type.Optional(TimeInForce),
  postOnly: Type.Optional(Type.Boolean()),
  reduceOnly: Type.Optional(Type.Boolean()),
  /** When a stop order triggered, and the order it became. */
  triggeredAt: Type.Optional(Nullable(DateTime)),
  childOrderId: Type.Optional(Nullable(Type.String())),
  /** What an IOC order did not fill at once and cancelled. */
  expiredQuantity: Type.Optional(Type.String()),
  /** Why the engine cancelled the order (a refusal key), e.g. a triggered stop that could not be placed. */
  cancelReason: Type.Optional(Nullable(Type.String())),
});

/**
 * The tick a fill used (the engine's evidence). A liquidation closes at the mark price, so its evidence names the
 * last price rather than a side of the book.
 */
export const PerpFillEvidence = Type.Object({
  ...FillEvidence.properties,
  sideUsed: Type.Union([Type.Literal('bid'), Type.Literal('ask'), Type.Literal('last')]),
  /** An ADL fill: why it happened, the bankruptcy price it was closed at, the bankrupt position and the mark then. */
  reason: Type.Optional(Type.Literal('adl')),
  bankruptcyPrice: Type.Optional(Type.String()),
  liquidatedPositionId: Type.Optional(Type.String()),
  markPrice: Type.Optional(Type.String()),
});

export const FillKind = Type.Union([
  Type.Literal('open'),
  Type.Literal('close'),
  Type.Literal('take_profit'),
  Type.Literal('stop_loss'),
  Type.Literal('liquidation'),
  Type.Literal('reverse'),
  /** Auto-deleveraged: closed at a bankrupt opposite position's bankruptcy price (the insurance fund was short). */
  Type.Literal('adl'),
]);

/** One fill of a position with its evidence and its receipt in the platform's hash chain. */
export const PositionFill = Type.Object({
  id: Type.String(),
  orderId: Nullable(Type.String()),
  kind: FillKind,
  side: PerpSide,
  quantity: Type.String(),
  price: Type.String(),
  fee: Type.String(),
  /** Realised P/L of a closing fill ('0' for an opening one). */
  realisedPnl: SignedDecimal,
  /** How a closing fill closed (a part or the whole: manual, take-profit, stop-loss, liquidation, reverse); null when it opened. */
  closeType: Nullable(CloseType),
  evidence: PerpFillEvidence,
  receiptHash: Type.String(),
  createdAt: DateTime,
});

/** One funding payment, signed from the user's side (negative: the user paid). */
export const FundingPayment = Type.Object({
  id: Type.String(),
  rate: SignedDecimal,
  /** The mark recorded for the funding time: the last price at or before it, never a later one. */
  markPrice: Type.String(),
  /** When that price was recorded; null for payments made before it was kept (they used the mark at payment time). */
  markTime: Type.Optional(Nullable(DateTime)),
  /** False when nothing was recorded in the minute before the funding time (the server was down): the closest earlier price was used. */
  markCovered: Type.Optional(Nullable(Type.Boolean())),
  quantity: Type.String(),
  amount: SignedDecimal,
  receiptHash: Type.String(),
  fundedAt: DateTime,
});

/**
 * A funding time's rate by the published formula with the inputs it came from (perp_funding_rates): the premium P
 * averaged over `samples` minutes of recorded mark and index (their averages beside it; null without samples), and
 * the parameters then in force. A position pays the same formula on its own frozen parameters, bounded by its cap.
 */
export const FundingComputation = Type.Object({
  fundingTime: DateTime,
  rate: SignedDecimal,
  premium: SignedDecimal,
  markPrice: Nullable(Type.String()),
  indexPrice: Nullable(Type.String()),
  samples: Type.Integer(),
  interestRate: SignedDecimal,
  clamp: SignedDecimal,
  cap: SignedDecimal,
});

/** What a liquidation left: margin to the insurance fund, or a shortfall the fund absorbed. */
export const LiquidationRecord = Type.Object({
  markPrice: Type.String(),
  /** Margin left after the loss, taken by the insurance fund. */
  toInsurance: Type.String(),
  /** Loss beyond the user's margin (and, cross, available balance), paid by the insurance fund (up to its balance). */
  shortfall: Type.String(),
  /** Loss the insurance fund could not cover, recovered by auto-deleveraging opposite positions. */
  uncovered: Type.Optional(Type.String()),
  /** The price at which the position's loss equalled what backed it: the price of its ADL fills (null without ADL). */
  bankruptcyPrice: Type.Optional(Nullable(Type.String())),
  receiptHash: Type.String(),
  at: DateTime,
});

export const PositionDetail = Type.Object({
  position: Position,
  fills: Type.Array(PositionFill),
  funding: Type.Array(FundingPayment),
  liquidation: Nullable(LiquidationRecord),
});

/** A push on the positions stream (PERPETUAL_PUSH_ACTIONS, wire/push.ts). */
export const PerpetualPush = Type.Object({
  action: OneOf(PERPETUAL_PUSH_ACTIONS),
  mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
  symbol: Type.String(),
  positionId: Type.Optional(Type.String()),
  orderId: Type.Optional(Type.String()),
});

/** TP/SL on entry or later: a price, or null to remove it. */
const TriggerPrice = Type.Optional(Nullable(Price));
/** A trailing stop's callback in percent of the best price: 0.1 to 10, two decimals. */
const CallbackRate = Decimal({ scale: 2, reason: 'callbackRateOutOfRange' });

/** What every order type adds to an order's body (perpetual and forex). */
export const OrderTypeFields = {
  /** Stop orders: the price that triggers them. */
  triggerPrice: Type.Optional(Price),
  triggerSource: Type.Optional(TriggerSource),
  /** Trailing stop: percent from the best price since placement. */
  callbackRate: Type.Optional(CallbackRate),
  /** Limit and stop-limit orders (a market order fills at once or is refused: IOC by nature). */
  timeInForce: Type.Optional(TimeInForce),
  /** Limit and stop-limit: refused when it would take liquidity when placed (or triggered). */
  postOnly: Type.Optional(Type.Boolean()),
  /** Only ever shrinks the opposite position: capped to its size, refused without one. */
  reduceOnly: Type.Optional(Type.Boolean()),
};

/** Perpetual contracts under /asset/api/contract (server/src/modules/perpetual). */
export const perpetualSchemas = {
  openPosition: {
    refusals: refuses(...ORDERER, ...TRADABLE, ...PRICE, ...SIZE, ...TP_SL, ...ORDER_TYPES, ...SYMBOL, 'leverageNotOffered', 'marginAboveAvailable', 'insufficientDepth', 'openOrdersLimit', 'positionNotFound', 'insufficientBalance', 'requestIdReused'), refusalStatus: ORDER_RATE_STATUS,
    body: Type.Object(
      {
        symbol: Symbol,
        side: PerpSide,
        type: PerpOrderType,
        price: Type.Optional(Price),
        /** Base quantity; or give `amount` instead. */
        quantity: Type.Optional(Quantity),
        /**
         * USDT notional to size by (cents): a market order's quantity is what the amount takes walking the depth,
         * a limit order's is amount / price; both rounded down to the instrument's amount decimals.
         */
        amount: Type.Optional(Amount),
        leverage: Leverage,
        takeProfit: TriggerPrice,
        stopLoss: TriggerPrice,
        ...OrderTypeFields,
        requestId: RequestId,
      },
      { additionalProperties: false },
    ),
    data: Type.Object({ order: PerpOrder, position: Nullable(Position) }),
    summary:
      'Place an order, sized by quantity or USDT amount: market fills now walking the book (long the asks, short the bids) at its average; limit fills what the book crosses and rests the rest (time in force GTC/IOC/FOK, post-only); stop-market, stop-limit and trailing stop wait for their trigger (mark or last price) with their margin held; reduce-only shrinks the opposite position only',
  },
  openList: {
    refusals: refuses(...SYMBOL),
    query: Type.Object({ symbol: Type.Optional(Symbol) }),
    data: Type.Array(Position),
    summary: 'The user’s open positions at the current mark',
  },
  limitList: {
    refusals: refuses(...SYMBOL),
    query: Type.Object({ symbol: Type.Optional(Symbol) }),
    data: Type.Array(PerpOrder),
    summary: 'The user’s pending orders: resting limits and untriggered stop, stop-limit and trailing-stop orders (with the trailing trigger as it stands)',
  },
  closeList: {
    refusals: refuses(...SYMBOL),
    query: PageQuery({ symbol: Type.Optional(Symbol) }),
    data: Page(Position),
    summary: 'Closed positions, newest first',
  },
  closePosition: {
    refusals: refuses(...TRADER, ...TRADABLE, ...SIZE, 'positionNotFound', 'closeAboveQuantity', 'insufficientDepth', 'requestIdReused'),
    body: Type.Object({ positionId: Id, quantity: Type.Optional(Quantity), requestId: RequestId }, { additionalProperties: false }),
    data: Position,
    summary: 'Close a position at market, walking the book (long into the bids, short into the asks), whole or a part',
  },
  cancelPosition: {
    refusals: refuses('orderNotFound', 'orderNotCancellable'),
    body: Type.Object({ orderId: OrderId }, { additionalProperties: false }),
    data: PerpOrder,
    summary: 'Cancel a pending limit or stop order; its margin returns to available',
  },
  reversePosition: {
    refusals: refuses(...ORDERER, ...TRADABLE, ...SIZE, 'positionNotFound', 'marginAboveAvailable', 'insufficientDepth', 'openOrdersLimit', 'insufficientBalance', 'requestIdReused'), refusalStatus: ORDER_RATE_STATUS,
    body: Type.Object({ positionId: Id, requestId: RequestId }, { additionalProperties: false }),
    data: Type.Object({ closed: Position, opened: Position }),
    summary: 'Close a position and open the opposite side with the same size, in one step',
  },
  setTPAndSLPosition: {
    refusals: refuses(...TRADER, ...TP_SL, 'symbolNotTradable', 'invalidPrice', 'positionNotFound'),
    body: Type.Object({ positionId: Id, takeProfit: Nullable(Price), stopLoss: Nullable(Price) }, { additionalProperties: false }),
    data: Position,
    summary: 'Set, change or remove (null) take-profit and stop-loss, checked against the mark price and side',
  },
  // The spec lists the position's detail fields and the margin and position modes, but not the calls that read
  // and change them: these two are ours.
  detail: {
    refusals: refuses('positionNotFound'),
    query: Type.Object({ positionId: Id }),
    data: PositionDetail,
    summary: 'A position with its fills (and the ticks they used), receipt hashes, funding and liquidation record',
  },
  market: {
    refusals: refuses(...SYMBOL, 'symbolNotTradable'),
    query: Type.Object({ symbol: Symbol }),
    data: Type.Object({
      symbol: Type.String(),
      /** The open positions' quantity in the base asset, long and short (real accounts). */
      openInterest: Type.String(),
      /** The insurance fund's balance in USDT (real): what pays a bankrupt position's shortfall before auto-deleveraging. */
      insuranceFund: Type.String(),
      /**
       * The funding rate by the published formula (absent: the symbol pays a configured rate): the estimate for the
       * coming funding time from the minutes sampled so far in its interval, and the last funding time's rate, each
       * with its inputs so it can be recomputed: F = P + clamp(I − P, −c, c), bounded to ±cap.
       */
      funding: Type.Optional(Type.Object({
        formula: Type.String(),
        next: FundingComputation,
        last: Nullable(FundingComputation),
      })),
    }),
    summary: 'Public: a perpetual symbol’s open interest and the insurance fund’s balance',
  },
  settings: {
    refusals: refuses('perpModeLocked'),
    body: Type.Object(
      { marginMode: Type.Optional(MarginMode), positionMode: Type.Optional(PositionMode) },
      { additionalProperties: false },
    ),
    data: TradingSettings,
    summary: 'Read (empty body) or change the margin and position modes; changes only without open positions or orders',
  },
};
