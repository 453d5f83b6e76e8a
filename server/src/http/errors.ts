import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type Envelope } from './envelope.js';

function fail(reply: FastifyReply, httpStatus: number, code: number, msg: string): FastifyReply {
  const body: Envelope<null> = { code, msg, data: null };
  return reply.code(httpStatus).send(body);
}

/** Turns every error into the envelope; only AppError and client (4xx) errors reveal their message. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) return fail(reply, error.httpStatus, error.code, error.message);
  // Schema validation: Fastify's message already names the field, e.g. "body/amount must be string".
  if (error.validation) return fail(reply, 400, 400, error.message);
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return fail(reply, status, status, error.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return fail(reply, 500, 500, 'Internal error');
}

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return fail(reply, 404, 404, `Not found: ${request.method} ${request.url.split('?')[0]}`);
}
