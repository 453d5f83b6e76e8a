import type { QueryClient } from '@tanstack/react-query';
import { tokenAtom, typeUserAtom } from '../session/atoms';
import type { PlatformStore } from '../store';

/** Logout: nothing of the previous user may be shown to the next one, so every cached answer is dropped. */
export function clearQueriesOnLogout(client: QueryClient): void {
  void client.cancelQueries();
  client.clear();
}

/**
 * A real/demo switch: the same keys now mean the other account (the mode travels as a header, not in the key),
 * so every answer is reset to "not loaded" — no screen shows real money as demo or the reverse — and the queries
 * on screen refetch for the new mode (an answer still in flight for the old mode is cancelled).
 */
export function resetQueriesOnModeSwitch(client: QueryClient): void {
  void client.resetQueries();
}

const bound = new WeakMap<PlatformStore, WeakSet<QueryClient>>();

/**
 * Keeps a QueryClient in step with the session in `store`, whatever changes it (logout, switchMode, a session that
 * expired, a login that restores the demo mode): the token going away clears the cache, a change of account mode
 * resets it. Binding the same pair again does nothing (every micro-app of the page binds the page's pair).
 * Returns the function that unbinds.
 */
export function bindQueriesToSession(store: PlatformStore, client: QueryClient): () => void {
  let clients = bound.get(store);
  if (!clients) bound.set(store, (clients = new WeakSet()));
  if (clients.has(client)) return () => undefined;
  clients.add(client);
  let mode = store.get(typeUserAtom);
  const stopToken = store.sub(tokenAtom, () => {
    if (!store.get(tokenAtom)) clearQueriesOnLogout(client);
  });
  const stopMode = store.sub(typeUserAtom, () => {
    const next = store.get(typeUserAtom);
    if (next === mode) return;
    mode = next;
    resetQueriesOnModeSwitch(client);
  });
  return () => {
    stopToken();
    stopMode();
    clients.delete(client);
  };
}
