import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, ok } from '../../http/envelope.js';
import { MONEY_FAIL, MONEY_MSG } from '../ledger/messages.js';
import { pageOf, pageQuery, type PageQuery } from '../wallet/paging.js';
import { newsDetail, newsItem } from './service.js';
import { findNews, listPublished } from './storage.js';

/** news/list, news/detail, news/latestNew under /asset/api: published articles, readable without logging in. */
export const newsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: PageQuery }>('/news/list', { schema: { querystring: pageQuery } }, async (request) => {
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await listPublished(db, window);
    return ok({ total, page, size, list: rows.map(newsItem) });
  });

  app.get<{ Querystring: { id: string } }>(
    '/news/detail',
    { schema: { querystring: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$' } }, required: ['id'] } } },
    async (request) => {
      const found = await findNews(db, request.query.id, { publishedOnly: true });
      if (!found) throw new AppError(MONEY_FAIL, MONEY_MSG.notFound);
      return ok(newsDetail(found));
    },
  );

  // The newest published article (the home page's banner), or null when there is none.
  app.get('/news/latestNew', async () => {
    const { rows } = await listPublished(db, { limit: 1, offset: 0 });
    return ok(rows[0] ? newsDetail(rows[0]) : null);
  });
};
