import { Type } from 'typebox';
import { DateTime, Page, PageQuery } from '../kit/schema.js';
import { refuses } from '../refusals.js';

const RowId = Type.String({ pattern: '^[0-9]{1,18}$' });

export const Notification = Type.Object({
  id: Type.String(),
  /** e.g. 'loan.approved': the client translates by kind with params, and shows title/body for an unknown kind. */
  kind: Type.String(),
  params: Type.Record(Type.String(), Type.String()),
  /** The English text. */
  title: Type.String(),
  body: Type.String(),
  /** What it is about ('loan', 'kyc', 'deposit', 'withdrawal') and that record's id. */
  refType: Type.String(),
  refId: Type.String(),
  read: Type.Boolean(),
  createdAt: DateTime,
});

const Count = Type.Object({ count: Type.Integer() });

/** The user's notifications under /asset/api/notification. */
export const notificationSchemas = {
  list: { refusals: refuses(), query: PageQuery(), data: Page(Notification), summary: 'The user’s notifications, newest first' },
  detail: { refusals: refuses('notFound'), query: Type.Object({ id: RowId }), data: Notification, summary: 'One notification; reading it marks it read' },
  unreadCount: { refusals: refuses(), data: Count, summary: 'How many are unread' },
  read: {
    refusals: refuses('notFound'),
    body: Type.Object({ id: Type.Union([RowId, Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })]) }),
    data: Count,
    summary: 'Marks one read; answers the new unread count',
  },
  readAll: { refusals: refuses(), data: Count, summary: 'Marks every notification read (a GET, as the spec lists it); answers 0' },
};
