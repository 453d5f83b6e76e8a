import type { Db } from '../../db/db.js';
import { pushToUser } from '../platform/user-events.js';

export interface NotificationInput {
  userId: string;
  /** e.g. 'deposit.credited', 'withdrawal.approved', 'kyc.verified', 'loan.approved' — the client translates by kind. */
  kind: string;
  params?: Record<string, string>;
  /** The English text, shown when the client has no translation for the kind. */
  title: string;
  body: string;
  ref: { type: string; id: string };
}

export interface Notification {
  id: string;
  kind: string;
  params: Record<string, string>;
  title: string;
  body: string;
  refType: string;
  refId: string;
  read: boolean;
  createdAt: Date;
}

/**
 * Records a notification for an event. Pass the transaction that records the event, so both commit together;
 * the same event (kind and record) never notifies twice, so a retried job stays quiet.
 */
export async function notify(db: Db, input: NotificationInput, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO notifications (user_id, kind, params, title, body, ref_type, ref_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id, kind, ref_type, ref_id) DO NOTHING`,
    [input.userId, input.kind, JSON.stringify(input.params ?? {}), input.title, input.body, input.ref.type, input.ref.id, now],
  );
  // the bell and the notification centre refresh once this is committed (a notification belongs to no mode)
  pushToUser(db, input.userId, { action: 'NOTIFICATION', kind: input.kind });
}

const COLUMNS = `id, kind, params, title, body, ref_type AS "refType", ref_id AS "refId", read_at IS NOT NULL AS read, created_at AS "createdAt"`;

export async function listNotifications(db: Db, userId: string, page: { limit: number; offset: number }): Promise<{ total: number; rows: Notification[] }> {
  const total = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM notifications WHERE user_id = $1', [userId]);
  const { rows } = await db.query<Notification>(
    `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [userId, page.limit, page.offset],
  );
  return { total: Number(total.rows[0]!.count), rows };
}

export async function findNotification(db: Db, userId: string, id: string): Promise<Notification | undefined> {
  const { rows } = await db.query<Notification>(`SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 AND id = $2`, [userId, id]);
  return rows[0];
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return Number(rows[0]!.count);
}

/** Marks one notification read; false when it is not the user's. */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE notifications SET read_at = COALESCE(read_at, $3) WHERE user_id = $1 AND id = $2 RETURNING id',
    [userId, id, now],
  );
  return rows.length > 0;
}

/** Marks every notification of the user read (the unread count goes back to zero). */
export async function markAllRead(db: Db, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL', [userId, now]);
}
