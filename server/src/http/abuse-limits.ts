import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Per-address and global request limits on the calls of LIMITED_ROUTES (@fastify/rate-limit, in-memory per
 * process). Added to those routes as they are registered, so the routes themselves stay as they are; must be
 * registered before the modules' routes. A refusal is HTTP 429 with the reason 'tooManyRequests' and Retry-After.
 */
export async function registerAbuseLimits(app: FastifyInstance, limits: AbuseLimits): Promise<void> {
  if (!limits.enabled) return;
  await app.register(rateLimit, { global: false });
  const hooks = new Map<LimitedGroup, onRequestHookHandler>();
  for (const group of ['login', 'codes', 'register', 'recovery'] as const) {
    // Per address first: one abusive address is stopped before it uses up everyone's allowance.
    const limiters: Limiter[] = [
      app.createRateLimit({ max: limits.perAddress[group], timeWindow: limits.windowMs, keyGenerator: (request) => `${group}:${request.ip}` }),
      app.createRateLimit({ max: limits.global[group], timeWindow: limits.windowMs, keyGenerator: () => `${group}:*` }),
    ];
    hooks.set(group, async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limiter of limiters) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          void reply.header('retry-after', String(result.ttlInSeconds));
          throw refuse('tooManyRequests', {}, 429, 429);
        }
      }
    });
  }
  app.addHook('onRoute', (route) => {
    const group = LIMITED_ROUTES[route.url];
    if (!group) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [hooks.get(group)!, ...existing];
  });
}
