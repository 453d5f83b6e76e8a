import type { FastifyPluginAsync } from 'fastify';
import { estimate, trading } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { TradingEngine } from '../trading/engine.js';
import { pageOf } from '../wallet/paging.js';
import type { Spot } from './service.js';

/** contract-spot/* under /asset/api: orders need login and KYC; reading them needs login. */
export function spotRoutes(spot: Spot, engine: TradingEngine): FastifyPluginAsync {
  return async (app) => {
    route(app, trading.spotCreate, async (request) => spot.create(await engine.requireOrderer(request), request.body, 'create'));
    route(app, trading.spotCreateIco, async (request) => spot.create(await engine.requireOrderer(request), request.body, 'create-ico'));
    route(app, estimate.spot, async (request) => spot.estimate(await engine.requireUser(request), request.query));
    route(app, trading.spotDelete, async (request) => spot.cancel(await engine.requireTrader(request), String(request.body.orderId)));

    route(app, trading.spotList, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await spot.list(user, { open: true, symbol: request.query.symbol, ...window });
      return { total, page, size, list: rows };
    });

    route(app, trading.spotHistory, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await spot.list(user, { open: false, symbol: request.query.symbol, status: request.query.status, ...window });
      return { total, page, size, list: rows };
    });

    route(app, trading.spotDetail, async (request) => spot.detail(await engine.requireUser(request), request.query.orderId));
    route(app, trading.spotHoldings, async (request) => spot.holdings(await engine.requireUser(request), request.query.symbol));
  };
}
