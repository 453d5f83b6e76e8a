import type { FastifyPluginAsync } from 'fastify';
import { AppError, ok } from '../../http/envelope.js';
import { CATEGORIES, type Category } from './instruments/catalogue.js';
import type { Instrument } from './instruments/storage.js';
import type { Bar } from './klines/bar.js';
import { INTERVALS, type Interval } from './klines/intervals.js';
import type { MarketService, Quote } from './service.js';

/** A catalogue entry as the API describes it. */
export function instrumentInfo(instrument: Instrument) {
  const colon = instrument.symbol.indexOf(':');
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    category: instrument.category,
    unit: instrument.unit,
    priceDecimals: instrument.priceDecimals,
    amountDecimals: instrument.amountDecimals,
    calendarId: instrument.calendarId,
    status: instrument.status,
    isIco: instrument.isIco,
    exchange: colon > 0 ? instrument.symbol.slice(colon + 1) : null,
  };
}

const symbolQuery = { type: 'string', minLength: 1, maxLength: 40 } as const;
const categoryQuery = { type: 'string', enum: [...CATEGORIES] } as const;
const FOREX_LIST: Category[] = ['FOREX', 'CFD', 'INDIES'];

function querySchema(properties: Record<string, object>, required: string[] = []) {
  return { schema: { querystring: { type: 'object', properties, required, additionalProperties: true } } };
}

function barJson(bar: Bar) {
  return { openTime: bar.openTime, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume };
}

function ticker(q: Quote) {
  return { symbol: q.symbol, price: q.price, open: q.open, high: q.high, low: q.low, change: q.change, changePercent: q.changePercent, volume: q.volume, time: q.time };
}

function stockMarket(symbol: string): 'US' | 'JP' {
  return symbol.endsWith(':TSE') ? 'JP' : 'US';
}

/** Sorts by change percent (numbers compared as decimals via their text: at most 2 decimals, small values). */
function byChange(quotes: Quote[], direction: 1 | -1): Quote[] {
  return [...quotes].sort((a, b) => direction * (Number(b.changePercent) - Number(a.changePercent)) || a.symbol.localeCompare(b.symbol));
}

