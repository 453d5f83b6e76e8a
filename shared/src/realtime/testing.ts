import type {
  DepthOptions,
  DepthUpdate,
  ForexQuote,
  MarketEvent,
  PositionKind,
  PositionPush,
  Quote,
  SocketHub,
  Unsubscribe,
} from './types';

/**
 * An in-memory SocketHub for component tests and previews: no sockets, no throttles; `emit*` delivers
 * immediately to the current subscribers, and `listenerCount` shows what is subscribed.
 */
export interface ManualSocketHub extends SocketHub {
  emitQuotes(quotes: Quote[]): void;
  emitForex(quotes: ForexQuote[]): void;
  emitMarketEvent(type: string, event: MarketEvent): void;
  emitDepth(update: DepthUpdate): void;
  emitPosition(kind: PositionKind, push: PositionPush): void;
  /** Subscribers per channel: 'quotes', 'forex', 'market:<type>', 'depth:<SYMBOL>', 'positions:<KIND>'. */
  listenerCount(channel: string): number;
}

export function createManualSocketHub(): ManualSocketHub {
  const channels = new Map<string, Set<(value: never) => void>>();
  let quotes: ReadonlyMap<string, Quote> = new Map();
  let forex: ReadonlyMap<string, ForexQuote> = new Map();

  function add<T>(channel: string, listener: (value: T) => void): Unsubscribe {
    let set = channels.get(channel);
    if (!set) channels.set(channel, (set = new Set()));
    const entry = listener as (value: never) => void;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }
  function emit<T>(channel: string, value: T): void {
    for (const listener of [...(channels.get(channel) ?? [])]) (listener as (value: T) => void)(value);
  }
  function byKey<T extends { symbol: string }>(items: T[]): Map<string, T> {
    return new Map(items.map((item) => [item.symbol, item]));
  }

  return {
    subscribeQuotes: (listener) => add('quotes', listener),
    getQuotes: () => quotes,
    subscribeMarketEvents: (type, listener) => add(`market:${type}`, listener),
    subscribeForex: (listener) => add('forex', listener),
    getForexQuotes: () => forex,
    subscribeDepth: (symbol: string, listener: (update: DepthUpdate) => void, options?: DepthOptions) =>
      options?.isIco ? () => {} : add(`depth:${symbol.toUpperCase()}`, listener),
    subscribePositions: (kind, listener) => add(`positions:${kind}`, listener),
    emitQuotes(items) {
      const changed = byKey(items);
      quotes = new Map([...quotes, ...changed]);
      emit('quotes', changed);
    },
    emitForex(items) {
      const changed = byKey(items);
      forex = new Map([...forex, ...changed]);
      emit('forex', changed);
    },
    emitMarketEvent: (type, event) => emit(`market:${type}`, event),
    emitDepth: (update) => emit(`depth:${update.symbol.toUpperCase()}`, update),
    emitPosition: (kind, push) => emit(`positions:${kind}`, push),
    listenerCount: (channel) => channels.get(channel)?.size ?? 0,
  };
}
