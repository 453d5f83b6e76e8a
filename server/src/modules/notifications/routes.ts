import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, ok } from '../../http/envelope.js';
import { MONEY_FAIL, MONEY_MSG } from '../ledger/messages.js';
import { pageOf, pageQuery, type PageQuery } from '../wallet/paging.js';
import { findNotification, listNotifications, markAllRead, markRead, unreadCount } from './service.js';

/** notification/list, detail, num-noti, read-noti, reset-num-noti under /asset/api. */
export const notificationRoutes: FastifyPluginAsync<AppContext> = async (app, { db, auth, clock }) => {
  app.get<{ Querystring: PageQuery }>('/notification/list', { schema: { querystring: pageQuery } }, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await listNotifications(db, user.id, window);
    return ok({ total, page, size, list: rows });
  });

  app.get<{ Querystring: { id: string } }>(
    '/notification/detail',
    { schema: { querystring: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$' } }, required: ['id'] } } },
    async (request) => {
      const user = await auth.requireUser(request);
      const found = await findNotification(db, user.id, request.query.id);
      if (!found) throw new AppError(MONEY_FAIL, MONEY_MSG.notFound);
      await markRead(db, user.id, found.id, clock());
      return ok({ ...found, read: true });
    },
  );

  app.get('/notification/num-noti', async (request) => {
    const user = await auth.requireUser(request);
    return ok({ count: await unreadCount(db, user.id) });
  });

  app.post<{ Body: { id: string | number } }>(
    '/notification/read-noti',
    { schema: { body: { type: 'object', properties: { id: { type: ['string', 'integer'], pattern: '^[0-9]{1,18}$' } }, required: ['id'] } } },
    async (request) => {
      const user = await auth.requireUser(request);
      if (!(await markRead(db, user.id, String(request.body.id), clock()))) throw new AppError(MONEY_FAIL, MONEY_MSG.notFound);
      return ok({ count: await unreadCount(db, user.id) });
    },
  );

  // A GET in the spec's list: it marks everything read and answers the new count (0).
  app.get('/notification/reset-num-noti', async (request) => {
    const user = await auth.requireUser(request);
    await markAllRead(db, user.id, clock());
    return ok({ count: 0 });
  });
};
