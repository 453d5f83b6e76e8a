import type { FastifyPluginAsync } from 'fastify';
import { estimate, perpetual as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import type { TradingEngine } from '../trading/engine.js';
import { refuse } from '../trading/refusal.js';
import { pageOf } from '../wallet/paging.js';
import { fundBalance } from './insurance.js';
import type { PerpetualService } from './service.js';
import { createPerpetualViews, orderView } from './views.js';

/** Perpetual contracts under /asset/api/contract (see contracts/src/perpetual). */
export function perpetualRoutes(engine: TradingEngine, perp: PerpetualService): FastifyPluginAsync<AppContext> {
  return async (app, context) => {
    const views = createPerpetualViews(context.db, engine);
    const ownPosition = async (user: { id: string; mode: string }, id: string) => {
      const row = await perp.positionById(id);
      if (!row || row.userId !== user.id || row.mode !== user.mode) throw refuse('positionNotFound');
      return row;
    };

    route(app, calls.openPosition, async (request) => {
      const user = await engine.requireOrderer(request);
      const { order, position } = await perp.open(user, request.body);
      return { order: orderView(order), position: position ? await views.view(position) : null };
    });

    // read-only, so a user (not only one allowed to order) may ask; nothing is held
    route(app, estimate.perpetual, async (request) => perp.estimate(await engine.requireUser(request), request.query));

    route(app, calls.openList, async (request) => {
      const user = await engine.requireUser(request);
      return views.openList(user.id, user.mode, request.query.symbol);
    });

    route(app, calls.limitList, async (request) => {
      const user = await engine.requireUser(request);
      return views.limitList(user.id, user.mode, request.query.symbol);
    });

    route(app, calls.closeList, async (request) => {
      const user = await engine.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await views.closeList(user.id, user.mode, { ...window, symbol: request.query.symbol });
      return { total, page, size, list: rows };
    });

    route(app, calls.closePosition, async (request) => {
      const user = await engine.requireTrader(request);
      return views.view(await perp.close(user, request.body));
    });

    route(app, calls.cancelPosition, async (request) => {
      const user = await engine.requireUser(request);
      return orderView(await perp.cancel(user, request.body.orderId));
    });

    route(app, calls.reversePosition, async (request) => {
      const user = await engine.requireOrderer(request);
      const { closed, opened } = await perp.reverse(user, request.body);
      return { closed: await views.view(closed), opened: await views.view(opened) };
    });

    route(app, calls.setTPAndSLPosition, async (request) => {
      const user = await engine.requireTrader(request);
      return views.view(await perp.setTpSl(user, request.body));
    });

    route(app, calls.detail, async (request) => {
      const user = await engine.requireUser(request);
      return views.detail(await ownPosition(user, request.query.positionId));
    });

    // public, as the venues publish them: what is open on the symbol and what stands behind a bankrupt position
    route(app, calls.market, async (request) => {
      const terms = engine.instruments.find(request.query.symbol.toUpperCase());
      if (!terms?.perpetualEnabled) throw refuse('symbolNotTradable', { symbol: request.query.symbol });
      const { rows } = await context.db.query<{ total: string }>(
        `SELECT trim_scale(COALESCE(sum(quantity), 0))::text AS total FROM perp_positions WHERE status = 'open' AND mode = 'real' AND symbol = $1`,
        [terms.symbol],
      );
      const funding = await perp.fundingOf(terms.symbol);
      return { symbol: terms.symbol, openInterest: rows[0]!.total, insuranceFund: await fundBalance(context.db, 'real'), ...(funding ? { funding } : {}) };
    });

    route(app, calls.settings, async (request) => {
      const user = await engine.requireUser(request);
      return perp.settings(user, request.body ?? {});
    });
  };
}
