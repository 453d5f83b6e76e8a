import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';

/**
 * Test-only (MERIDIAN_TEST_SLOW_ROUTE=1, refused in production): GET /__test/slow?ms= waits, then queries the
 * database, so the graceful-shutdown test can prove an in-flight request still completes with the db open.
 */
export const testSlowRoute: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: { ms: number } }>(
    '/__test/slow',
    { schema: { querystring: { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 10000 } }, required: ['ms'] } } },
    async (request) => {
      await sleep(request.query.ms);
      await db.query('SELECT 1');
      return ok({ sleptMs: request.query.ms });
    },
  );
};
