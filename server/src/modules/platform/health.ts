import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** GET /health: plain JSON for load balancers and probes, not the API envelope. */
export const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { db, cluster }) => {
  // cluster mode: which process answered and whether it leads (owns the feed and the triggers)
  const role = () => (cluster?.bus ? { process: cluster.processId, leader: cluster.leadership.isLeader } : {});
  app.get('/health', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const uptime = Math.round(process.uptime());
    try {
      await db.query('SELECT 1');
      return { status: 'ok', db: db.kind, uptime, ...role() };
    } catch (err) {
      request.log.error({ err }, 'health check: database query failed');
      return reply.code(503).send({ status: 'error', db: db.kind, uptime });
    }
  });
};
