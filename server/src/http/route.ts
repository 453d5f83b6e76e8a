import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Call, CallSchema } from '@meridian/contracts';
import { contractOf, Envelope } from '@meridian/contracts/schemas';
import { ok } from './envelope.js';
import type { FastLane } from './fast-lane.js';
import type { VersionedBodyCache } from './prepared-body.js';
import { validatorCompiler } from './validation.js';

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;

/** The request a contract's handler receives: its query string or body typed by the contract's schema. */
export type ContractRequest<S extends CallSchema> = FastifyRequest<{
  Querystring: StaticOr<S['query'], Record<string, never>>;
  Body: StaticOr<S['body'], undefined>;
}>;

/**
 * The data a handler answers with: the contract's type, except that a time may still be a Date (the reply
 * schema writes it as ISO 8601) — services keep their Dates, the wire gets strings.
 */
type Wire<T> = T extends string ? T | (string extends T ? Date : never) : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

export type ContractHandler<S extends CallSchema> = (request: ContractRequest<S>, reply: FastifyReply) => Promise<Wire<Static<S['data']>>> | Wire<Static<S['data']>>;

export interface RouteOptions<S extends CallSchema> {
  /** Request log level (e.g. 'warn' for lists every quote screen polls); failures log whatever it is. */
  logLevel?: 'warn' | 'info';
  /**
   * An answer many requests share until `cache` moves to a new version (the market's next tick): serialised with
   * the contract's reply schema and compressed once per version and key, not once per request. The handler
   * must then be synchronous; `key` names the variant (bounded: built from validated input).
   */
  shared?: { cache: VersionedBodyCache; key: (request: ContractRequest<S>) => string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Replays shared answers in front of Fastify (fast-lane.ts); absent in apps built without it. */
    fastLane?: FastLane;
  }
}

/** The version each shared answer in flight was built at, for the fast lane to remember it by. */
const builtAt = new WeakMap<FastifyRequest, string>();

/** Route config key naming the contract a route was registered from (the "every route has a contract" check). */
export const CONTRACT_CONFIG = 'contract';

/**
 * Registers one API route from its contract: the method and path, the input schema that validates it, and the
 * reply schema that serialises `{code, msg, data}` and drops every field the contract does not name. The handler
 * returns the data; the envelope is added here. Inside a plugin registered under an API prefix the contract's
 * full path is taken relative to that prefix.
 */
export function route<S extends CallSchema>(app: FastifyInstance, contract: Call<S>, handler: ContractHandler<S>, options: RouteOptions<S> = {}): void {
  const { schema } = contractOf(contract);
  const { shared } = options;
  const prefix = app.prefix;
  const lane = app.fastLane;
  if (!contract.path.startsWith(prefix)) throw new Error(`${contract.path} is not under the plugin prefix ${prefix}`);
  app.route({
    method: contract.method,
    url: contract.path.slice(prefix.length),
    schema: {
      ...(schema.query ? { querystring: schema.query } : {}),
      ...(schema.body ? { body: schema.body } : {}),
      response: { 200: Envelope(schema.data) },
    },
    // strict for bodies (no coercion), wherever the route is registered
    validatorCompiler,
    config: { [CONTRACT_CONFIG]: `${contract.method} ${contract.path}` },
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(shared && lane
      ? {
          onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            const version = builtAt.get(request);
            if (version !== undefined) lane.remember(request, reply, payload, version, shared.cache.version);
            return payload;
          },
        }
      : {}),
    handler: shared
      ? async (request, reply) => {
          const typed = request as ContractRequest<S>;
          const version = shared.cache.version();
          builtAt.set(request, version);
          return shared.cache.get(shared.key(typed), () => String(reply.serialize(ok(handler(typed, reply)))), version).send(request, reply);
        }
      : async (request, reply) => ok(await handler(request as ContractRequest<S>, reply)),
  });
}
