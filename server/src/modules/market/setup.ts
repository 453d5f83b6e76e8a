import type { FastifyInstance } from 'fastify';
import type { ExtraApiModules } from '../../api.js';
import type { AppContext } from '../../context.js';
import { favoriteRoutes } from './favorites.js';
import { marketAssetRoutes, marketRoutes } from './routes.js';
import { MarketService } from './service.js';
import { registerMarketStreams, type PositionsHub, type StreamCounters } from './streams/streams.js';

export interface MarketModule {
  service: MarketService;
  /** Routes for registerApi: /api/market/..., /asset/api/forex/contract/checkTradingTime and /asset/api/favorite/... */
  api: ExtraApiModules;
  positions: PositionsHub;
  counters: StreamCounters;
}

/**
 * Creates the market service (catalogue, the configured feed, K-lines), starts its feed when the app is ready and
 * stops it (writing the bars in memory) before the app closes, and registers the four streams. Call after the
 * websocket plugin is registered.
 */
export async function registerMarket(app: FastifyInstance, context: AppContext): Promise<MarketModule> {
  const { config, db, auth } = context;
  const service = await MarketService.create(db, config.market, { clock: () => context.clock().getTime(), log: app.log });
  app.addHook('onReady', async () => service.start());
  app.addHook('preClose', async () => service.stop());
  const { positions, counters } = registerMarketStreams(app, {
    market: service,
    streamKey: config.market.streamKey,
    maxBufferedBytes: config.market.wsMaxBufferedBytes,
    verifyToken: (token) => auth.verifyToken(token),
  });
  const requireUserId = async (request: Parameters<typeof auth.requireUser>[0]) => (await auth.requireUser(request)).id;
  return {
    service,
    positions,
    counters,
    api: {
      '/api/market': [marketRoutes(service)],
      '/asset/api': [marketAssetRoutes(service), favoriteRoutes(db, service, requireUserId)],
    },
  };
}
