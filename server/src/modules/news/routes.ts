import type { FastifyPluginAsync } from 'fastify';
import { news } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { refuse } from '../../http/refuse.js';
import { route } from '../../http/route.js';
import { pageOf } from '../wallet/paging.js';
import { newsDetail, newsItem } from './service.js';
import { findNews, listPublished } from './storage.js';

/** news/list, news/detail, news/latestNew under /asset/api (contracts/src/news): published articles, public. */
export const newsRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  route(app, news.list, async (request) => {
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await listPublished(db, window);
    return { total, page, size, list: rows.map(newsItem) };
  });

  route(app, news.detail, async (request) => {
    const found = await findNews(db, request.query.id, { publishedOnly: true });
    if (!found) throw refuse('notFound');
    return newsDetail(found);
  });

  // The newest published article (the home page's banner), or null when there is none.
  route(app, news.latest, async () => {
    const { rows } = await listPublished(db, { limit: 1, offset: 0 });
    return rows[0] ? newsDetail(rows[0]) : null;
  });
};
