import type { FastifyPluginAsync } from 'fastify';
import { c2c as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { pageOf } from '../wallet/paging.js';
import type { createAds } from './ads.js';
import type { createOrders } from './orders.js';
import type { createOtc } from './otc.js';
import { PLATFORM_ACCOUNT } from './otc.js';

export interface C2cServices {
  ads: ReturnType<typeof createAds>;
  orders: ReturnType<typeof createOrders>;
  otc: ReturnType<typeof createOtc>;
}

/** C2C (c2c/*) and OTC (asset/exchangeInfo, queryUserBalance, currencyBuy/Sell, tradingRecord) under /asset/api. */
export function c2cRoutes({ ads, orders, otc }: C2cServices): FastifyPluginAsync<AppContext> {
  return async (app, { auth }) => {
    route(app, calls.list, async (request) => {
      const { page, size, ...window } = pageOf(request.query);
      return { page, size, ...(await ads.list({ ...request.query, ...window })) };
    });
    route(app, calls.merchant, async (request) => ads.merchant((await auth.requireUser(request)).id));
    route(app, calls.applyMerchant, async (request) => ads.applyMerchant(await auth.requireUser(request), request.body.displayName));
    route(app, calls.paymentMethods, async (request) => ads.paymentMethods((await auth.requireUser(request)).id));
    route(app, calls.addPaymentMethod, async (request) => ads.addPaymentMethod(await auth.requireUser(request), request.body));
    route(app, calls.removePaymentMethod, async (request) => ads.removePaymentMethod((await auth.requireUser(request)).id, String(request.body.id)));
    route(app, calls.createAd, async (request) => ads.createAd(await auth.requireUser(request), request.body));
    route(app, calls.closeAd, async (request) => ads.closeAd(await auth.requireUser(request), String(request.body.adId), request.body.requestId));
    route(app, calls.myAds, async (request) => {
      const { page, size, ...window } = pageOf(request.query);
      return { page, size, ...(await ads.myAds((await auth.requireUser(request)).id, window)) };
    });

    route(app, calls.createOrder, async (request) => orders.create(await auth.requireUser(request), { ...request.body, adId: String(request.body.adId) }));
    route(app, calls.orders, async (request) => {
      const { page, size, ...window } = pageOf(request.query);
      return { page, size, ...(await orders.list(await auth.requireUser(request), { ...window, status: request.query.status })) };
    });
    route(app, calls.order, async (request) => orders.detail(await auth.requireUser(request), request.query.id));
    route(app, calls.markPaid, async (request) => orders.markPaid(await auth.requireUser(request), { ...request.body, orderId: String(request.body.orderId) }));
    route(app, calls.release, async (request) => orders.release(await auth.requireUser(request), { ...request.body, orderId: String(request.body.orderId) }));
    route(app, calls.cancel, async (request) => orders.cancel(await auth.requireUser(request), { ...request.body, orderId: String(request.body.orderId) }));
    route(app, calls.appeal, async (request) => orders.appeal(await auth.requireUser(request), { ...request.body, orderId: String(request.body.orderId) }));
    route(app, calls.messages, async (request) => orders.messages(await auth.requireUser(request), request.query.orderId, request.query.after));
    route(app, calls.sendMessage, async (request) => orders.send(await auth.requireUser(request), { ...request.body, orderId: String(request.body.orderId) }));

    route(app, calls.exchangeInfo, (request) => otc.exchangeInfo(request.query));
    route(app, calls.queryUserBalance, async (request) => otc.balances((await auth.requireUser(request)).id, request.body?.asset));
    route(app, calls.currencyBuy, async (request) => otc.buy(await auth.requireUser(request), { ...request.body, quoteId: String(request.body.quoteId) }));
    route(app, calls.currencySell, async (request) => otc.sell(await auth.requireUser(request), { ...request.body, quoteId: String(request.body.quoteId) }));
    route(app, calls.tradingRecord, async (request) => {
      const { page, size, ...window } = pageOf(request.body ?? {});
      return { page, size, ...(await otc.records((await auth.requireUser(request)).id, window)) };
    });
    route(app, calls.paymentMethodInfo, () => ({ ...PLATFORM_ACCOUNT, reference: 'OTC-<order id>' }));
  };
}
