import type { Static, TSchema } from 'typebox';
import type { AnyCallRefusal, RefusalReason } from '../refusals.js';

export type Method = 'GET' | 'POST' | 'PUT';

/** The schemas of one call: its input (query string or JSON body) and the `data` of its reply envelope. */
export interface CallSchema {
  query?: TSchema;
  body?: TSchema;
  data: TSchema;
  /** One line for the API reference. */
  summary?: string;
  /**
   * Every refusal key the call may answer besides those any call may (ANY_CALL_REFUSALS): its service's refusals
   * and the `x-reason` of its input schemas. Written with `refuses(...)` so the list keeps its literal type: the
   * client's `reason` of this call is that union (ReasonOf), the OpenAPI document lists them per operation, and
   * the server's tests fail on a refusal a call answers without listing it (server/src/http/refusal-check.ts).
   */
  refusals: readonly RefusalReason[];
  /** The HTTP status of a listed refusal the call answers with an error status (e.g. 404); the rest answer 200. */
  refusalStatus?: Partial<Record<RefusalReason, number>>;
}

/**
 * One API call as the front ends see it: method and path only. Its schemas live beside it in the domain's
 * `schemas.ts`, which only the server imports, so a screen's bundle carries two strings per call, never a
 * schema; the schemas still give this object its types (`S` is a phantom type).
 */
export interface Call<S extends CallSchema = CallSchema> {
  readonly method: Method;
  readonly path: string;
  /** Never set: carries the schemas' type to `InputOf` and `DataOf`. */
  readonly __schema?: S;
}

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;

/** What the caller sends: the query string of a GET, the body of a POST (void when the call takes nothing). */
export type InputOf<C> = C extends Call<infer S> ? StaticOr<S['query'], StaticOr<S['body'], void>> : never;
/** The `data` of a successful reply. */
export type DataOf<C> = C extends Call<infer S> ? Static<S['data']> : never;

/** The refusal keys a call may answer (its contract's list and those of any call): what a screen compares `reason` with. */
export type ReasonOf<C> = C extends Call<infer S> ? S['refusals'][number] | AnyCallRefusal : never;

export function call<S extends CallSchema>(method: Method, path: string): Call<S> {
  return { method, path };
}

/** The server-state cache key of a call with its input: `[path, input]` (TanStack Query convention). */
export function callKey<C extends Call>(contract: C, input?: InputOf<C>): readonly [string, unknown] | readonly [string] {
  return input === undefined ? [contract.path] : [contract.path, input];
}
