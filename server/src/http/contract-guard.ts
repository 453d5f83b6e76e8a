import type { FastifyInstance } from 'fastify';
import { CONTRACT_CONFIG } from './route.js';

/** The spec's API prefixes: every route under them is registered from a contract (route.ts). */
export const API_PREFIXES = ['/asset/api', '/asset/admin/common/oss', '/api/market', '/transaction/api'] as const;

/**
 * Route config of the rare API route that answers bytes rather than the JSON envelope (an uploaded image): it
 * has no reply schema to describe, so it says so instead of naming a contract.
 */
export const RAW_ROUTE = { raw: true } as const;

export const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/**
 * Refuses, at start-up, any API route registered without a contract: a call the contracts don't list would have
 * no validation schema from them, no reply schema, no type on the client and no place in the OpenAPI document.
 */
export function requireContracts(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    const url = options.url ?? options.path ?? '';
    const config = options.config as Record<string, unknown> | undefined;
    const contract = config?.[CONTRACT_CONFIG];
    if (isApiPath(url) && typeof contract !== 'string' && config?.raw !== true && options.method !== 'HEAD') {
      throw new Error(`${String(options.method)} ${url} has no contract: define it in contracts/ and register it with route()`);
    }
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from ("METHOD /path"), set by route(). */
    contract?: string;
    /** An API route answering bytes, not the envelope (RAW_ROUTE). */
    raw?: boolean;
  }
}
