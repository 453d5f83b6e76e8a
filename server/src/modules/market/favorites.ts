import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import { AppError, ok } from '../../http/envelope.js';
import type { MarketService } from './service.js';

/** Resolves the logged-in user of a request, or throws the session error (the identity module provides it). */
export type RequireUserId = (request: FastifyRequest) => Promise<string>;

const bodySchema = {
  schema: {
    body: { type: ['object', 'null'], properties: { symbol: { type: 'string', minLength: 1, maxLength: 40 } } },
    querystring: { type: 'object', properties: { symbol: { type: 'string', minLength: 1, maxLength: 40 } } },
  },
};

/** POST /asset/api/favorite/list | isFavorite | insert | delete (trading spec §7 "Favorites"). */
export function favoriteRoutes(db: Db, market: MarketService, requireUserId: RequireUserId): FastifyPluginAsync {
  return async (app) => {
    type Req = FastifyRequest<{ Body: { symbol?: string } | null; Querystring: { symbol?: string } }>;
    const symbolOf = (request: Req) => {
      const raw = request.body?.symbol ?? request.query.symbol;
      if (!raw) throw new AppError(400, 'symbol is required');
      return market.instrument(raw).symbol;
    };

    app.post('/favorite/list', bodySchema, async (request: Req) => {
      const userId = await requireUserId(request);
      const { rows } = await db.query<{ symbol: string }>('SELECT symbol FROM market_favorite WHERE user_id = $1 ORDER BY created_at, symbol', [userId]);
      return ok(rows.filter((row) => market.instruments.has(row.symbol)).map((row) => market.quote(row.symbol)));
    });

    app.post('/favorite/isFavorite', bodySchema, async (request: Req) => {
      const userId = await requireUserId(request);
      const symbol = symbolOf(request);
      const { rows } = await db.query('SELECT 1 FROM market_favorite WHERE user_id = $1 AND symbol = $2', [userId, symbol]);
      return ok({ symbol, favorite: rows.length > 0 });
    });

    app.post('/favorite/insert', bodySchema, async (request: Req) => {
      const userId = await requireUserId(request);
      const symbol = symbolOf(request);
      await db.query('INSERT INTO market_favorite (user_id, symbol) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, symbol]);
      return ok({ symbol, favorite: true });
    });

    app.post('/favorite/delete', bodySchema, async (request: Req) => {
      const userId = await requireUserId(request);
      const symbol = symbolOf(request);
      await db.query('DELETE FROM market_favorite WHERE user_id = $1 AND symbol = $2', [userId, symbol]);
      return ok({ symbol, favorite: false });
    });
  };
}
