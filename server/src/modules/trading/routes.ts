import type { FastifyPluginAsync } from 'fastify';
import { trading } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { TradingEngine } from './engine.js';

/** contract/config and contract-margin/fee under /asset/api. */
export function tradingRoutes(engine: TradingEngine): FastifyPluginAsync {
  return async (app) => {
    route(app, trading.config, async (request) => {
      await engine.instruments.fresh();
      const instruments = request.query.symbol ? [engine.instruments.terms(request.query.symbol)] : engine.instruments.list();
      const user = await engine.optionalUser(request);
      return { instruments, settings: user ? await engine.settings(user.id, user.mode) : null };
    });

    route(app, trading.fee, async (request) => {
      await engine.instruments.fresh();
      const terms = engine.instruments.terms(request.query.symbol);
      return { symbol: terms.symbol, makerFeeRate: terms.makerFeeRate, takerFeeRate: terms.takerFeeRate };
    });
  };
}
