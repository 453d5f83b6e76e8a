import type { Call, CallSchema } from './call.js';

/** A call joined with its schemas: what the server registers and the OpenAPI document lists. */
export interface Contract {
  domain: string;
  name: string;
  call: Call;
  schema: CallSchema;
}

type SchemasOf<C extends Record<string, Call>> = { [K in keyof C]: C[K] extends Call<infer S> ? S : never };

/** Joins a domain's calls with its schemas; a call without its schema does not compile. */
export function bind<C extends Record<string, Call>>(domain: string, calls: C, schemas: SchemasOf<C>): Contract[] {
  return Object.keys(calls).map((name) => ({ domain, name, call: calls[name]!, schema: (schemas as Record<string, CallSchema>)[name]! }));
}
