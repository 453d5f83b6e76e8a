import type { FastifyPluginAsync } from 'fastify';
import { seconds as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import type { TradingEngine } from '../trading/engine.js';
import { refuse } from '../trading/refusal.js';
import { pageOf } from '../wallet/paging.js';
import type { MarketService } from '../market/service.js';
import { listProducts, productView } from './products.js';
import { contractView } from './contract.js';
import type { SecondsService } from './service.js';

/** Seconds contracts under /transaction/api/contract (see contracts/src/seconds). */
export function secondsRoutes(engine: TradingEngine, market: MarketService, service: SecondsService): FastifyPluginAsync<AppContext> {
  return async (app, context) => {
    route(app, calls.create, async (request) => {
      const user = await engine.requireOrderer(request);
      return contractView(await service.open(user, request.body));
    });

    route(app, calls.getContractList, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows, record } = await service.list(user.id, user.mode, { ...window, status: request.query.status ?? 'open', symbol: request.query.symbol });
      return { total, page, size, list: rows.map(contractView), record, serverTime: engine.clock().getTime() };
    });

    route(app, calls.productList, async (request) => {
      const symbol = request.query.symbol ? market.instrument(request.query.symbol).symbol : undefined;
      return (await listProducts(context.db, { symbol, enabledOnly: true })).map(productView);
    });

    route(app, calls.detail, async (request) => {
      const user = await engine.requireUser(request);
      const row = await service.contractById(request.query.id);
      if (!row || row.userId !== user.id || row.mode !== user.mode) throw refuse('secondsContractNotFound');
      return service.detail(row);
    });
  };
}
