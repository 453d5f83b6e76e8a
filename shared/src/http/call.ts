import type { AxiosRequestConfig } from 'axios';
import type { Call, DataOf, InputOf, ReasonOf } from '@meridian/contracts';
import { ApiError, request } from './client';

export type CallOptions = Pick<AxiosRequestConfig, 'signal' | 'headers' | 'onUploadProgress'> & {
  /** No toast on refusal: the screen shows the error itself. */
  silent?: boolean;
};

/**
 * Calls one API contract through the platform's axios instance (the shell's conventions: headers, envelope,
 * session expiry, toasts): the input goes in the query string of a GET and the body of a POST, and the reply's
 * `data` comes back typed by the contract.
 */
export function call<C extends Call>(contract: C, ...[input, options]: InputOf<C> extends void ? [input?: undefined, options?: CallOptions] : [input: InputOf<C>, options?: CallOptions]): Promise<DataOf<C>> {
  const { method, path } = contract;
  return request<DataOf<C>>({
    url: path,
    method,
    ...(input === undefined ? {} : method === 'GET' ? { params: input } : { data: input }),
    ...options,
  });
}

/**
 * The refusal key of a failed call, typed as the keys its contract lists (ReasonOf: the contract's `refusals` and
 * those of any call), or undefined for any other failure (network, timeout). Comparing it with a key the call can
 * never answer does not compile: `refusalOf(wallet.convert, failure) === 'rateMoved'`.
 */
export function refusalOf<C extends Call>(_contract: C, failure: unknown): ReasonOf<C> | undefined {
  return failure instanceof ApiError ? (failure.reason as ReasonOf<C> | undefined) : undefined;
}
