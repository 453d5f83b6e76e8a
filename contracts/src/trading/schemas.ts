import { Type, type Static } from 'typebox';
import { DateTime, Decimal, Nullable, OneOf, Page, PageQuery, RequestId, SignedDecimal, Text } from '../kit/schema.js';
import { SPOT_PUSH_ACTIONS } from '../wire/push.js';
import { IdInput } from '../withdrawals/schemas.js';
import { refuses } from '../refusals.js';
import { ORDER_RATE_STATUS, ORDERER, PRICE, SIZE, TRADABLE, TRADER } from '../trading/refusals.js';

/** A row id in a query string. */
const IdQuery = Type.String({ pattern: '^[0-9]{1,18}$' });
const SymbolInput = Text(32, { description: 'BTCUSDT, btcusdt or BTC/USDT' });

export const MarginMode = Type.Union([Type.Literal('isolated'), Type.Literal('cross')]);
export const PositionMode = Type.Union([Type.Literal('merge'), Type.Literal('split')]);

/** One maintenance-margin tier: the slice of a position's notional above the previous tier's bound and up to maxNotional (quote units; null: no upper bound, the last tier) is charged `rate` — progressive, like tax brackets (contracts/src/perpetual/margin.ts). */
export const MaintenanceTier = Type.Object({ maxNotional: Nullable(Type.String()), rate: Type.String() });

/**
 * The terms of one instrument as they apply to orders placed now. Orders and positions copy the terms they use,
 * so an operator's change never alters one already open. Rates are fractions ("0.001" = 0.1 %).
 */
export const InstrumentTerms = Type.Object({
  symbol: Type.String(),
  base: Type.String(),
  quote: Type.String(),
  priceDecimals: Type.Integer(),
  amountDecimals: Type.Integer(),
  leverages: Type.Array(Type.Integer()),
  minQuantity: Type.String(),
  maxQuantity: Type.String(),
  makerFeeRate: Type.String(),
  takerFeeRate: Type.String(),
  maintenanceTiers: Type.Array(MaintenanceTier),
  fundingIntervalHours: Type.Integer(),
  /** The funding rate of the current interval (positive: longs pay shorts). */
  fundingRate: SignedDecimal,
  /**
   * The published funding formula's parameters per interval (interest rate I, clamp c, cap; null: the instrument pays
   * its configured fundingRate, as forex financing does): F = P + clamp(I − P, −c, c), bounded to ±cap, P the premium
   * of the mark over the index averaged over the interval. Added fields: older clients ignore them.
   */
  fundingInterestRate: Type.Optional(Nullable(SignedDecimal)),
  fundingClamp: Type.Optional(Nullable(SignedDecimal)),
  fundingCap: Type.Optional(Nullable(SignedDecimal)),
  spotEnabled: Type.Boolean(),
  perpetualEnabled: Type.Boolean(),
  /** 1: a token offering, traded at the quote's price without depth (create-ico). */
  isIco: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** Bumped by every operator change. */
  version: Type.Integer(),
});

/** The user's contract settings (margin mode applies to all USDT contracts of the user). */
export const TradingSettings = Type.Object({ marginMode: MarginMode, positionMode: PositionMode });

export const OrderSide = Type.Union([Type.Literal('buy'), Type.Literal('sell')]);
export const OrderType = Type.Union([Type.Literal('market'), Type.Literal('limit')]);
/** The spec's Order statuses, exactly. */
export const OrderStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('opening'),
  Type.Literal('completed'),
  Type.Literal('canceled'),
  Type.Literal('merged'),
]);
export const FeedSource = Type.Union([Type.Literal('simulated'), Type.Literal('exchange')]);

/** The tick a fill used, as the feed gave it: shown to the user ("BTCUSDT ask at 23:15:04.120 UTC, simulated feed"). */
export const FillEvidence = Type.Object({
  symbol: Type.String(),
  feedTime: DateTime,
  bid: Type.String(),
  ask: Type.String(),
  last: Type.String(),
  source: FeedSource,
  /** The side of the book the fill took: a buy takes the ask, a sell the bid. */
  sideUsed: Type.Union([Type.Literal('bid'), Type.Literal('ask')]),
  /** The book levels walked, [price, quantity taken] best first (a single level for limit and ICO fills). */
  levels: Type.Array(Type.Tuple([Type.String(), Type.String()])),
});

