import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { RefusalReason } from '@meridian/contracts';
import { AppError } from './envelope.js';
import { contractBreach, type RefusalSource } from './refusal-check.js';
import { localeOf, renderRefusal, type RefusalParams } from './refusals.js';
import { refusalOfValidation } from './validation.js';

interface RefusalBody {
  code: number;
  msg: string;
  reason: string;
  params?: RefusalParams;
  data: null;
}

export interface ErrorHandlerOptions {
  /**
   * Tests: a refusal its route's contract does not list (http/refusal-check.ts) answers HTTP 500 naming the breach,
   * so the test meeting it fails there, not in a client that was told the key could never come.
   */
  checkRefusals?: boolean;
}

type Handler = (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** Turns every error into the envelope; only AppError and client (4xx) errors reveal their message. */
export function createErrorHandler(options: ErrorHandlerOptions = {}): Handler {
  /**
   * Sends a refusal: its reason key and parameters, and msg in the request's language when it has a catalogue
   * reason (otherwise the given English text: an operator command's own message). The reply schema of a
   * contract describes success only, so a refusal is written with plain JSON.
   */
  function sendRefusal(request: FastifyRequest, reply: FastifyReply, httpStatus: number, code: number, found: { reason: string; params?: RefusalParams; source?: RefusalSource } | undefined, english: string): FastifyReply {
    const breach = options.checkRefusals && found?.source ? contractBreach(request.routeOptions.config.contract, found.reason, httpStatus, found.source) : undefined;
    if (breach) {
      request.log.error({ breach }, 'refusal outside its contract');
      return reply.code(500).serializer(JSON.stringify).send({ code: 500, msg: breach, reason: 'internal', data: null } satisfies RefusalBody);
    }
    const locale = localeOf(request.headers.lang);
    // 'unlisted': a text outside the catalogue, in practice an operator command's own message (always English)
    const reason = found?.reason ?? 'unlisted';
    const msg = found ? renderRefusal(found.reason as RefusalReason, locale, found.params) : english;
    const body: RefusalBody = { code, msg, reason, ...(found?.params && Object.keys(found.params).length ? { params: found.params } : {}), data: null };
    return reply.code(httpStatus).serializer(JSON.stringify).send(body);
  }

  return (error, request, reply) => {
    if (error instanceof AppError) {
      const found = error.reason ? { reason: error.reason, params: error.params, source: 'route' as const } : undefined;
      return sendRefusal(request, reply, error.httpStatus, error.code, found, error.message);
    }
    if (error.validation) {
      const found = { ...refusalOfValidation(error.validation, error.validationContext), source: 'input' as const };
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
  };
}

/** The error handler without the contract check (production, and tests of one route). */
export const errorHandler = createErrorHandler();

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const msg = `${renderRefusal('notFound', localeOf(request.headers.lang))}: ${request.method} ${request.url.split('?')[0]}`;
  const body: RefusalBody = { code: 404, msg, reason: 'notFound', data: null };
  return reply.code(404).serializer(JSON.stringify).send(body);
}
