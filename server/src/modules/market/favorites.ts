import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import { market as calls } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { MarketService } from './service.js';

/** Resolves the logged-in user of a request, or throws the session error (the identity module provides it). */
export type RequireUserId = (request: FastifyRequest) => Promise<string>;

/** POST /asset/api/favorite/list | isFavorite | insert | delete (trading spec §7 "Favorites"). */
export function favoriteRoutes(db: Db, market: MarketService, requireUserId: RequireUserId): FastifyPluginAsync {
  return async (app) => {
    route(app, calls.favorites, async (request) => {
      const userId = await requireUserId(request);
      const { rows } = await db.query<{ symbol: string }>('SELECT symbol FROM market_favorite WHERE user_id = $1 ORDER BY created_at, symbol', [userId]);
      return rows.filter((row) => market.instruments.has(row.symbol)).map((row) => market.quote(row.symbol));
    });

    route(app, calls.isFavorite, async (request) => {
      const userId = await requireUserId(request);
      const symbol = market.instrument(request.body.symbol).symbol;
      const { rows } = await db.query('SELECT 1 FROM market_favorite WHERE user_id = $1 AND symbol = $2', [userId, symbol]);
      return { symbol, favorite: rows.length > 0 };
    });

    route(app, calls.addFavorite, async (request) => {
      const userId = await requireUserId(request);
      const symbol = market.instrument(request.body.symbol).symbol;
      await db.query('INSERT INTO market_favorite (user_id, symbol) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, symbol]);
      return { symbol, favorite: true };
    });

    route(app, calls.removeFavorite, async (request) => {
      const userId = await requireUserId(request);
      const symbol = market.instrument(request.body.symbol).symbol;
      await db.query('DELETE FROM market_favorite WHERE user_id = $1 AND symbol = $2', [userId, symbol]);
      return { symbol, favorite: false };
    });
  };
}
