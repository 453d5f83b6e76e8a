import { Type } from 'typebox';
import { Nullable, OneOf } from '../kit/schema.js';
import { KLINE_INTERVALS } from '../wire/intervals.js';
import { refuses } from '../refusals.js';
import { SYMBOL, SYMBOL_STATUS } from '../trading/refusals.js';

export const Category = Type.Union([Type.Literal('CRYPTO'), Type.Literal('FOREX'), Type.Literal('CFD'), Type.Literal('INDIES'), Type.Literal('STOCK')]);
export const Interval = OneOf(KLINE_INTERVALS);

/** A catalogue symbol as clients write it (BTCUSDT, AUDCAD, 7203:TSE); unknown ones answer unknownSymbol. */
export const Symbol = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]{0,39}$', 'x-reason': 'unknownSymbol' });

export const Quote = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  category: Category,
  unit: Type.String(),
  price: Type.String(),
  bid: Type.String(),
  ask: Type.String(),
  open: Type.String(),
  high: Type.String(),
  low: Type.String(),
  change: Type.String(),
  changePercent: Type.String(),
  volume: Type.String(),
  /** Epoch ms of the last tick. */
  time: Type.Number(),
  isIco: Type.Union([Type.Literal(0), Type.Literal(1)]),
  priceDecimals: Type.Integer(),
  amountDecimals: Type.Integer(),
  /** Whether the instrument's market is in session now. */
  marketOpen: Type.Boolean(),
});

export const Ticker = Type.Object({
  symbol: Type.String(),
  price: Type.String(),
  open: Type.String(),
  high: Type.String(),
  low: Type.String(),
  change: Type.String(),
  changePercent: Type.String(),
  volume: Type.String(),
  time: Type.Number(),
});

export const InstrumentInfo = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  category: Category,
  unit: Type.String(),
  priceDecimals: Type.Integer(),
  amountDecimals: Type.Integer(),
  calendarId: Type.String(),
  status: Type.Union([Type.Literal('TRADING'), Type.Literal('HALTED'), Type.Literal('DELISTED')]),
  isIco: Type.Union([Type.Literal(0), Type.Literal(1)]),
  exchange: Nullable(Type.String()),
});

export const TradingTime = Type.Object({
  open: Type.Boolean(),
  /** Epoch ms of the next session start (null while open for a 24/7 market). */
  nextOpen: Nullable(Type.Number()),
  /** Epoch ms when the current (or next) session ends; null for a 24/7 market. */
  nextClose: Nullable(Type.Number()),
});

const Level = Type.Tuple([Type.String(), Type.String()]);
export const Depth = Type.Object({
  symbol: Type.String(),
  time: Type.Number(),
  price: Type.String(),
  bids: Type.Array(Level),
  asks: Type.Array(Level),
});

export const Bar = Type.Object({ openTime: Type.Number(), open: Type.String(), high: Type.String(), low: Type.String(), close: Type.String(), volume: Type.String() });
const Chart = Type.Object({ symbol: Type.String(), interval: Interval, bars: Type.Array(Bar) });
const ChartQuery = Type.Object({
  symbol: Symbol,
  interval: Type.Optional(OneOf(KLINE_INTERVALS, { default: '1d' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 200 })),
});
const Favorite = Type.Object({ symbol: Type.String(), favorite: Type.Boolean() });
const SymbolBody = Type.Object({ symbol: Symbol });

/** The market service (trading spec §7): quotes, catalogue, depth, K-lines, trading hours, favourites. */
export const marketSchemas = {
  price: { refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS, query: Type.Object({ symbol: Type.Optional(Symbol) }), data: Type.Union([Quote, Type.Array(Quote)]), summary: 'One quote, or every quote without a symbol' },
  byType: { refusals: refuses(), query: Type.Object({ type: Category }), data: Type.Array(Quote) },
  depthUpdate: {
    refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS,
    query: Type.Object({ symbol: Symbol, type: Type.Optional(Category), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 20 })) }),
    data: Depth,
  },
  tickers: { refusals: refuses(), query: Type.Object({ type: Type.Optional(Category) }), data: Type.Array(Ticker), summary: 'The quote list (hot: serialised once per feed tick)' },
  forexCurrencies: { refusals: refuses(), data: Type.Array(Quote), summary: 'Forex, CFD and index quotes' },
  symbol: { refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS, query: Type.Object({ symbol: Type.Optional(Symbol) }), data: Type.Union([InstrumentInfo, Type.Array(InstrumentInfo)]) },
  currenciesByType: {
    refusals: refuses(),
    query: Type.Object({ type: Category }),
    data: Type.Array(Type.Intersect([InstrumentInfo, Type.Object({ price: Type.String(), changePercent: Type.String() })])),
  },
  forexAll: { refusals: refuses(), data: Type.Array(Quote) },
  klines: { refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS, query: ChartQuery, data: Chart },
  initForex: {
    refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS,
    query: Type.Object({ symbol: Type.Optional(Symbol) }),
    data: Type.Object({ instrument: InstrumentInfo, quote: Quote, tradingTime: TradingTime, depth: Depth }),
    summary: 'The forex screen’s first state (default AUDCAD)',
  },
  depth: {
    refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS,
    query: Type.Object({ symbol: Symbol, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })) }),
    data: Type.Object({ symbol: Type.String(), lastUpdateId: Type.Number(), price: Type.String(), bids: Type.Array(Level), asks: Type.Array(Level) }),
  },
  checkTradingTime: {
    refusals: refuses(...SYMBOL, 'outOfTradingTime'), refusalStatus: SYMBOL_STATUS,
    query: Type.Object({ symbol: Symbol, enforce: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')])) }),
    data: TradingTime,
    summary: 'Open or closed now and the next session; with enforce, refuses outOfTradingTime when closed',
  },
  favorites: { refusals: refuses(), data: Type.Array(Quote) },
  isFavorite: { refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS, body: SymbolBody, data: Favorite },
  addFavorite: { refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS, body: SymbolBody, data: Favorite },
  removeFavorite: { refusals: refuses(...SYMBOL), refusalStatus: SYMBOL_STATUS, body: SymbolBody, data: Favorite },
};
