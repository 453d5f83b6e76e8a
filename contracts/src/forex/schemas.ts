import { Type } from 'typebox';
import { Decimal, Nullable, Page, PageQuery, RequestId } from '../kit/schema.js';
import { Symbol, TradingTime } from '../market/schemas.js';
import { OrderTypeFields, PerpOrder, PerpOrderType, PerpSide, Position } from '../perpetual/schemas.js';
import { MaintenanceTier } from '../trading/schemas.js';
import { refuses } from '../refusals.js';
import { ORDER_RATE_STATUS, ORDERER, ORDER_TYPES, PRICE, SIZE, SYMBOL, TP_SL, TRADABLE } from '../trading/refusals.js';

/** Lots: 1 lot = the pair's contract size in units of the base currency (100,000); steps of 0.01 lot. */
const Lots = Decimal({ scale: 2, digits: 6, reason: 'invalidSize', description: 'lots (1 lot = 100,000 units of the base currency), 0.01 steps' });
const Price = Decimal({ reason: 'invalidPrice' });
const Leverage = Type.Integer({ minimum: 1, maximum: 1000, 'x-reason': 'leverageNotOffered' });

/** What a forex position adds to the perpetual Position: its size in lots and its conversion to USDT. */
const ForexFields = {
  /** Open quantity (open position) or closed quantity (history) in lots; `quantity` is the same in units. */
  lots: Type.String(),
  contractSize: Type.String(),
  /** The price step one pip is: 0.01 for JPY-quoted pairs, else 0.0001. */
  pipSize: Type.String(),
  /** Decimals of the pair's prices (its terms when the position opened): entry, mark, liquidation, TP/SL. */
  priceDecimals: Type.Integer(),
  /** The pair's quote currency: prices, and P/L before conversion, are in it. */
  quoteCurrency: Type.String(),
  /** USDT per unit of the quote currency, fixed when the position opened (the margin, fee and P/L are converted at it). */
  quoteRate: Type.String(),
  /** USDT a one-pip move makes or loses on this position: pipSize × units × quoteRate. */
  pipValue: Type.String(),
};

export const ForexPosition = Type.Object({ ...Position.properties, ...ForexFields });

/** The terms a forex pair trades on now, and what one lot is worth in USDT per pip at the current conversion rate. */
export const ForexConfig = Type.Object({
  symbol: Type.String(),
  contractSize: Type.String(),
  lotStep: Type.String(),
  minLots: Type.String(),
  maxLots: Type.String(),
  pipSize: Type.String(),
  /** Decimals of the pair's prices (the catalogue's: 5 for most pairs, 3 for JPY-quoted ones). */
  priceDecimals: Type.Integer(),
  leverages: Type.Array(Type.Integer()),
  /**
   * The maintenance-margin tiers an order placed now takes (on the USDT notional): with them the pre-trade receipt
   * shows the liquidation price the server will set (contracts' margin.ts, the exposure as the quantity).
   */
  maintenanceTiers: Type.Array(MaintenanceTier),
  makerFeeRate: Type.String(),
  takerFeeRate: Type.String(),
  /** Overnight financing: the perpetual funding rate, paid every `fundingIntervalHours` (positive: longs pay shorts). */
  fundingRate: Type.String(),
  fundingIntervalHours: Type.Integer(),
  quoteCurrency: Type.String(),
  /** The conversion rate an order placed now would fix (null when the feed has no conversion pair). */
  quoteRate: Nullable(Type.String()),
  /** USDT per pip for one lot at `quoteRate`. */
  pipValuePerLot: Nullable(Type.String()),
  tradingTime: TradingTime,
});

/** Forex contracts under /asset/api/forex/contract (server/src/modules/forex). */
export const forexSchemas = {
  create: {
    refusals: refuses(...ORDERER, ...TRADABLE, ...PRICE, ...SIZE, ...TP_SL, ...ORDER_TYPES, ...SYMBOL, 'leverageNotOffered', 'marginAboveAvailable', 'insufficientDepth', 'openOrdersLimit', 'positionNotFound', 'insufficientBalance', 'requestIdReused'), refusalStatus: ORDER_RATE_STATUS,
    body: Type.Object(
      {
        symbol: Symbol,
        side: PerpSide,
        lots: Lots,
        leverage: Leverage,
        /** Market (the default), limit, stop-market, stop-limit or trailing stop, as on perpetual contracts. */
        type: Type.Optional(PerpOrderType),
        /** The limit price (limit and stop-limit). */
        price: Type.Optional(Price),
        takeProfit: Type.Optional(Nullable(Price)),
        stopLoss: Type.Optional(Nullable(Price)),
        ...OrderTypeFields,
        requestId: RequestId,
      },
      { additionalProperties: false },
    ),
    data: Type.Object({ order: PerpOrder, position: Nullable(ForexPosition) }),
    summary:
      'Place a forex order in lots during the pair’s trading hours: market (walking the book: long the asks, short the bids), limit (time in force, post-only), stop-market, stop-limit or trailing stop (mark or last price), reduce-only; a position comes back when something filled at once',
  },
  getContractList: {
    refusals: refuses(...SYMBOL, 'symbolNotTradable'),
    query: PageQuery({
      status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('history')], { default: 'open' })),
      symbol: Type.Optional(Symbol),
    }),
    data: Page(ForexPosition),
    summary: 'The user’s forex positions: open ones at the current mark, or closed ones newest first',
  },
  config: {
    refusals: refuses(...SYMBOL, 'symbolNotTradable'),
    query: Type.Object({ symbol: Type.Optional(Symbol) }),
    data: ForexConfig,
    summary: 'A forex pair’s lot size, pip, leverages, fees and current conversion to USDT (default AUDCAD)',
  },
};
