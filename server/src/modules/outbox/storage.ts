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
