import type { Call, DataOf, InputOf } from '@meridian/contracts';
import { call, type CallOptions } from '../http/call';
import { apiKey, type ApiKey } from './keys';

/** What a contract read is keyed by: the input, or `{}` for a call that takes none (one key per endpoint then). */
type KeyInput<C extends Call> = InputOf<C> extends void ? Record<string, never> : InputOf<C>;

export interface ApiQueryDef<C extends Call> {
  queryKey: ApiKey<KeyInput<C>>;
  queryFn: () => Promise<DataOf<C>>;
}

/** The input argument of a contract read: none for a call that takes none. */
export type ReadArgs<C extends Call, Rest extends unknown[] = []> = InputOf<C> extends void ? [input?: undefined, ...rest: Rest] : [input: InputOf<C>, ...rest: Rest];

/**
 * One contract read as TanStack Query wants it: the key `[contract.path, input]` and the fetcher sending exactly
 * that input, made together so they cannot disagree. The data cached is the contract's own `data` (a screen that
 * wants another shape uses `select`), so two screens of two remotes reading one endpoint share one entry.
 * Reads are silent: the screen shows its own error state with a retry (QueryState).
 */
export function queryOf<C extends Call>(contract: C, ...[input, options = { silent: true }]: ReadArgs<C, [options?: CallOptions]>): ApiQueryDef<C> {
  const send = call as (c: Call, i: unknown, o?: CallOptions) => Promise<DataOf<C>>;
  return {
    queryKey: apiKey(contract.path, (input ?? {}) as KeyInput<C>),
    queryFn: () => send(contract, input, options),
  };
}
