import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { insertMessage, type Channel } from './storage.js';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject: string;
  body: string;
}

export interface Outbox {
  /** How later modules send a verification code or notice. There is no mail or SMS provider yet. */
  sendMessage(message: OutgoingMessage): Promise<void>;
}

export function createOutbox(db: Db, options: { production: boolean; log: FastifyBaseLogger }): Outbox {
  return {
    async sendMessage(message) {
      if (!message.to.trim()) throw new Error('sendMessage: recipient is empty');
      if (options.production) {
        // The body is left out: it usually carries a verification code, which must not reach the logs.
        options.log.warn({ channel: message.channel, to: message.to, subject: message.subject }, 'would send (no provider configured)');
        return;
      }
      await insertMessage(db, message);
      options.log.info({ channel: message.channel, to: message.to, subject: message.subject }, 'message kept in dev outbox');
    },
  };
}
