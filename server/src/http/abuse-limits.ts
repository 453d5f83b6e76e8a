import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { refuse } from './refuse.js';

/** The calls an attacker repeats: guessing passwords, spraying codes, mass sign-ups, probing recovery. */
export type LimitedGroup = 'login' | 'codes' | 'register' | 'recovery';

export interface AbuseLimits {
  /** RATE_LIMITS (default on; tests turn it off unless they test it). */
  enabled: boolean;
  windowMs: number;
  /** Requests per window from one client address (request.ip: the proxy's client when TRUST_PROXY names the proxy). */
  perAddress: Record<LimitedGroup, number>;
  /** Requests per window from everyone together: a ceiling on a distributed attack, far above real traffic. */
  global: Record<LimitedGroup, number>;
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = {
  enabled: true,
  windowMs: 60_000,
  perAddress: { login: 20, codes: 10, register: 10, recovery: 10 },
  global: { login: 600, codes: 300, register: 300, recovery: 300 },
};

/** Full paths of the limited calls (the identity contracts' paths). */
export const LIMITED_ROUTES: Record<string, LimitedGroup> = {
  '/asset/api/user/login': 'login',
  '/asset/api/user/sendOtp': 'codes',
  '/asset/api/user/SendSmsOtp': 'codes',
  '/asset/api/user/register': 'register',
  '/asset/api/user/forgot-password': 'recovery',
  '/asset/api/user/forgot-fund-password': 'recovery',
};

/** Where every process counts (cluster mode): an ioredis client and the venue's key prefix. */
export interface SharedLimitStore {
  redis: Redis;
  nameSpace: string;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A request the global ceiling of its group lets through when reached (the per-address limit still applies): for
 * login, a client the named account knows (a device cookie for it, or an address it logged in from;
 * modules/identity/login/trusted-clients.ts), so that a flood from anywhere does not lock every user out. Read with
 * the body parsed and validated, and only when the ceiling is reached.
 */
export type CeilingExemption = (request: FastifyRequest) => Promise<boolean>;

/**
 * Per-address and global request limits on the calls of LIMITED_ROUTES (@fastify/rate-limit: in memory per
 * process, in Redis for every process in cluster mode). Added to those routes as they are registered, so the routes themselves stay as they are; must be
 * registered before the modules' routes. A refusal is HTTP 429 with the reason 'tooManyRequests' and Retry-After.
 * The per-address limit is checked as the request arrives; the global one too, unless its group has an exemption:
 * then once the body is validated, and a request the exemption names passes it.
 */
export async function registerAbuseLimits(
  app: FastifyInstance,
  limits: AbuseLimits,
  exemptions: Partial<Record<LimitedGroup, CeilingExemption>> = {},
  shared?: SharedLimitStore,
): Promise<void> {
  if (!limits.enabled) return;
  // cluster mode: counted in Redis, so N processes allow what one does
  // (a Redis that does not answer lets requests through rather than failing them: skipOnError)
  await app.register(rateLimit, { global: false, ...(shared ? { redis: shared.redis, nameSpace: shared.nameSpace, skipOnError: true } : {}) });
  const hooks = new Map<LimitedGroup, { onRequest: onRequestHookHandler; preHandler?: preHandlerHookHandler }>();
  const refuseOver = async (limiter: Limiter, request: FastifyRequest, reply: FastifyReply, exempt?: CeilingExemption) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      if (exempt && (await exempt(request).catch(() => false))) return;
      void reply.header('retry-after', String(result.ttlInSeconds));
      throw refuse('tooManyRequests', {}, 429, 429);
    }
  };
  for (const group of ['login', 'codes', 'register', 'recovery'] as const) {
    // Per address first: one abusive address is stopped before it uses up everyone's allowance.
    const perAddress = app.createRateLimit({ max: limits.perAddress[group], timeWindow: limits.windowMs, keyGenerator: (request) => `${group}:${request.ip}` });
    const global = app.createRateLimit({ max: limits.global[group], timeWindow: limits.windowMs, keyGenerator: () => `${group}:*` });
    const exempt = exemptions[group];
    hooks.set(
      group,
      exempt
        ? {
            onRequest: async (request, reply) => refuseOver(perAddress, request, reply),
            preHandler: async (request, reply) => refuseOver(global, request, reply, exempt),
          }
        : {
            onRequest: async (request, reply) => {
              await refuseOver(perAddress, request, reply);
              await refuseOver(global, request, reply);
            },
          },
    );
  }
  const listOf = <T>(hook: T | T[] | undefined): T[] => (hook ? (Array.isArray(hook) ? hook : [hook]) : []);
  app.addHook('onRoute', (route) => {
    const group = LIMITED_ROUTES[route.url];
    if (!group) return;
    const { onRequest, preHandler } = hooks.get(group)!;
    route.onRequest = [onRequest, ...listOf(route.onRequest)];
    if (preHandler) route.preHandler = [preHandler, ...listOf(route.preHandler)];
  });
}
