import { Type, type Static } from 'typebox';
import { DateTime, Decimal, Nullable, OneOf, Page, PageQuery, RequestId, SignedDecimal } from '../kit/schema.js';
import { refuses } from '../refusals.js';
import { FillEvidence, OrderSide, OrderType } from '../trading/schemas.js';
import { SYMBOL, SYMBOL_STATUS } from '../trading/refusals.js';
import { InUsdt, StockCurrency, StockVenue } from './schemas.js';
import { BlockBuyBody, BlockSubscription, BLOCK_SUBSCRIBE_REFUSALS } from '../stock-offers/schemas.js';

/**
 * Stock orders, positions and the day-trading account (server/src/modules/stocks, issue 20). Shares are paid from
 * the spot wallet's USDT (book `stock`) or the day-trading wallet's (book `dayTrading`), converted at the
 * operator's rate in force when the order is placed; every converted figure names the rate and its version.
 */

export const STOCK_BOOKS = ['stock', 'dayTrading'] as const;
export const StockBook = OneOf(STOCK_BOOKS);
export const TIME_IN_FORCE = ['DAY', 'GTC'] as const;
export const TimeInForce = OneOf(TIME_IN_FORCE);
export const STOCK_ORDER_STATUSES = ['pending', 'completed', 'canceled', 'expired'] as const;
export const StockOrderStatus = OneOf(STOCK_ORDER_STATUSES);

/** Every refusal an order may meet, in the order a user meets them. */
const ORDER_REFUSALS = refuses(
  ...SYMBOL, 'notAStock', 'kycTrade', 'tooManyOrders', 'dayTradingGtc', 'outOfTradingTime', 'invalidSize', 'invalidPrice', 'invalidAmount', 'stockRateNotSet',
  'insufficientDepth', 'insufficientBalance', 'openOrdersLimit', 'requestIdReused',
);
const ORDER_STATUS = { ...SYMBOL_STATUS, notAStock: 404, tooManyOrders: 429 } as const;

/**
 * An order: `shares` (whole lots) or, for a market buy, `amount` in the stock's currency (it buys the whole lots
 * the amount pays for at the book's asks). A limit order gives `price` (the venue's tick) and rests until filled,
 * cancelled or — DAY — the venue's close of its trading day (then Expired, its funds released).
 */
export const StockOrderBody = Type.Object(
  {
    symbol: Type.String({ minLength: 0, maxLength: 32 }),
    type: OrderType,
    timeInForce: Type.Optional(TimeInForce),
    price: Type.Optional(Decimal({ reason: 'invalidPrice' })),
    shares: Type.Optional(Decimal({ reason: 'invalidSize' })),
    amount: Type.Optional(Decimal()),
    book: Type.Optional(StockBook),
    requestId: RequestId,
  },
  { additionalProperties: false },
);

export const StockFill = Type.Object({
  id: Type.String(),
  price: Type.String(),
  shares: Type.String(),
  /** price × shares in the stock's currency. */
  value: Type.String(),
  /** value × the order's rate in USDT (a buy rounded up, a sell down, at 18 decimals). */
  valueUsdt: Type.String(),
  feeUsdt: Type.String(),
  liquidity: Type.Union([Type.Literal('maker'), Type.Literal('taker')]),
  time: DateTime,
  evidence: FillEvidence,
  /** The hash of the fill's receipt in the platform's receipt chain. */
  receiptHash: Type.String(),
});

export const StockOrder = Type.Object({
  id: Type.String(),
  symbol: Type.String(),
  book: StockBook,
  venue: StockVenue,
  currency: StockCurrency,
  side: OrderSide,
  type: OrderType,
  timeInForce: TimeInForce,
  status: StockOrderStatus,
  /** user: placed by the user; sessionEnd: a day-trading position closed at the venue's close. */
  origin: Type.Union([Type.Literal('user'), Type.Literal('sessionEnd')]),
  price: Nullable(Type.String()),
  shares: Type.String(),
  doneShares: Type.String(),
  /** Σ fill value / done shares at the stock's price decimals; null before any fill. */
  averagePrice: Nullable(Type.String()),
  doneValue: Type.String(),
  doneValueUsdt: Type.String(),
  feeUsdt: Type.String(),
  feeRate: Type.String(),
  /** The stock fee terms version in force when the order was placed, and its rates: the order pays these. */
  feeTermsVersion: Type.Integer(),
  takerFeeRate: Type.String(),
  makerFeeRate: Type.String(),
  rate: Type.String(),
  rateVersion: Type.Integer(),
  /** Still held for the order: USDT (a buy) or shares (a sell). */
  frozen: Type.String(),
  frozenAsset: Type.String(),
  /** The venue close a DAY order expires at (epoch ms); null for GTC. */
  expiresAt: Nullable(Type.Number()),
  createdAt: DateTime,
  updatedAt: DateTime,
  finishedAt: Nullable(DateTime),
  fills: Type.Array(StockFill),
});

