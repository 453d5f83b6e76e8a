import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './contract-guard.js';

const privateRequests = new WeakSet<FastifyRequest>();

/**
 * Marks a request whose answer is about its caller (auth.requireSession marks every request that names a session,
 * whether or not the session is live; a route answering by the caller's address marks itself): it goes out with
 * `Cache-Control: no-store`, so no browser, proxy or shared cache keeps a balance, a token or a refusal of it.
 */
export function markPrivate(request: FastifyRequest): void {
  privateRequests.add(request);
}

/**
 * `Cache-Control: no-store` on private API answers: those marked by markPrivate and every answer to a call that is
 * not a GET (login and registration answer a token, the rest change or read a user's state). Public GETs (market
 * data, catalogues, products, the site's settings) keep their own caching. A route that set no-store itself keeps its
 * header.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const isPrivate = privateRequests.has(request) || (request.method !== 'GET' && request.method !== 'HEAD');
    if (!isPrivate || !isApiPath(request.url.split('?')[0]!)) return payload;
    const current = reply.getHeader('cache-control');
    if (typeof current !== 'string' || !current.includes('no-store')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
