import type { FastifyPluginAsync } from 'fastify';
import { invest as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { readMode } from '../identity/auth.js';
import { pageOf } from '../wallet/paging.js';
import { createSmartPool } from './service.js';

/**
 * Smart pool under /asset/api/smartPool: product/productList and estimate (public, in the request's account
 * mode), order-number, amount, buySmartPoolProduct, userProductList, history, history-interest and redeem.
 */
export const smartPoolRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { auth } = context;
  const pool = createSmartPool({ db: context.db, clock: context.clock });

  route(app, calls.smartPoolProducts, (request) => pool.products(readMode(request)));
  route(app, calls.smartPoolEstimate, (request) => pool.estimate(readMode(request), request.query.productId, request.query.amount));

  route(app, calls.smartPoolOrderNumber, async (request) => {
    await auth.requireUser(request);
    return pool.orderNumber();
  });

  route(app, calls.smartPoolSummary, async (request) => pool.summary(await auth.requireUser(request)));

  route(app, calls.smartPoolBuy, async (request) => pool.buy(await auth.requireUser(request), request.body));

  route(app, calls.smartPoolOrders, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await pool.list(user, request.query.status || undefined, window);
    return { total, page, size, list: rows };
  });

  route(app, calls.smartPoolHistory, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await pool.payouts(user, { ...window, paidOnly: false, kind: request.query.kind || undefined });
    return { total, page, size, list: rows };
  });

  route(app, calls.smartPoolInterest, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await pool.payouts(user, { ...window, paidOnly: true, kind: request.query.kind || undefined });
    return { total, page, size, list: rows };
  });

  route(app, calls.smartPoolRedeem, async (request) => pool.redeem(await auth.requireUser(request), String(request.body.orderId)));
};
