import type { FastifyInstance } from 'fastify';

/**
 * On close, Fastify lets in-flight requests finish but leaves their keep-alive connections open until the
 * keep-alive timeout (72 s), which holds up the exit. Responses sent while closing therefore carry
 * `Connection: close`, so each such connection ends with its last response.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
