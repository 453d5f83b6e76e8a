import type { Static, TSchema } from 'typebox';

export type Method = 'GET' | 'POST';

/** The schemas of one call: its input (query string or JSON body) and the `data` of its reply envelope. */
export interface CallSchema {
  query?: TSchema;
  body?: TSchema;
  data: TSchema;
  /** One line for the API reference. */
  summary?: string;
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

export function call<S extends CallSchema>(method: Method, path: string): Call<S> {
  return { method, path };
}

/** The server-state cache key of a call with its input: `[path, input]` (TanStack Query convention). */
export function callKey<C extends Call>(contract: C, input?: InputOf<C>): readonly [string, unknown] | readonly [string] {
  return input === undefined ? [contract.path] : [contract.path, input];
}
