import { applyPushToSession, pushActions, invalidateForPush, type PlatformStore, type QueryClient, type SocketHub, type UserPush } from '@meridian/shared';

export interface LiveInvalidationOptions {
  hub: Pick<SocketHub, 'subscribePositions'>;
  client: QueryClient;
  /** The account mode on screen now: a push for the other one is ignored. */
  getMode: () => 'real' | 'demo';
  /** The session a push may change too (a KYC review's status, which the trade gate reads). */
  store?: PlatformStore;
}

/**
 * Turns the user's live pushes (deposit credited, withdrawal approved, a transfer, …) into invalidations of the
 * queries they affect (the push.invalidations the live remotes' manifests declare: start this once the slots are set), so an open wallet shows a deposit without a
 * reload, and a KYC review into the session's user. The positions stream only flows while a login token exists, so
 * this listens while logged in.
 * Returns the function that stops listening.
 */
export function startLiveInvalidation({ hub, client, getMode, store }: LiveInvalidationOptions): () => void {
  const stops = pushActions().map((action) =>
    // an action a remote brings is a kind the hub has not been told of: it delivers by name all the same
    hub.subscribePositions(action as Parameters<SocketHub['subscribePositions']>[0], (push) => {
      // the hub delivers by "action contains kind"; each push is handled once, by the listener of its own action
      if (push.action !== action) return;
      invalidateForPush(client, push as UserPush, getMode());
      if (store) applyPushToSession(store, push as UserPush);
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