export const Fill = Type.Object({
  id: Type.String(),
  price: Type.String(),
  quantity: Type.String(),
  /** price × quantity in the quote asset. */
  value: Type.String(),
  fee: Type.String(),
  feeAsset: Type.String(),
  liquidity: Type.Union([Type.Literal('maker'), Type.Literal('taker')]),
  time: DateTime,
  evidence: FillEvidence,
  /** The hash of the fill's receipt in the platform's receipt chain. */
  receiptHash: Type.String(),
});

export const SpotOrder = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  base: Type.String(),
  quote: Type.String(),
  side: OrderSide,
  type: OrderType,
  status: OrderStatus,
  /** Base quantity asked for; null for a market buy by quote amount. */
  quantity: Nullable(Type.String()),
  /** Quote amount of a market buy by amount; null otherwise. */
  amount: Nullable(Type.String()),
  /** The limit price; null for market orders. */
  price: Nullable(Type.String()),
  doneQuantity: Type.String(),
  /** The volume-weighted price of the fills (= averagePrice); null before the first fill. */
  donePrice: Nullable(Type.String()),
  averagePrice: Nullable(Type.String()),
  /** doneQuantity × averagePrice, in the quote asset. */
  marketValue: Type.String(),
  fee: Type.String(),
  /** The asset the fee is charged in: the asset received (base for buys, quote for sells). */
  feeAsset: Type.String(),
  makerFeeRate: Type.String(),
  takerFeeRate: Type.String(),
  /** What the order still holds frozen in the spot wallet (0 once finished). */
  frozen: Type.String(),
  frozenAsset: Type.String(),
  isIco: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
  finishedAt: Nullable(DateTime),
  requestId: Type.String(),
  fills: Type.Array(Fill),
});

/** One link of the platform's receipt chain: hash = sha256(prevHash + payload). */
export const Receipt = Type.Object({
  seq: Type.String(),
  kind: Type.String(),
  ref: Type.String(),
  payload: Type.String(),
  prevHash: Type.String(),
  hash: Type.String(),
  createdAt: DateTime,
});

export const SpotOrderDetail = Type.Object({ ...SpotOrder.properties, receipts: Type.Array(Receipt) });

/** One base asset held in the spot wallet, valued at the live bid. */
export const SpotHolding = Type.Object({
  asset: Type.String(),
  symbol: Type.String(),
  quantity: Type.String(),
  available: Type.String(),
  frozen: Type.String(),
  /** Average cost per unit of the quantity still held (buys at their price plus fee; sells keep the average). */
  averageCost: Nullable(Type.String()),
  costValue: Type.String(),
  price: Type.String(),
  marketValue: Type.String(),
  unrealisedPnl: SignedDecimal,
  /** Percent, two decimals; null without a cost. */
  unrealisedPnlPercent: Nullable(SignedDecimal),
  priceDecimals: Type.Integer(),
  amountDecimals: Type.Integer(),
});

const SpotOrderBody = Type.Object(
  {
    symbol: SymbolInput,
    side: OrderSide,
    type: OrderType,
    /** Limit orders only. */
    price: Type.Optional(Decimal({ reason: 'invalidPrice' })),
    /** Base quantity; a market buy may give `amount` (quote) instead. */
    quantity: Type.Optional(Decimal({ reason: 'invalidSize' })),
    amount: Type.Optional(Decimal()),
    requestId: RequestId,
  },
  { additionalProperties: false },
);

/**
 * A message of the positions stream (/ws/positions) about a spot order: sent after the change commits.
 * The perpetual module adds its own POSITION_… messages.
 */
export const SpotOrderPush = Type.Object({
  action: OneOf(SPOT_PUSH_ACTIONS),
  mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
  orderId: Type.String(),
  symbol: Type.String(),
  status: OrderStatus,
});
export type SpotOrderPushMessage = Static<typeof SpotOrderPush>;