/** GET /api/market/... (trading spec §7 "Market service"); field names documented in server/README.md. */
export function marketRoutes(market: MarketService): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { symbol?: string } }>('/getMarketPrice', querySchema({ symbol: symbolQuery }), async (request) =>
      ok(request.query.symbol ? market.quote(request.query.symbol) : market.list()),
    );

    app.get<{ Querystring: { type: Category } }>('/byTypeGetMarketPrice', querySchema({ type: categoryQuery }, ['type']), async (request) =>
      ok(market.list([request.query.type])),
    );

    app.get<{ Querystring: { symbol: string; limit?: number } }>(
      '/byTypeDepthUpdate',
      querySchema({ symbol: symbolQuery, type: categoryQuery, limit: { type: 'integer', minimum: 1, maximum: 20, default: 20 } }, ['symbol']),
      async (request) => ok(market.depth(request.query.symbol, request.query.limit ?? 20)),
    );

    app.get<{ Querystring: { type?: Category } }>('/getTickerList', querySchema({ type: categoryQuery }), async (request) =>
      ok(market.list(request.query.type ? [request.query.type] : undefined).map(ticker)),
    );

    app.get('/getListForestCurrency', async () => ok(market.list(FOREX_LIST)));

    app.get<{ Querystring: { symbol?: string } }>('/getSymbol', querySchema({ symbol: symbolQuery }), async (request) =>
      ok(request.query.symbol ? instrumentInfo(market.instrument(request.query.symbol)) : [...market.instruments.values()].map(instrumentInfo)),
    );

    app.get<{ Querystring: { type: Category } }>('/getListCurrencyByType', querySchema({ type: categoryQuery }, ['type']), async (request) =>
      ok(
        [...market.instruments.values()]
          .filter((i) => i.category === request.query.type)
          .map((i) => {
            const q = market.quote(i.symbol);
            return { ...instrumentInfo(i), price: q.price, changePercent: q.changePercent };
          }),
      ),
    );

    app.get('/forex/all', async () => ok(market.list(['FOREX'])));

    app.get<{ Querystring: { market?: 'US' | 'JP'; page: number; size: number } }>(
      '/stock/list',
      querySchema({
        market: { type: 'string', enum: ['US', 'JP'] },
        page: { type: 'integer', minimum: 1, default: 1 },
        size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      }),
      async (request) => {
        const { page, size } = request.query;
        const all = market.list(['STOCK']).filter((q) => !request.query.market || stockMarket(q.symbol) === request.query.market);
        return ok({ list: all.slice((page - 1) * size, page * size), total: all.length, page, size });
      },
    );

    const topSchema = querySchema({ market: { type: 'string', enum: ['US', 'JP'] }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } });
    for (const [path, direction] of [['/stock/topGainer', 1], ['/stock/topLoser', -1]] as const) {
      app.get<{ Querystring: { market?: 'US' | 'JP'; limit: number } }>(path, topSchema, async (request) => {
        const stocks = market.list(['STOCK']).filter((q) => !request.query.market || stockMarket(q.symbol) === request.query.market);
        return ok(byChange(stocks, direction).slice(0, request.query.limit));
      });
    }

    app.get<{ Querystring: { symbol: string } }>('/stock/singleStock', querySchema({ symbol: symbolQuery }, ['symbol']), async (request) => {
      const instrument = market.instrument(request.query.symbol);
      if (instrument.category !== 'STOCK') throw new AppError(404, `Not a stock: ${request.query.symbol}`);
      const quote = market.quote(instrument.symbol);
      return ok({ ...quote, exchange: instrumentInfo(instrument).exchange, previousClose: quote.open, tradingTime: market.tradingTime(instrument.symbol) });
    });

    const chartSchema = querySchema(
      {
        symbol: symbolQuery,
        interval: { type: 'string', enum: [...INTERVALS], default: '1d' },
        limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 },
      },
      ['symbol'],
    );
    for (const path of ['/stock/chart', '/klines']) {
      app.get<{ Querystring: { symbol: string; interval: Interval; limit: number } }>(path, chartSchema, async (request) => {
        const instrument = market.instrument(request.query.symbol);
        if (path === '/stock/chart' && instrument.category !== 'STOCK') throw new AppError(404, `Not a stock: ${request.query.symbol}`);
        const bars = await market.klines(instrument.symbol, request.query.interval, request.query.limit);
        return ok({ symbol: instrument.symbol, interval: request.query.interval, bars: bars.map(barJson) });
      });
    }

    app.get<{ Querystring: { symbol?: string } }>('/initForestData', querySchema({ symbol: symbolQuery }), async (request) => {
      const instrument = market.instrument(request.query.symbol ?? 'AUDCAD');
      return ok({
        instrument: instrumentInfo(instrument),
        quote: market.quote(instrument.symbol),
        tradingTime: market.tradingTime(instrument.symbol),
        depth: market.depth(instrument.symbol, 10),
      });
    });

    app.get<{ Querystring: { symbol: string; limit: number } }>(
      '/depth',
      querySchema({ symbol: symbolQuery, limit: { type: 'integer', minimum: 1, maximum: 20, default: 10 } }, ['symbol']),
      async (request) => {
        const book = market.depth(request.query.symbol, request.query.limit);
        return ok({ symbol: book.symbol, lastUpdateId: book.time, price: book.price, bids: book.bids, asks: book.asks });
      },
    );
  };
}

/** GET /asset/api/forex/contract/checkTradingTime?symbol=&enforce= */
export function marketAssetRoutes(market: MarketService): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { symbol: string; enforce?: string } }>(
      '/forex/contract/checkTradingTime',
      querySchema({ symbol: symbolQuery, enforce: { type: 'string', enum: ['true', 'false', '1', '0'] } }, ['symbol']),
      async (request) => {
        const time = market.tradingTime(request.query.symbol);
        const enforce = request.query.enforce === 'true' || request.query.enforce === '1';
        if (enforce && !time.open) throw new AppError(OUT_OF_TRADING_TIME, 'Out of trading time');
        return ok(time);
      },
    );
  };
}

/** Business code (HTTP 200, read from the envelope) for a request outside the instrument's session. */
export const OUT_OF_TRADING_TIME = 1001;
