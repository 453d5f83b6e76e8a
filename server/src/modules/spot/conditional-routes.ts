import type { FastifyPluginAsync } from 'fastify';
import { trading } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { TradingEngine } from '../trading/engine.js';
import { pageOf } from '../wallet/paging.js';
import type { SpotConditionals } from './conditional.js';

/** contract-spot/conditional/* under /asset/api: placing needs login, KYC and the order rate; cancelling login and KYC. */
export function conditionalRoutes(conditionals: SpotConditionals, engine: TradingEngine): FastifyPluginAsync {
  return async (app) => {
    route(app, trading.spotConditionalCreate, async (request) => conditionals.create(await engine.requireOrderer(request), request.body));
    route(app, trading.spotConditionalCancel, async (request) => conditionals.cancel(await engine.requireTrader(request), String(request.body.id)));
    route(app, trading.spotConditionalList, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await conditionals.list(user, { open: request.query.open !== 'false', symbol: request.query.symbol, ...window });
      return { total, page, size, list: rows };
    });
    route(app, trading.spotConditionalDetail, async (request) => conditionals.detail(await engine.requireUser(request), request.query.id));
  };
}
