import type { FastifyPluginAsync } from 'fastify';
import { market as calls } from '@meridian/contracts';
import { VersionedBodyCache } from '../../http/prepared-body.js';
import { refuse } from '../../http/refuse.js';
import { route } from '../../http/route.js';
import type { Category } from './instruments/catalogue.js';
import type { Instrument } from './instruments/storage.js';
import type { Bar } from './klines/bar.js';
import type { Quote } from './quote.js';
import type { MarketService } from './service.js';

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

const FOREX_LIST: Category[] = ['FOREX', 'CFD', 'INDIES'];

function barJson(bar: Bar) {
  return { openTime: bar.openTime, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume };
}

function ticker(q: Quote) {
  return { symbol: q.symbol, price: q.price, open: q.open, high: q.high, low: q.low, change: q.change, changePercent: q.changePercent, volume: q.volume, time: q.time };
}

/** GET /api/market/... (trading spec §7 "Market service"; the stock calls: modules/stocks); field names in server/README.md. */
export function marketRoutes(market: MarketService): FastifyPluginAsync {
  return async (app) => {
    // The lists every quote screen polls answer the same bytes until the next tick (or the minute a session
    // opens or closes), so they are built, serialised and compressed once per version, not per request. Keys
    // are route names plus input the contract already validated (a category, a catalogue symbol): a bounded set.
    // At info, their request lines would be most of the server's log volume; failures still log.
    const lists = new VersionedBodyCache(() => market.listVersion());
    const shared = (key: (request: { query: Record<string, unknown> }) => string) => ({ logLevel: 'warn' as const, shared: { cache: lists, key } });

    route(app, calls.price, (request) => (request.query.symbol ? market.quote(request.query.symbol) : market.list()), shared((r) => `price|${String(r.query.symbol ?? '')}`));

    route(app, calls.byType, (request) => market.list([request.query.type]), shared((r) => `byType|${String(r.query.type)}`));

    route(app, calls.depthUpdate, (request) => market.depth(request.query.symbol, request.query.limit ?? 20));

    route(app, calls.tickers, (request) => market.list(request.query.type ? [request.query.type] : undefined).map(ticker), shared((r) => `ticker|${String(r.query.type ?? '')}`));

    route(app, calls.forexCurrencies, () => market.list(FOREX_LIST), shared(() => 'forest'));

    route(app, calls.symbol, (request) =>
      request.query.symbol ? instrumentInfo(market.instrument(request.query.symbol)) : [...market.instruments.values()].map(instrumentInfo),
    );

    route(app, calls.currenciesByType, (request) =>
      [...market.instruments.values()]
        .filter((i) => i.category === request.query.type)
        .map((i) => {
          const q = market.quote(i.symbol);
          return { ...instrumentInfo(i), price: q.price, changePercent: q.changePercent };
        }),
    );

    route(app, calls.forexAll, () => market.list(['FOREX']), shared(() => 'forex'));

    route(app, calls.klines, async (request) => {
      const { interval = '1d', limit = 200 } = request.query;
      const instrument = market.instrument(request.query.symbol);
      const bars = await market.klines(instrument.symbol, interval, limit);
      return { symbol: instrument.symbol, interval, bars: bars.map(barJson) };
    });

    route(app, calls.initForex, (request) => {
      const instrument = market.instrument(request.query.symbol ?? 'AUDCAD');
      return {
        instrument: instrumentInfo(instrument),
        quote: market.quote(instrument.symbol),
        tradingTime: market.tradingTime(instrument.symbol),
        depth: market.depth(instrument.symbol, 10),
      };
    });

    route(app, calls.depth, (request) => {
      const book = market.depth(request.query.symbol, request.query.limit ?? 10);
      return { symbol: book.symbol, lastUpdateId: book.time, price: book.price, bids: book.bids, asks: book.asks };
    });
  };
}

/** GET /asset/api/forex/contract/checkTradingTime?symbol=&enforce= */
export function marketAssetRoutes(market: MarketService): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.checkTradingTime, (request) => {
      const time = market.tradingTime(request.query.symbol);
      const enforce = request.query.enforce === 'true' || request.query.enforce === '1';
      if (enforce && !time.open) throw refuse('outOfTradingTime', {}, OUT_OF_TRADING_TIME);
      return time;
    });
  };
}

/** Business code (HTTP 200, read from the envelope) for a request outside the instrument's session. */
export const OUT_OF_TRADING_TIME = 1001;
