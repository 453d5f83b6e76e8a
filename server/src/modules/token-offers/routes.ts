import type { FastifyPluginAsync } from 'fastify';
import { tokenOffers as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { CODE_RULES } from './codes.js';
import { createTokenOffers, SUBSCRIPTION_ASSET, SUBSCRIPTION_WALLET } from './service.js';

/**
 * Token offerings under /asset/api: cryptoIpo/upcoming, open, pending, winning (the spec's lists), mine, detail
 * and subscribe; cryptoAllotment/allotmentList, pending, winning, checkAllotmentVerifyCode, allotment-setting and
 * buyAllotment. Every list derives from the offerings' times and the jobs' marks, in the caller's mode.
 */
export const tokenOfferRoutes: FastifyPluginAsync<AppContext> = async (app, { db, clock, auth }) => {
  const offers = createTokenOffers({ db, clock });

  route(app, calls.upcoming, async (request) => offers.list(await auth.requireUser(request), 'ipo', ['upcoming']));
  route(app, calls.open, async (request) => offers.list(await auth.requireUser(request), 'ipo', ['open']));
  route(app, calls.pending, async (request) => offers.list(await auth.requireUser(request), 'ipo', ['pending']));
  route(app, calls.winning, async (request) => offers.mine(await auth.requireUser(request), 'ipo', true));
  route(app, calls.mine, async (request) => offers.mine(await auth.requireUser(request), undefined, false));
  route(app, calls.detail, async (request) => offers.detail(await auth.requireUser(request), request.query.id));
  route(app, calls.subscribe, async (request) => offers.subscribe(await auth.requireUser(request), 'ipo', request.body));

  route(app, calls.allotmentList, async (request) => offers.list(await auth.requireUser(request), 'allotment', ['open', 'upcoming']));
  route(app, calls.allotmentPending, async (request) => offers.list(await auth.requireUser(request), 'allotment', ['pending']));
  route(app, calls.allotmentWinning, async (request) => offers.mine(await auth.requireUser(request), 'allotment', true));
  route(app, calls.checkCode, async (request) => offers.checkCode(await auth.requireUser(request), request.query.id, request.query.code));
  route(app, calls.setting, () => ({ ...CODE_RULES, asset: SUBSCRIPTION_ASSET, wallet: SUBSCRIPTION_WALLET }));
  route(app, calls.buy, async (request) => offers.subscribe(await auth.requireUser(request), 'allotment', request.body));
};