/** A position of a book: figures in the stock's currency and, converted at the rate in force, in USDT. */
export const StockPosition = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  book: StockBook,
  venue: StockVenue,
  currency: StockCurrency,
  /** Holding shares (available + frozen by resting sells), and those available to sell. */
  shares: Type.String(),
  availableShares: Type.String(),
  frozenShares: Type.String(),
  /** Cost price: the running average cost per share in the stock's currency (fees are in the USDT cost). */
  costPrice: Type.String(),
  costUsdt: Type.String(),
  /** Now price: the last price; sell price: the bid a sale would start at. */
  nowPrice: Type.String(),
  sellPrice: Type.String(),
  marketValue: Type.String(),
  marketValueUsdt: Nullable(InUsdt),
  /** Market value (at the bid) less cost: in the stock's currency and in USDT; % of the cost. */
  pnl: SignedDecimal,
  pnlUsdt: Nullable(SignedDecimal),
  pnlPercent: Nullable(SignedDecimal),
  realisedUsdt: SignedDecimal,
  marketOpen: Type.Boolean(),
});

const BookQuery = Type.Object({ book: Type.Optional(StockBook) });
const TRADER = refuses('kycTrade');

export const StockMarketValue = Type.Object({
  book: StockBook,
  /** Σ positions' market value in USDT (positions whose currency has no rate yet are left out and listed). */
  marketValueUsdt: Type.String(),
  costUsdt: Type.String(),
  pnlUsdt: SignedDecimal,
  pnlPercent: Nullable(SignedDecimal),
  positions: Type.Integer(),
  /** Frozen funds: USDT held for resting buys. */
  frozenUsdt: Type.String(),
  /** Stock balance: the USDT the book pays from (spot or day-trading wallet), available. */
  availableUsdt: Type.String(),
  unpricedCurrencies: Type.Array(StockCurrency),
});

export const DayTradingTransferBody = Type.Object({ amount: Decimal(), requestId: RequestId }, { additionalProperties: false });
export const DayTradingTransfer = Type.Object({
  id: Type.String(),
  direction: Type.Union([Type.Literal('deposit'), Type.Literal('withdraw')]),
  amount: Type.String(),
  asset: Type.Literal('USDT'),
  createdAt: DateTime,
});

/**
 * userStock/buy takes an order or, with `block: true`, a block-trade subscription (the spec's one path for both).
 * if/then/else rather than anyOf: a refused body is judged against the one shape its flag names, so the refusal
 * names that shape's field (an anyOf would report the first branch's complaint about the other's fields).
 */
const BuyBody = Type.Unsafe<Static<typeof StockOrderBody> | Static<typeof BlockBuyBody>>({
  if: { type: 'object', properties: { block: { const: true } }, required: ['block'] },
  then: BlockBuyBody,
  else: StockOrderBody,
});

