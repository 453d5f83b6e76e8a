import { Type } from 'typebox';
import { Nullable, OneOf, PageQuery, Text } from '../kit/schema.js';
import { Bar, Interval, Symbol } from '../market/schemas.js';
import { KLINE_INTERVALS } from '../wire/intervals.js';
import { refuses } from '../refusals.js';
import { SYMBOL, SYMBOL_STATUS } from '../trading/refusals.js';

/** A stock given as input: blank, unknown or not a stock (another category). */
const STOCK = refuses(...SYMBOL, 'notAStock');
const STOCK_STATUS = { ...SYMBOL_STATUS, notAStock: 404 } as const;

/** US: NASDAQ, NYSE and AMEX in USD; TSE: Tokyo in JPY (server/src/modules/stocks/venue.ts). */
export const StockVenue = Type.Union([Type.Literal('US'), Type.Literal('TSE')]);
export const StockCurrency = Type.Union([Type.Literal('USD'), Type.Literal('JPY')]);

/** One operator-set rate version: `rate` USDT for 1 unit of `currency`, set at `setAt` (epoch ms). */
export const StockRate = Type.Object({ currency: StockCurrency, rate: Type.String(), version: Type.Integer(), setAt: Type.Number() });

/** A figure converted to USDT, with the rate (value and version) it was converted at. */
export const InUsdt = Type.Object({ value: Type.String(), currency: StockCurrency, rate: Type.String(), rateVersion: Type.Integer() });

/** The venue's hours at the time of the answer; instants are epoch ms (UTC), the zone is the venue's. */
export const VenueSession = Type.Object({
  venue: StockVenue,
  timeZone: Type.String(),
  open: Type.Boolean(),
  /** The next session start (while open: the one after the current, e.g. the Tokyo afternoon). */
  nextOpen: Nullable(Type.Number()),
  /** The end of the current session, or of the next one while closed. */
  nextClose: Nullable(Type.Number()),
});

/**
 * A stock in a list. `previousClose` is the last price recorded in the previous trading day's sessions (null while
 * none is recorded), `previousCloseAt` when it was recorded; change and change % are against it. `priceUsdt` is
 * null while no operator has set the currency's rate.
 */
export const StockQuote = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  venue: StockVenue,
  exchange: Type.String(),
  currency: StockCurrency,
  price: Type.String(),
  previousClose: Nullable(Type.String()),
  previousCloseAt: Nullable(Type.Number()),
  change: Nullable(Type.String()),
  changePercent: Nullable(Type.String()),
  /** Epoch ms of the last tick. */
  time: Type.Number(),
  priceDecimals: Type.Integer(),
  /** Shares per lot: an order is a whole number of lots (1 in the US, 100 in Tokyo). */
  lotSize: Type.Integer(),
  marketOpen: Type.Boolean(),
  priceUsdt: Nullable(InUsdt),
});

const VenueFilter = Type.Optional(StockVenue);
const TopQuery = Type.Object({ venue: VenueFilter, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })) });

/** The market calls of ordinary stocks (trading spec §7, "Market service"), all public. */
export const stockSchemas = {
  list: {
    refusals: refuses(),
    /** keyword: part of a symbol or a name, any case (the search screen). */
    query: PageQuery({ venue: VenueFilter, keyword: Type.Optional(Text(40)) }),
    data: Type.Object({ list: Type.Array(StockQuote), total: Type.Integer(), page: Type.Integer(), size: Type.Integer() }),
    summary: 'Stocks of both venues (or one), by catalogue order, with last price, previous close and change',
  },
  topGainer: { refusals: refuses(), query: TopQuery, data: Type.Array(StockQuote), summary: 'The stocks up most against their previous close' },
  topLoser: { refusals: refuses(), query: TopQuery, data: Type.Array(StockQuote), summary: 'The stocks down most against their previous close' },
  singleStock: {
    refusals: STOCK,
    refusalStatus: STOCK_STATUS,
    query: Type.Object({ symbol: Symbol }),
    data: Type.Intersect([
      StockQuote,
      Type.Object({
        /** The local date (venue zone) of the latest trading day: the one open now, or the last that began. */
        tradingDay: Nullable(Type.String()),
        /** That day's range from the recorded prices (with the last price); null before any is recorded. */
        dayHigh: Nullable(Type.String()),
        dayLow: Nullable(Type.String()),
        session: VenueSession,
      }),
    ]),
    summary: 'One stock: quote, previous close, day range, venue and hours with the next opening',
  },
  chart: {
    refusals: STOCK,
    refusalStatus: STOCK_STATUS,
    query: Type.Object({
      symbol: Symbol,
      interval: Type.Optional(OneOf(KLINE_INTERVALS, { default: '1d' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })),
    }),
    data: Type.Object({ symbol: Type.String(), interval: Interval, bars: Type.Array(Bar) }),
    summary: 'Recorded K-lines of the venue’s sessions only: no bar for a night, a weekend or a holiday',
  },
};
