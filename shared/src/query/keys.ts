/**
 * Query keys are `[path, input]`: the API path without host (e.g. '/asset/api/account/list') and the call's input
 * exactly as sent. That is also `[contract.path, input]` of a typed API contract, so a screen can move to
 * `useQuery(queryOf(contract, input))` without changing what invalidates it; `[path]` alone is the prefix that
 * matches every input of one endpoint (what the push table and mutations invalidate).
 */
export type ApiKey<I = unknown> = readonly [path: string, input: I];

export function apiKey<I>(path: string, input: I): ApiKey<I> {
  return [path, input] as const;
}

/** The prefix matching every query of `path`, whatever its input. */
export function pathKey(path: string): readonly [string] {
  return [path] as const;
}
