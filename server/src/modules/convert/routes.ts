import type { FastifyPluginAsync } from 'fastify';
import { wallet } from '@meridian/contracts';
import { route } from '../../http/route.js';
import type { Auth } from '../identity/auth.js';
import { pageOf } from '../wallet/paging.js';
import type { Converter } from './service.js';

/** fiat/getListFiat, convertEstimate, convert/createConvert and convert/convertHistoryList under /asset/api. */
export function convertRoutes(converter: Converter, auth: Auth): FastifyPluginAsync {
  return async (app) => {
    route(app, wallet.convertCurrencies, () => converter.currencies());

    route(app, wallet.estimate, (request) => converter.estimate(request.query));

    route(app, wallet.convert, async (request) => {
      const user = await auth.requireUser(request);
      return converter.convert(user.id, user.mode, request.body);
    });

    route(app, wallet.convertHistory, async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await converter.history(user.id, user.mode, window);
      return { total, page, size, list: rows };
    });
  };
}