/** One leg of a conditional sell: what fires it (the bid reaching `triggerPrice`) and the sell it places. */
export const ConditionalLeg = Type.Object({
  leg: Type.Union([Type.Literal('tp'), Type.Literal('sl')]),
  /** limit: a sell at `price` (take-profit); stop-limit: a sell at `price` once the bid falls to `triggerPrice`; stop-market: a market sell then. */
  type: Type.Union([Type.Literal('limit'), Type.Literal('stop-limit'), Type.Literal('stop-market')]),
  triggerPrice: Type.String(),
  price: Nullable(Type.String()),
  /** pending with its group; triggered when it fired; canceled when the other leg fired or the user cancelled. */
  status: Type.Union([Type.Literal('pending'), Type.Literal('triggered'), Type.Literal('canceled')]),
});

export const ConditionalKind = Type.Union([Type.Literal('tpsl'), Type.Literal('oco')]);

/**
 * A take-profit/stop-loss or OCO sell on a spot holding: the quantity is frozen once for both legs; the first leg
 * the bid reaches places its sell (`order`) and cancels the other.
 */
export const ConditionalSide = Type.Union([Type.Literal('sell'), Type.Literal('buy')]);

export const SpotConditional = Type.Object({
  id: Type.String(),
  kind: ConditionalKind,
  /** sell: TP/SL/OCO on a holding of the base; buy: a stop-limit buy holding the quote. */
  side: ConditionalSide,
  symbol: Type.String(),
  base: Type.String(),
  quote: Type.String(),
  quantity: Type.String(),
  takeProfitPrice: Nullable(Type.String()),
  stopPrice: Nullable(Type.String()),
  stopLimitPrice: Nullable(Type.String()),
  status: Type.Union([Type.Literal('pending'), Type.Literal('triggered'), Type.Literal('canceled')]),
  /** What the group holds frozen: base quantity (a sell), quote (a buy: stopLimitPrice × quantity); 0 once triggered or cancelled (the fired leg's order holds it then). */
  frozen: Type.String(),
  legs: Type.Array(ConditionalLeg),
  triggeredLeg: Nullable(Type.Union([Type.Literal('tp'), Type.Literal('sl')])),
  order: Nullable(SpotOrder),
  priceDecimals: Type.Integer(),
  amountDecimals: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
  finishedAt: Nullable(DateTime),
  requestId: Type.String(),
});

const SpotConditionalBody = Type.Object(
  {
    symbol: SymbolInput,
    /** tpsl: a take-profit, a stop or both; oco: both. */
    kind: ConditionalKind,
    /**
     * sell (the default): TP/SL or OCO on a holding. buy: a stop buy — kind tpsl with stopPrice above the current
     * ask and stopLimitPrice at or above it, no take-profit; it holds stopLimitPrice × quantity of the quote.
     */
    side: Type.Optional(ConditionalSide),
    /** Base quantity to sell (frozen once from the available holding) or to buy. */
    quantity: Decimal({ reason: 'invalidSize' }),
    /** Sell at this price once the bid rises to it; above the current bid. */
    takeProfitPrice: Type.Optional(Decimal({ reason: 'invalidPrice' })),
    /** Sell once the bid falls to this price, below the current bid; a stop buy: buy once the ask rises to it, above the current ask. */
    stopPrice: Type.Optional(Decimal({ reason: 'invalidPrice' })),
    /** The stop's limit price (stop-limit): a sell's at or below the stop, omitted for a market sell (stop-market); a buy's at or above the stop, required. */
    stopLimitPrice: Type.Optional(Decimal({ reason: 'invalidPrice' })),
    requestId: RequestId,
  },
  { additionalProperties: false },
);

