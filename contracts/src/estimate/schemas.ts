import { Type } from 'typebox';
import { Nullable } from '../kit/schema.js';
import { forexSchemas } from '../forex/schemas.js';
import { PerpOrderType, PerpSide, perpetualSchemas } from '../perpetual/schemas.js';
import { OrderSide, OrderType, tradingSchemas } from '../trading/schemas.js';
import { refuses } from '../refusals.js';
import { PRICE, SIZE, SYMBOL, TRADABLE } from '../trading/refusals.js';


/** A part of the order: its quantity and the (average) price it fills at. */
const Part = Type.Object({ quantity: Type.String(), price: Type.String() });

/** What placing the order now would do, as decimal strings (USDT unless said otherwise). */
export const PerpEstimate = Type.Object({
  symbol: Type.String(),
  side: PerpSide,
  type: PerpOrderType,
  /** Base quantity (an amount sized as the engine sizes it: walking the book, or amount / limit). */
  quantity: Type.String(),
  /** What fills at once as taker, walking the current book (never worse than a limit); null when nothing does. */
  fillNow: Nullable(Part),
  /** What rests at its limit (maker) until the book reaches it; null for a market order or a limit the book fills whole. */
  rest: Nullable(Part),
  /** The average price of the part that fills now, else the limit. */
  expectedPrice: Type.String(),
  /** Notional of the order at its expected prices. */
  notional: Type.String(),
  /** Initial margin held: on what fills now at its fill price, on what rests at the limit. */
  margin: Type.String(),
  /** Taker fee on what fills now plus maker fee on what rests (a resting fill at a better price costs no more). */
  fee: Type.String(),
  /** margin + fee: what leaves the available balance. */
  cost: Type.String(),
  /** The contract wallet's available USDT now. */
  available: Type.String(),
  /** Whether the available balance covers the cost (otherwise placing is refused). */
  enough: Type.Boolean(),
  /** The feed's last price, what liquidation is measured at. */
  markPrice: Type.String(),
  /** The liquidation price of the position the order merges into (null: none, or no positive price liquidates it). */
  liquidationBefore: Nullable(Type.String()),
  /** The position's liquidation price once the order fills (what fills now; a resting order once it fills at its limit). */
  liquidationAfter: Nullable(Type.String()),
  /** |mark − liquidation after| / mark in %, 2 decimals rounded down. */
  distanceToLiquidation: Nullable(Type.String()),
  /** USDT per unit of the quote currency the order would fill at (1 for USDT contracts). */
  quoteRate: Type.String(),
  takerFeeRate: Type.String(),
  makerFeeRate: Type.String(),
});

export const ForexEstimate = Type.Object({
  ...PerpEstimate.properties,
  lots: Type.String(),
  quoteCurrency: Type.String(),
  /** USDT a one-pip move makes or loses on this order: pipSize × units × quoteRate. */
  pipValue: Type.String(),
});

/** What placing a spot order now would do: a fill per level at the book's prices, the fee in the asset received. */
export const SpotEstimate = Type.Object({
  symbol: Type.String(),
  side: OrderSide,
  type: OrderType,
  /** Base quantity: what fills now plus what rests (a market buy by amount: what the amount takes, whole coin steps). */
  quantity: Type.String(),
  /** What fills at once walking the current book (taker): its quantity, average price (price decimals) and exact value. */
  fillNow: Nullable(Type.Object({ quantity: Type.String(), price: Type.String(), value: Type.String() })),
  /** What rests at the limit (maker) until the book reaches it. */
  rest: Nullable(Part),
  /** The average price of the whole order (the rest at its limit), at the price decimals, as the order's averagePrice shows it. */
  expectedPrice: Type.String(),
  /** Quote value of the whole order, exact. */
  value: Type.String(),
  /** Taker fee on what fills now plus maker fee on what rests, in feeAsset. */
  fee: Type.String(),
  feeAsset: Type.String(),
  /** What the user gets net of the fee: the coin (buy) or the quote (sell). */
  receive: Type.String(),
  receiveAsset: Type.String(),
  /** What leaves the spot wallet: a market buy's value, a limit buy's price × quantity (frozen), a sell's coin. */
  cost: Type.String(),
  costAsset: Type.String(),
  /** The spot wallet's available costAsset now. */
  available: Type.String(),
  enough: Type.Boolean(),
  takerFeeRate: Type.String(),
  makerFeeRate: Type.String(),
});

export const estimateSchemas = {
  perpetual: {
    refusals: refuses(...TRADABLE, ...PRICE, ...SIZE, ...SYMBOL, 'leverageNotOffered', 'insufficientDepth'),
    /** The order as openPosition takes it (sized by quantity or amount), without its request id and TP/SL. */
    query: Type.Pick(perpetualSchemas.openPosition.body, ['symbol', 'side', 'type', 'price', 'quantity', 'amount', 'leverage'], { additionalProperties: false }),
    data: PerpEstimate,
    summary: 'Estimate an order before placing it (read-only): fill now walking the book, rest, margin, fee, cost, liquidation price before → after, with the engine’s own formulas',
  },
  forex: {
    refusals: refuses(...TRADABLE, ...PRICE, ...SIZE, ...SYMBOL, 'leverageNotOffered', 'insufficientDepth'),
    /** The order as forex/contract/create takes it, without its request id and TP/SL. */
    query: Type.Pick(forexSchemas.create.body, ['symbol', 'side', 'lots', 'leverage'], { additionalProperties: false }),
    data: ForexEstimate,
    summary: 'Estimate a forex order before placing it (read-only): the perpetual estimate plus lots and pip value',
  },
  spot: {
    refusals: refuses(...TRADABLE, ...PRICE, ...SIZE, 'invalidAmount', 'insufficientDepth'),
    /** The order as contract-spot/create takes it, without its request id. */
    query: Type.Omit(tradingSchemas.spotCreate.body, ['requestId'], { additionalProperties: false }),
    data: SpotEstimate,
    summary: 'Estimate a spot order before placing it (read-only): fill now walking the book level by level, rest, fee in the asset received, what is received and what leaves the wallet',
  },
};