export const stockOrderSchemas = {
  buy: {
    // an order's refusals and a block subscription's, each once (they share the symbol, KYC and balance ones)
    refusals: refuses(...new Set([...ORDER_REFUSALS, ...BLOCK_SUBSCRIBE_REFUSALS])),
    refusalStatus: ORDER_STATUS,
    body: BuyBody,
    // an order, or the block subscription a `block: true` body made
    data: Type.Union([StockOrder, BlockSubscription]),
    summary: 'Buy a stock: market (walks the asks) or limit (rests with its USDT frozen), DAY or GTC; with block: true, subscribe to a block offer (cost held until an operator decides); the same requestId answers the same order',
  },
  sell: {
    refusals: ORDER_REFUSALS, refusalStatus: ORDER_STATUS, body: StockOrderBody, data: StockOrder,
    summary: 'Sell shares held: market (walks the bids) or limit (rests with its shares frozen), DAY or GTC',
  },
  cancel: {
    refusals: refuses('kycTrade', 'orderNotFound', 'orderNotCancellable'),
    body: Type.Object({ orderId: Type.String({ pattern: '^[0-9]{1,18}$' }) }, { additionalProperties: false }),
    data: StockOrder,
    summary: 'Cancel a resting stock order and release what it holds',
  },
  estimate: {
    refusals: ORDER_REFUSALS, refusalStatus: ORDER_STATUS,
    query: Type.Object({
      symbol: Type.String({ maxLength: 32 }), side: OrderSide, type: OrderType,
      price: Type.Optional(Decimal({ reason: 'invalidPrice' })), shares: Type.Optional(Decimal({ reason: 'invalidSize' })), amount: Type.Optional(Decimal()),
      book: Type.Optional(StockBook),
    }),
    data: Type.Object({
      symbol: Type.String(), currency: StockCurrency, side: OrderSide, type: OrderType,
      /** The shares and price the order takes now (a limit that does not cross: its limit). */
      shares: Type.String(), price: Type.String(), value: Type.String(),
      valueUsdt: Type.String(), feeUsdt: Type.String(), feeRate: Type.String(),
      /** The fee terms version the order would be placed under. */
      feeTermsVersion: Type.Integer(),
      /** A buy: what it costs in USDT (value + fee); a sell: what it pays (value − fee). */
      totalUsdt: Type.String(),
      rate: Type.String(), rateVersion: Type.Integer(),
      availableUsdt: Type.String(), availableShares: Type.String(), enough: Type.Boolean(),
    }),
    summary: 'What an order would take now, read-only: price, shares, fee and total in the stock’s currency and USDT with the rate',
  },
  listPosition: { refusals: TRADER, query: BookQuery, data: Type.Array(StockPosition), summary: 'The user’s stock positions of a book' },
  listDayTradingPosition: { refusals: TRADER, query: Type.Object({}), data: Type.Array(StockPosition), summary: 'The day-trading positions' },
  listStockSubPosition: {
    refusals: TRADER,
    query: PageQuery({
      book: Type.Optional(StockBook), symbol: Type.Optional(Type.String({ maxLength: 32 })),
      /** open: resting orders; history: finished orders (trading history); records: fills (purchase records). */
      kind: Type.Optional(OneOf(['open', 'history', 'all'] as const)),
    }),
    data: Page(StockOrder),
    summary: 'Stock orders of a book: resting, finished, or all, newest first, with their fills',
  },
  getUserPositionMarketValue: { refusals: TRADER, query: BookQuery, data: StockMarketValue, summary: 'Total market value, cost and P/L of a book in USDT' },
  dayTradingAccountInfo: {
    refusals: TRADER, query: Type.Object({}),
    data: Type.Object({ ...StockMarketValue.properties, frozenUsdt: Type.String(), totalUsdt: Type.String() }),
    summary: 'The day-trading account: USDT available and frozen, positions’ value and P/L',
  },
  dayTradingOrders: {
    refusals: TRADER, query: PageQuery({ kind: Type.Optional(OneOf(['open', 'history', 'all'] as const)) }), data: Page(StockOrder),
    summary: 'Day-trading orders, newest first',
  },
  dayTradingDeposit: {
    refusals: refuses('kycTrade', 'invalidAmount', 'insufficientBalance', 'requestIdReused'), body: DayTradingTransferBody, data: DayTradingTransfer,
    summary: 'Move USDT from the spot wallet into the day-trading wallet (once per requestId)',
  },
  dayTradingWithdraw: {
    refusals: refuses('kycTrade', 'invalidAmount', 'insufficientBalance', 'requestIdReused'), body: DayTradingTransferBody, data: DayTradingTransfer,
    summary: 'Move USDT from the day-trading wallet back to the spot wallet (once per requestId)',
  },
  dayTradingTransfers: {
    refusals: TRADER, query: PageQuery(), data: Page(DayTradingTransfer),
    summary: 'The transfers into and out of the day-trading wallet, newest first (fund records)',
  },
};

export type StockOrderView = Static<typeof StockOrder>;
export type StockPositionView = Static<typeof StockPosition>;
export type StockMarketValueView = Static<typeof StockMarketValue>;