export const tradingSchemas = {
  config: {
    refusals: refuses('symbolNotTradable'),
    query: Type.Object({ symbol: Type.Optional(SymbolInput) }),
    data: Type.Object({ instruments: Type.Array(InstrumentTerms), settings: Nullable(TradingSettings) }),
    summary: 'Instrument terms (one symbol or all tradable), and the user’s margin and position modes when logged in',
  },
  fee: {
    refusals: refuses('symbolNotTradable'),
    query: Type.Object({ symbol: SymbolInput }),
    data: Type.Object({ symbol: Type.String(), makerFeeRate: Type.String(), takerFeeRate: Type.String() }),
    summary: 'The maker and taker fee rates that apply to the user on a symbol',
  },
  spotCreate: {
    refusals: refuses(...ORDERER, ...TRADABLE, ...PRICE, ...SIZE, 'invalidAmount', 'insufficientDepth', 'openOrdersLimit', 'insufficientBalance', 'requestIdReused'), refusalStatus: ORDER_RATE_STATUS,
    body: SpotOrderBody,
    data: SpotOrder,
    summary: 'Place a spot order: market (walks the book) or limit (rests with its funds frozen); the same requestId answers the same order',
  },
  spotCreateIco: {
    refusals: refuses(...ORDERER, ...TRADABLE, ...PRICE, ...SIZE, 'invalidAmount', 'insufficientDepth', 'openOrdersLimit', 'insufficientBalance', 'requestIdReused', 'notIco'), refusalStatus: ORDER_RATE_STATUS,
    body: SpotOrderBody,
    data: SpotOrder,
    summary: 'Place a spot order on a token-offering symbol: fills at the quote’s price, without depth',
  },
  spotList: {
    refusals: refuses(),
    query: PageQuery({ symbol: Type.Optional(SymbolInput) }),
    data: Page(SpotOrder),
    summary: 'Open (pending) spot orders, newest first',
  },
  spotHistory: {
    refusals: refuses(),
    query: PageQuery({ symbol: Type.Optional(SymbolInput), status: Type.Optional(Type.Union([Type.Literal('completed'), Type.Literal('canceled')])) }),
    data: Page(SpotOrder),
    summary: 'Finished spot orders, newest first',
  },
  spotDelete: {
    refusals: refuses(...TRADER, 'orderNotFound', 'orderNotCancellable'),
    body: Type.Object({ orderId: IdInput }, { additionalProperties: false }),
    data: SpotOrder,
    summary: 'Cancel a pending limit order; its frozen funds return to available',
  },
  spotDetail: {
    refusals: refuses('orderNotFound'),
    query: Type.Object({ orderId: IdQuery }),
    data: SpotOrderDetail,
    summary: 'One spot order with its fills, the tick each used, and their receipts',
  },
  spotConditionalCreate: {
    refusals: refuses(...ORDERER, ...TRADABLE, ...PRICE, ...SIZE, 'conditionalLegsMissing', 'insufficientDepth', 'takeProfitNotAboveBid', 'stopNotBelowBid', 'stopLimitAboveStop', 'stopNotAboveAsk', 'stopBuyLimitBelowStop', 'stopBuyOnlyStopLimit', 'openOrdersLimit', 'insufficientBalance', 'requestIdReused'), refusalStatus: ORDER_RATE_STATUS,
    body: SpotConditionalBody,
    data: SpotConditional,
    summary: 'Place a take-profit/stop-loss or OCO sell on a spot holding (stop-limit or stop-market; the quantity is frozen once for both legs), or a stop-limit buy (its quote frozen)',
  },
  spotConditionalList: {
    refusals: refuses(),
    query: PageQuery({ symbol: Type.Optional(SymbolInput), open: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }),
    data: Page(SpotConditional),
    summary: 'The user’s take-profit/stop-loss and OCO sells, newest first: pending ones (open=true, the default) or finished ones',
  },
  spotConditionalDetail: {
    refusals: refuses('orderNotFound'),
    query: Type.Object({ id: IdQuery }),
    data: SpotConditional,
    summary: 'One take-profit/stop-loss or OCO sell with both legs and the order its fired leg placed',
  },
  spotConditionalCancel: {
    refusals: refuses(...TRADER, 'orderNotFound', 'orderNotCancellable'),
    body: Type.Object({ id: IdInput }, { additionalProperties: false }),
    data: SpotConditional,
    summary: 'Cancel a pending take-profit/stop-loss or OCO: both legs are cancelled and the held quantity returns to available once',
  },
  spotHoldings: {
    refusals: refuses('symbolNotTradable'),
    query: Type.Object({ symbol: Type.Optional(SymbolInput) }),
    data: Type.Array(SpotHolding),
    summary: 'Base assets held in the spot wallet with average cost and unrealised P/L at the live bid',
  },
};

export type SpotOrderView = Static<typeof SpotOrder>;
export type SpotConditionalView = Static<typeof SpotConditional>;
export type InstrumentTermsView = Static<typeof InstrumentTerms>;
