import type { FastifyPluginAsync } from 'fastify';
import { aiFunds as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { createAiFunds } from './service.js';

/** AI funds under /asset/api: ai-fund/list (public), checkAiFundCode, and ai-fund-position/… */
export const aiFundRoutes =
  (prepare?: (fundId: string) => Promise<void>): FastifyPluginAsync<AppContext> =>
  async (app, context) => {
  const { auth } = context;
  const funds = createAiFunds({ db: context.db, clock: context.clock, prepare });

  route(app, calls.list, () => funds.list());
  route(app, calls.checkCode, async (request) => funds.checkCode(await auth.requireUser(request), request.query.fundId, request.query.code));
  route(app, calls.buy, async (request) => funds.buy(await auth.requireUser(request), request.body));
  route(app, calls.positions, async (request) => funds.positions(await auth.requireUser(request), request.query.fundId));
  route(app, calls.history, async (request) => funds.history(await auth.requireUser(request), request.query.fundId));
  route(app, calls.info, async (request) => funds.info(await auth.requireUser(request)));
  route(app, calls.redeem, async (request) => funds.redeem(await auth.requireUser(request), request.body));
};
