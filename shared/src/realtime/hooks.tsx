import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createFrameBatcher } from './frame';
import { getSocketHub, watchSocketHub } from './registry';
import type { DepthUpdate, ForexQuote, MarketEvent, PositionKind, PositionPush, Quote, SocketHub, Unsubscribe } from './types';

/*
 * React bindings of the socket hub. Every hook works without an installed hub (tests, a remote's standalone
 * preview): it returns empty state and subscribes to nothing, and picks the hub up if one is installed later.
 * On top of the hub's throttles, every hook delivers at most once per animation frame.
 */

const EMPTY_QUOTES: ReadonlyMap<string, Quote> = new Map();
const EMPTY_FOREX: ReadonlyMap<string, ForexQuote> = new Map();
const noop = () => {};

/** The installed hub (re-renders when one is installed or removed), or null. */
export function useSocketHub(): SocketHub | null {
  return useSyncExternalStore(watchSocketHub, getSocketHub, getSocketHub);
}

/** Turns a hub subscription into a useSyncExternalStore subscribe that notifies React at most once per frame. */
function framed(subscribe: (notify: () => void) => Unsubscribe): (onStoreChange: () => void) => Unsubscribe {
  return (onStoreChange) => {
    const frame = createFrameBatcher(onStoreChange);
    const unsubscribe = subscribe(() => frame.schedule());
    return () => {
      unsubscribe();
      frame.cancel();
    };
  };
}

/** Latest quote of every symbol of the market list, keyed by symbol. */
export function useQuotes(): ReadonlyMap<string, Quote> {
  const hub = useSocketHub();
  const subscribe = useCallback(
    (onStoreChange: () => void) => (hub ? framed((notify) => hub.subscribeQuotes(notify))(onStoreChange) : noop),
    [hub],
  );
  const snapshot = useCallback(() => (hub ? hub.getQuotes() : EMPTY_QUOTES), [hub]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Latest quote of one symbol; re-renders only when that symbol changes. */
export function useQuote(symbol: string | null | undefined): Quote | undefined {
  const hub = useSocketHub();
  const subscribe = useCallback(
    (onStoreChange: () => void) =>
      hub && symbol
        ? framed((notify) =>
            hub.subscribeQuotes((changed) => {
              if (changed.has(symbol)) notify();
            }),
          )(onStoreChange)
        : noop,
    [hub, symbol],
  );
  const snapshot = useCallback(() => (hub && symbol ? hub.getQuotes().get(symbol) : undefined), [hub, symbol]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Latest forex quote of every symbol, keyed by symbol. */
export function useForexQuotes(): ReadonlyMap<string, ForexQuote> {
  const hub = useSocketHub();
  const subscribe = useCallback(
    (onStoreChange: () => void) => (hub ? framed((notify) => hub.subscribeForex(notify))(onStoreChange) : noop),
    [hub],
  );
  const snapshot = useCallback(() => (hub ? hub.getForexQuotes() : EMPTY_FOREX), [hub]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * The latest order-book depth message of `symbol` (null until one arrives, and always null for ICO symbols,
 * which are not subscribed at all). When `symbol` changes the old subscription is released first.
 */
export function useDepth(symbol: string | null | undefined, isIco?: number | boolean | null): DepthUpdate | null {
  const hub = useSocketHub();
  const skip = !hub || !symbol || Boolean(isIco);
  const [latest, setLatest] = useState<{ hub: SocketHub; symbol: string; update: DepthUpdate } | null>(null);

  useEffect(() => {
    if (!hub || !symbol || isIco) return;
    let pending: DepthUpdate | null = null;
    const frame = createFrameBatcher(() => {
      const update = pending;
      pending = null;
      if (update) setLatest({ hub, symbol, update });
    });
    const unsubscribe = hub.subscribeDepth(
      symbol,
      (update) => {
        pending = update;
        frame.schedule();
      },
      { isIco },
    );
    return () => {
      unsubscribe();
      frame.cancel();
    };
  }, [hub, symbol, isIco]);

  return !skip && latest && latest.hub === hub && latest.symbol === symbol ? latest.update : null;
}

/** Calls the latest `handler` with every queued item, once per frame, in arrival order. */
function useFramedEvents<T>(
  subscribe: ((listener: (item: T) => void) => Unsubscribe) | null,
  handler: (item: T) => void,
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!subscribe) return;
    let queue: T[] = [];
    const frame = createFrameBatcher(() => {
      const items = queue;
      queue = [];
      for (const item of items) handlerRef.current(item);
    });
    const unsubscribe = subscribe((item) => {
      queue.push(item);
      frame.schedule();
    });
    return () => {
      unsubscribe();
      frame.cancel();
    };
  }, [subscribe]);
}

/**
 * Calls `handler` with every position/order push whose action contains `kind` (POSITION, SPOT or
 * SECOND_CONTRACT). Pushes flow only while the user is logged in. Handler calls of one frame are batched
 * into one render.
 */
export function usePositionEvents(kind: PositionKind, handler: (push: PositionPush) => void): void {
  const hub = useSocketHub();
  const subscribe = useCallback(
    (listener: (push: PositionPush) => void) => (hub ? hub.subscribePositions(kind, listener) : noop),
    [hub, kind],
  );
  useFramedEvents(hub ? subscribe : null, handler);
}

/** Calls `handler` with every market-stream event whose `e` or `type` field equals `type`. */
export function useMarketEvents(type: string, handler: (event: MarketEvent) => void): void {
  const hub = useSocketHub();
  const subscribe = useCallback(
    (listener: (event: MarketEvent) => void) => (hub ? hub.subscribeMarketEvents(type, listener) : noop),
    [hub, type],
  );
  useFramedEvents(hub ? subscribe : null, handler);
}

const notPaused = () => false;

/**
 * Whether live data is paused (a stream gave up after the spec's five reconnect attempts) and a retry that tries
 * again at once. False, with a retry that does nothing, without a hub or with a hub that never pauses.
 */
export function useLivePaused(): { paused: boolean; retry: () => void } {
  const hub = useSocketHub();
  const subscribe = useCallback((onStoreChange: () => void) => (hub?.subscribePaused ? hub.subscribePaused(onStoreChange) : noop), [hub]);
  const snapshot = useCallback(() => (hub?.isPaused ? hub.isPaused() : false), [hub]);
  const paused = useSyncExternalStore(subscribe, hub ? snapshot : notPaused, hub ? snapshot : notPaused);
  const retry = useCallback(() => hub?.restart?.(), [hub]);
  return { paused, retry };
}
