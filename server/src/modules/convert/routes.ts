import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import type { Auth } from '../identity/auth.js';
import { pageOf, withPage, type PageQuery } from '../wallet/paging.js';
import { requestId } from '../wallet/routes.js';
import type { Converter } from './service.js';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const decimal = { type: ['string', 'number'], maxLength: 64 };

/** fiat/getListFiat, convertEstimate, convert/createConvert and convert/convertHistoryList under /asset/api. */
export function convertRoutes(converter: Converter, auth: Auth): FastifyPluginAsync {
  return async (app) => {
    app.get('/fiat/getListFiat', async () => ok(converter.currencies()));

    app.get<{ Querystring: { from: string; to: string; amount: string } }>(
      '/fiat/convertEstimate',
      { schema: { querystring: { type: 'object', properties: { from: text(16), to: text(16), amount: text(64) }, required: ['from', 'to', 'amount'] } } },
      async (request) => ok(converter.estimate(request.query)),
    );

    app.post<{ Body: { from: string; to: string; amount: string; minRate: string; requestId: string } }>(
      '/convert/createConvert',
      {
        schema: {
          body: {
            type: 'object',
            properties: { from: text(16), to: text(16), amount: decimal, minRate: decimal, requestId },
            required: ['from', 'to', 'amount', 'minRate', 'requestId'],
            additionalProperties: false,
          },
        },
      },
      async (request) => {
        const user = await auth.requireUser(request);
        return ok(await converter.convert(user.id, user.mode, request.body));
      },
    );

    app.get<{ Querystring: PageQuery }>('/convert/convertHistoryList', { schema: { querystring: withPage({}) } }, async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await converter.history(user.id, user.mode, window);
      return ok({ total, page, size, list: rows });
    });
  };
}
