import type { FastifyPluginAsync } from 'fastify';
import { estimate, forex as calls } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { TradingEngine } from '../trading/engine.js';
import { pageOf } from '../wallet/paging.js';
import type { ForexService } from './service.js';

/** Forex contracts under /asset/api/forex/contract (see contracts/src/forex). */
export function forexRoutes(engine: TradingEngine, forex: ForexService): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.create, async (request) => {
      const user = await engine.requireOrderer(request);
      return forex.create(user, request.body);
    });

    route(app, estimate.forex, async (request) => forex.estimate(await engine.requireUser(request), request.query));

    route(app, calls.getContractList, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await forex.list(user.id, user.mode, { ...window, status: request.query.status ?? 'open', symbol: request.query.symbol });
      return { total, page, size, list: rows };
    });

    route(app, calls.config, (request) => forex.config(request.query.symbol ?? 'AUDCAD'));
  };
}
