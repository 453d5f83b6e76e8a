import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { MicroApp } from '@meridian/shared';

export interface IsolationOptions {
  /** Extra attempts after a failed manifest or entry fetch. */
  retries: number;
  /** Wait before attempt n (1-based). */
  delayMs: (attempt: number) => number;
  /** The module to use instead of a remote's `./app` that could not be loaded. */
  fallbackFor: (remoteName: string, error: unknown) => MicroApp;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Fetches with retries; a non-2xx answer counts as a failure (a 404 manifest is not a manifest). */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  { retries, delayMs, sleep = defaultSleep }: Pick<IsolationOptions, 'retries' | 'delayMs' | 'sleep'>,
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await sleep(delayMs(attempt));
    try {
      const response = await fetchImpl(url, init);
      if (response.ok) return response;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];

/** Loads a remote entry script again after it failed; the runtime's own attempt counts as the first. */
async function retryEntry(
  { getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs,
  retries: number,
  delayMs: (attempt: number) => number,
  sleep: (ms: number) => Promise<void>,
) {
  for (let attempt = 1; attempt <= retries; attempt += 1) {
    await sleep(delayMs(attempt));
    delete globalLoading[uniqueKey];
    try {
      const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (exports) return exports;
    } catch {
      // keep trying; the last failure reaches errorLoadRemote
    }
  }
  return undefined;
}

/**
 * The first two of the shell's three isolation layers (the third is the guard around mount and the error
 * boundary inside every remote): retry manifest and entry fetches, then give up on that remote only by
 * handing single-spa a fallback module instead of an error.
 */
export function isolationPlugin(options: IsolationOptions): ModuleFederationRuntimePlugin {
  const sleep = options.sleep ?? defaultSleep;
  return {
    name: 'meridian-isolation',
    fetch(url, init) {
      return fetchWithRetry(url, init, { ...options, sleep });
    },
    loadEntryError(args) {
      // The hook's declared type nests a promise in a promise; awaiting flattens it either way.
      return retryEntry(args, options.retries, options.delayMs, sleep) as never;
    },
    async errorLoadRemote(args) {
      // A failed manifest is reported at "afterResolve" where a returned value would be taken as the manifest
      // itself; answer only at "onLoad", where the returned value stands in for the module.
      if (args.lifecycle !== 'onLoad') return undefined;
      const remoteName = args.id.split('/')[0] ?? args.id;
      console.error(`[meridian] remote ${remoteName} could not be loaded`, args.error);
      return options.fallbackFor(remoteName, args.error);
    },
  };
}
