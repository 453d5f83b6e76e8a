import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalReason } from '@meridian/contracts';
import { AppError } from './envelope.js';
import { localeOf, renderRefusal, type RefusalParams } from './refusals.js';
import { refusalOfValidation } from './validation.js';

interface RefusalBody {
  code: number;
  msg: string;
  reason: string;
  params?: RefusalParams;
  data: null;
}

/**
 * Sends a refusal: its reason key and parameters, and msg in the request's language when it has a catalogue
 * reason (otherwise the given English text: an operator command's own message). The reply schema of a
 * contract describes success only, so a refusal is written with plain JSON.
 */
function sendRefusal(request: FastifyRequest, reply: FastifyReply, httpStatus: number, code: number, found: { reason: string; params?: RefusalParams } | undefined, english: string): FastifyReply {
  const locale = localeOf(request.headers.lang);
  // 'unlisted': a text outside the catalogue, in practice an operator command's own message (always English)
  const reason = found?.reason ?? 'unlisted';
  const msg = found ? renderRefusal(found.reason as RefusalReason, locale, found.params) : english;
  const body: RefusalBody = { code, msg, reason, ...(found?.params && Object.keys(found.params).length ? { params: found.params } : {}), data: null };
  return reply.code(httpStatus).serializer(JSON.stringify).send(body);
}

/** Turns every error into the envelope; only AppError and client (4xx) errors reveal their message. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    const found = error.reason ? { reason: error.reason, params: error.params } : undefined;
    return sendRefusal(request, reply, error.httpStatus, error.code, found, error.message);
  }
  if (error.validation) {
    const found = refusalOfValidation(error.validation, error.validationContext);
    return sendRefusal(request, reply, 400, 400, found, error.message);
  }
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    const found = status === 429 ? { reason: 'tooManyRequests' } : status === 404 ? { reason: 'notFound' } : { reason: 'invalidRequest' };
    return sendRefusal(request, reply, status, status, found, error.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendRefusal(request, reply, 500, 500, { reason: 'internal' }, 'Internal error');
}

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const msg = `${renderRefusal('notFound', localeOf(request.headers.lang))}: ${request.method} ${request.url.split('?')[0]}`;
  const body: RefusalBody = { code: 404, msg, reason: 'notFound', data: null };
  return reply.code(404).serializer(JSON.stringify).send(body);
}
