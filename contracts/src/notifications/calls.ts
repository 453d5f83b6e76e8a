import { call } from '../kit/call.js';
import type { notificationSchemas as S } from './schemas.js';

/** The user's notifications (server/src/modules/notifications). */
export const notifications = {
  list: call<typeof S.list>('GET', '/asset/api/notification/list'),
  detail: call<typeof S.detail>('GET', '/asset/api/notification/detail'),
  unreadCount: call<typeof S.unreadCount>('GET', '/asset/api/notification/num-noti'),
  read: call<typeof S.read>('POST', '/asset/api/notification/read-noti'),
  readAll: call<typeof S.readAll>('GET', '/asset/api/notification/reset-num-noti'),
};
