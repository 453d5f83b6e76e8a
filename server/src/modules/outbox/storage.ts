import type { Db } from '../../db/db.js';

export type Channel = 'email' | 'sms';

export interface OutboxMessage {
  id: string;
  channel: Channel;
  to: string;
  subject: string;
  body: string;
  createdAt: Date;
}

const COLUMNS = 'id, channel, recipient AS "to", subject, body, created_at AS "createdAt"';

export async function insertMessage(db: Db, message: Pick<OutboxMessage, 'channel' | 'to' | 'subject' | 'body'>): Promise<void> {
  await db.query('INSERT INTO dev_outbox (channel, recipient, subject, body) VALUES ($1, $2, $3, $4)', [
    message.channel,
    message.to,
    message.subject,
    message.body,
  ]);
}

/** Newest first; `to` matches the recipient exactly, ignoring case. */
export async function listMessages(db: Db, filter: { to?: string | undefined; limit: number }): Promise<OutboxMessage[]> {
  const { rows } =
    filter.to === undefined
      ? await db.query<OutboxMessage>(`SELECT ${COLUMNS} FROM dev_outbox ORDER BY id DESC LIMIT $1`, [filter.limit])
      : await db.query<OutboxMessage>(
          `SELECT ${COLUMNS} FROM dev_outbox WHERE lower(recipient) = lower($1) ORDER BY id DESC LIMIT $2`,
          [filter.to, filter.limit],
        );
  return rows;
}

// The delivery job's row, settled by the inline attempt before the runner's first turn (its run_at is in the
// future until then, so only this process touches it; `status = 'pending'` keeps a late settle from undoing a run).

/** Delivered inline: done, and the body (the code) erased. */
export async function finishPendingDelivery(db: Db, jobId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE jobs SET status = 'done', finished_at = $2, payload = payload - 'body', updated_at = $2
     WHERE id = $1 AND status = 'pending'`,
    [jobId, now],
  );
}

/** Refused for good inline: the user is told at once, so nothing is left to retry. */
export async function dropPendingDelivery(db: Db, jobId: string): Promise<void> {
  await db.query(`DELETE FROM jobs WHERE id = $1 AND status = 'pending'`, [jobId]);
}

/** Failed inline for a passing reason: the runner's retries start now rather than after the grace period. */
export async function retryPendingDeliveryNow(db: Db, jobId: string, error: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE jobs SET run_at = $2, last_error = $3, updated_at = $2 WHERE id = $1 AND status = 'pending'`,
    [jobId, now, error.slice(0, 2000)],
  );
}

/** After the job's attempt, sent or given up: the body (the code) does not stay in the jobs table. */
export async function forgetDeliveredBody(db: Db, jobId: string): Promise<void> {
  await db.query(`UPDATE jobs SET payload = payload - 'body' WHERE id = $1`, [jobId]);
}
