import type { FastifyPluginAsync } from 'fastify';
import { notifications } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { refuse } from '../../http/refuse.js';
import { route } from '../../http/route.js';
import { pageOf } from '../wallet/paging.js';
import { findNotification, listNotifications, markAllRead, markRead, unreadCount } from './service.js';

/** notification/list, detail, num-noti, read-noti, reset-num-noti under /asset/api (contracts/src/notifications). */
export const notificationRoutes: FastifyPluginAsync<AppContext> = async (app, { db, auth, clock }) => {
  route(app, notifications.list, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await listNotifications(db, user.id, window);
    return { total, page, size, list: rows };
  });

  route(app, notifications.detail, async (request) => {
    const user = await auth.requireUser(request);
    const found = await findNotification(db, user.id, request.query.id);
    if (!found) throw refuse('notFound');
    await markRead(db, user.id, found.id, clock());
    return { ...found, read: true };
  });

  route(app, notifications.unreadCount, async (request) => {
    const user = await auth.requireUser(request);
    return { count: await unreadCount(db, user.id) };
  });

  route(app, notifications.read, async (request) => {
    const user = await auth.requireUser(request);
    if (!(await markRead(db, user.id, String(request.body.id), clock()))) throw refuse('notFound');
    return { count: await unreadCount(db, user.id) };
  });

  // A GET in the spec's list: it marks everything read and answers the new count (0).
  route(app, notifications.readAll, async (request) => {
    const user = await auth.requireUser(request);
    await markAllRead(db, user.id, clock());
    return { count: 0 };
  });
};
