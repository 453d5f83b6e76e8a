import { defineModule } from '../../platform-kit/define-module.js';
import { favoriteRoutes } from './favorites.js';
import { marketAssetRoutes, marketRoutes } from './routes.js';
import { MarketService, type FeedFactory } from './service.js';
import { registerMarketStreams, type PositionsHub } from './streams/streams.js';

declare module '../../platform-kit/define-module.js' {
  interface ServiceRegistry {
    /** The catalogue, the configured feed's live quotes, K-lines and depth. */
    market: MarketService;
    /** Pushes position and order updates to a user's open /ws/positions sockets. */
    positions: PositionsHub;
  }
}

/** The positions hub as a service: created with the module, connected to the stream when it is registered. */
class PositionsRelay implements PositionsHub {
  target: PositionsHub | undefined;
  push(userId: string, message: { action: string; [field: string]: unknown }): number {
    return this.target?.push(userId, message) ?? 0;
  }
}

/**
 * The market service (catalogue, the configured feed, K-lines): its feed starts when the app is ready and stops
 * (writing the bars in memory) before the app closes; the four streams, the market API, trading time and favorites.
 */
export const marketModule = createMarketModule();

/** The market module over another feed (tests drive a scripted one); marketModule runs the configured feed. */
export function createMarketModule(options: { feed?: FeedFactory } = {}) {
  return defineModule({
    name: 'market',
    setup: async ({ db, config, clock, log, cluster }) => ({
      market: await MarketService.create(db, config.market, { clock: () => clock().getTime(), log, cluster, ...options }),
      positions: new PositionsRelay(),
    }),
    streams: (app, { config, auth, clock, services: { market, positions } }) => {
      (positions as PositionsRelay).target = registerMarketStreams(app, {
        market,
        streamKey: config.market.streamKey,
        maxBufferedBytes: config.market.wsMaxBufferedBytes,
        verifyToken: (token) => auth.verifyToken(token),
        sessions: { live: (ids) => auth.liveSessions(ids), onEnded: (listener) => auth.onSessionsEnded(listener), clock },
      }).positions;
    },
    routes: ({ db, auth, services: { market } }) => ({
      '/api/market': marketRoutes(market),
      '/asset/api': [marketAssetRoutes(market), favoriteRoutes(db, market, async (request) => (await auth.requireUser(request)).id)],
    }),
    start: async ({ services: { market } }) => market.start(),
    stop: ({ services: { market } }) => market.stop(),
  });
}
