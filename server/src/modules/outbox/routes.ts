import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { listMessages } from './storage.js';

interface ListQuery {
  to?: string;
  limit: number;
}

/** GET /dev/outbox: the messages that would have gone out. Registered only outside production. */
export const outboxRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: ListQuery }>(
    '/outbox',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            to: { type: 'string', minLength: 1, maxLength: 320 },
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => ok(await listMessages(db, request.query)),
  );
};
