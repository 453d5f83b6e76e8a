import type { FastifyPluginAsync } from 'fastify';
import { invest as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { readMode } from '../identity/auth.js';
import { pageOf } from '../wallet/paging.js';
import { createFinancing } from './service.js';

/**
 * Wealth financing under /asset/api: product/productList, product/estimatedAmount (public, in the request's
 * account mode), product/buyFinanceProduct, product/userProductList, manage-rate/list-time and get-profit-rate.
 */
export const financingRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { auth } = context;
  const financing = createFinancing({ db: context.db, clock: context.clock });

  route(app, calls.financingProducts, (request) => financing.products(readMode(request)));
  route(app, calls.financingEstimate, (request) => financing.estimate(readMode(request), request.query.productId, request.query.amount));
  route(app, calls.financingDurations, () => financing.durations());
  route(app, calls.financingRates, (request) => financing.rates(request.query.days));
  route(app, calls.financingBuy, async (request) => financing.buy(await auth.requireUser(request), request.body));
  route(app, calls.financingSummary, async (request) => financing.summary(await auth.requireUser(request)));
  route(app, calls.financingOrders, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await financing.list(user, request.query.status || undefined, window);
    return { total, page, size, list: rows };
  });
};
