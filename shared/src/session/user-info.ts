import { identity } from '@meridian/contracts';
import { call } from '../http/call';
import type { PlatformStore } from '../store';
import { applyUserInfo } from './actions';

const inFlight = new WeakMap<PlatformStore, Promise<void>>();

/**
 * Asks user/info again and stores the answer (applyUserInfo); calls made while one is on its way share it, so
 * every trade form of a screen asking at mount costs one request. A failure keeps what is stored.
 */
export function refreshUserInfo(store: PlatformStore): Promise<void> {
  const pending = inFlight.get(store);
  if (pending) return pending;
  const request = call(identity.info, undefined, { silent: true }).then(
    (info) => applyUserInfo(store, info),
    () => undefined,
  );
  const settled = request.finally(() => inFlight.delete(store));
  inFlight.set(store, settled);
  return settled;
}
