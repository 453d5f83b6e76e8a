import type { FastifyPluginAsync } from 'fastify';
import { stocks as calls } from '@meridian/contracts';
import { route } from '../../http/route.js';
import { rankByChange } from './quotes.js';
import type { StocksService } from './service.js';

/** GET /api/market/stock/... (trading spec §7 "Market service"): public, in the market's envelope. */
export function stockMarketRoutes(stocks: StocksService): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.list, async (request) => {
      const { page = 1, size = 20, venue, keyword } = request.query;
      const all = stocks.listed({ venue, keyword });
      const list = await stocks.quotes(all.slice((page - 1) * size, page * size));
      return { list, total: all.length, page, size };
    });

    for (const [contract, direction] of [[calls.topGainer, 'gainers'], [calls.topLoser, 'losers']] as const) {
      route(app, contract, async (request) => {
        const quotes = await stocks.quotes(stocks.listed({ venue: request.query.venue }));
        return rankByChange(quotes, direction).slice(0, request.query.limit ?? 10);
      });
    }

    route(app, calls.singleStock, (request) => stocks.single(request.query.symbol));

    route(app, calls.chart, async (request) => {
      const { interval = '1d', limit = 200 } = request.query;
      const bars = await stocks.chart(request.query.symbol, interval, limit);
      return { symbol: stocks.stock(request.query.symbol).instrument.symbol, interval, bars };
    });
  };
}
