import type { DepthOptions, DepthUpdate, ForexQuote, MarketEvent, PositionKind, PositionPush, Quote, SocketHub, Unsubscribe } from '@meridian/shared';
import { KeyedThrottle } from './keyed-throttle';
import { deliver, track, trackKeyed, type Entry } from './listener-book';
import { ReconnectingSocket, type WebSocketConstructor } from './reconnecting-socket';
import { StreamLink } from './stream-link';
import { depthRequest, readDepth, readForex, readMarket, readPosition } from './stream-messages';
import { consoleLogger, globalTimers, type Logger, type Timers } from './timers';

/** Trading spec §9. */
export const MARKET_THROTTLE_MS = 1000;
export const FOREX_THROTTLE_MS = 100;
/** The market stream's access key unless the config names another. */
export const DEFAULT_MARKET_KEY = 'meridian-public';
/** How long a connection nobody listens to any more stays open (a page change often re-subscribes at once). */
export const IDLE_CLOSE_MS = 3000;

export const STREAM_PATHS = { market: '/ws/market', forex: '/ws/forex', depth: '/ws/depth', positions: '/ws/positions' } as const;

export interface SocketHubConfig {
  /** The market stream's access key (`/ws/market?key=…`). */
  marketKey?: string;
  /** Where the streams live: the page's own origin by default. */
  location?: { protocol: string; host: string };
  WebSocket?: WebSocketConstructor;
  timers?: Timers;
  logger?: Logger;
  maxAttempts?: number;
  retryDelayMs?: number;
  connectTimeoutMs?: number;
  marketThrottleMs?: number;
  forexThrottleMs?: number;
  /** Delay before a connection without subscribers is closed (0 closes at once). */
  idleCloseMs?: number;
}

/** ws: or wss: (matching http: or https:) URL of `path` on the given origin. */
export function streamUrl(location: { protocol: string; host: string }, path: string, query?: Record<string, string>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${scheme}//${location.host}${path}${search}`;
}

/**
 * The browser's socket hub: the four live connections of the trading spec (§4) behind the SocketHub interface.
 *
 * - market (`/ws/market?key=…`): open while anything listens to quotes or market events; quote arrays are
 *   merged by symbol and delivered at most once per 1000 ms; `msg` notices are ignored; other objects are
 *   dispatched to the listeners of their `e`/`type`.
 * - forex (`/ws/forex`): open while anything listens; `data` arrays merged by symbol, at most once per 100 ms.
 * - depth (`/ws/depth`): one SUBSCRIBE per symbol however many listen, UNSUBSCRIBE when the last leaves, ids
 *   increasing; ICO symbols are skipped; active subscriptions are re-sent on every (re)connection.
 * - positions (`/ws/positions?token=…`): open only while a login token exists and something listens; a token
 *   change or logout closes the earlier connection first; pushes go to POSITION / SPOT / SECOND_CONTRACT
 *   listeners by the words their action contains.
 */
export class BrowserSocketHub implements SocketHub {
  private readonly timers: Timers;
  private readonly logger: Logger;
  private readonly location: { protocol: string; host: string };

  private readonly market: StreamLink;
  private readonly quoteListeners = new Set<Entry<ReadonlyMap<string, Quote>>>();
  private readonly eventListeners = new Map<string, Set<Entry<MarketEvent>>>();
  private readonly quoteThrottle: KeyedThrottle<Quote>;
  private quotes: ReadonlyMap<string, Quote> = new Map();

  private readonly forex: StreamLink;
  private readonly forexListeners = new Set<Entry<ReadonlyMap<string, ForexQuote>>>();
  private readonly forexThrottle: KeyedThrottle<ForexQuote>;
  private forexQuotes: ReadonlyMap<string, ForexQuote> = new Map();

  private readonly depth: StreamLink;
  private readonly depthListeners = new Map<string, Set<Entry<DepthUpdate>>>();
  private depthId = 0;

  private readonly positions: StreamLink;
  private readonly positionListeners = new Map<PositionKind, Set<Entry<PositionPush>>>();
  private token: string | null = null;

  private paused = false;
  private readonly pausedListeners = new Set<() => void>();

  constructor(private readonly config: SocketHubConfig = {}) {
    this.timers = config.timers ?? globalTimers;
    this.logger = config.logger ?? consoleLogger;
    this.location = config.location ?? window.location;
    const idleMs = config.idleCloseMs ?? IDLE_CLOSE_MS;
    const marketKey = config.marketKey ?? DEFAULT_MARKET_KEY;

    this.quoteThrottle = new KeyedThrottle(config.marketThrottleMs ?? MARKET_THROTTLE_MS, this.timers, (changed) => {
      this.quotes = new Map([...this.quotes, ...changed]);
      this.deliver(this.quoteListeners, changed);
    });
    this.forexThrottle = new KeyedThrottle(config.forexThrottleMs ?? FOREX_THROTTLE_MS, this.timers, (changed) => {
      this.forexQuotes = new Map([...this.forexQuotes, ...changed]);
      this.deliver(this.forexListeners, changed);
    });

    this.market = new StreamLink(
      () => this.socket('market', streamUrl(this.location, STREAM_PATHS.market, { key: marketKey }), (m) => this.onMarket(m)),
      idleMs,
      this.timers,
    );
    this.forex = new StreamLink(
      () => this.socket('forex', streamUrl(this.location, STREAM_PATHS.forex), (m) => this.onForex(m)),
      idleMs,
      this.timers,
    );
    this.depth = new StreamLink(
      () =>
        this.socket('depth', streamUrl(this.location, STREAM_PATHS.depth), (m) => this.onDepth(m), () => {
          for (const symbol of this.depthListeners.keys()) this.sendDepth('SUBSCRIBE', symbol);
        }),
      idleMs,
      this.timers,
    );
    this.positions = new StreamLink(
      () => this.socket('positions', streamUrl(this.location, STREAM_PATHS.positions, { token: this.token ?? '' }), (m) => this.onPosition(m)),
      idleMs,
      this.timers,
    );
  }

  // ---- SocketHub -------------------------------------------------------------------------------------------

  subscribeQuotes(listener: (changed: ReadonlyMap<string, Quote>) => void): Unsubscribe {
    return track(this.quoteListeners, listener, () => this.updateMarket());
  }

  getQuotes(): ReadonlyMap<string, Quote> {
    return this.quotes;
  }

  subscribeMarketEvents(type: string, listener: (event: MarketEvent) => void): Unsubscribe {
    return trackKeyed(this.eventListeners, type, listener, () => this.updateMarket());
  }

  subscribeForex(listener: (changed: ReadonlyMap<string, ForexQuote>) => void): Unsubscribe {
    return track(this.forexListeners, listener, () => this.forex.update(this.forexListeners.size > 0));
  }

  getForexQuotes(): ReadonlyMap<string, ForexQuote> {
    return this.forexQuotes;
  }

  subscribeDepth(symbol: string, listener: (update: DepthUpdate) => void, options?: DepthOptions): Unsubscribe {
    const key = symbol.trim().toUpperCase();
    if (!key || options?.isIco) return () => {};
    // ref-counted: only the symbol's first listener sends SUBSCRIBE, only its last one UNSUBSCRIBE
    return trackKeyed(this.depthListeners, key, listener, () => this.depth.update(this.depthListeners.size > 0), {
      first: () => this.sendDepth('SUBSCRIBE', key),
      last: () => this.sendDepth('UNSUBSCRIBE', key),
    });
  }

  subscribePositions(kind: PositionKind, listener: (push: PositionPush) => void): Unsubscribe {
    return trackKeyed(this.positionListeners, kind, listener, () => this.updatePositions());
  }

  // ---- session and lifetime --------------------------------------------------------------------------------

  /** The login token (null when logged out): a change closes the positions connection, then opens one for it. */
  setToken(token: string | null | undefined): void {
    const next = token ? token : null;
    if (next === this.token) return;
    this.token = next;
    this.positions.shutdown();
    this.updatePositions();
  }

  /** Re-opens the connections that gave up reconnecting (a retry, the page visible again, the network back). */
  restart(): void {
    for (const link of [this.market, this.forex, this.depth, this.positions]) link.restart();
  }

  /** True while a connection has given up after its reconnect attempts (prices no longer move). */
  isPaused(): boolean {
    return this.paused;
  }

  subscribePaused(listener: () => void): Unsubscribe {
    this.pausedListeners.add(listener);
    return () => {
      this.pausedListeners.delete(listener);
    };
  }

  /** Closes everything, on purpose, and forgets every subscriber. */
  dispose(): void {
    this.quoteThrottle.cancel();
    this.forexThrottle.cancel();
    this.quoteListeners.clear();
    this.eventListeners.clear();
    this.forexListeners.clear();
    this.depthListeners.clear();
    this.positionListeners.clear();
    for (const link of [this.market, this.forex, this.depth, this.positions]) link.shutdown();
    this.updatePaused();
    this.pausedListeners.clear();
  }

  // ---- internals -------------------------------------------------------------------------------------------

  private socket(name: string, url: string, onMessage: (message: unknown) => void, onOpen?: () => void): ReconnectingSocket {
    const { WebSocket, maxAttempts, retryDelayMs, connectTimeoutMs } = this.config;
    return new ReconnectingSocket({
      name,
      url,
      WebSocket,
      timers: this.timers,
      logger: this.logger,
      maxAttempts,
      retryDelayMs,
      connectTimeoutMs,
      onMessage,
      onOpen,
      // called once the new state is stored: updatePaused reads every link's socket
      onStateChange: () => this.updatePaused(),
    });
  }

  private updatePaused(): void {
    const paused = [this.market, this.forex, this.depth, this.positions].some((link) => link.current?.state === 'failed');
    if (paused === this.paused) return;
    this.paused = paused;
    for (const listener of [...this.pausedListeners]) {
      try {
        listener();
      } catch (error) {
        this.logger.error('[realtime] a listener failed', error);
      }
    }
  }

  private updateMarket(): void {
    this.market.update(this.quoteListeners.size > 0 || this.eventListeners.size > 0);
  }

  private updatePositions(): void {
    this.positions.update(this.token !== null && this.positionListeners.size > 0);
  }

  private deliver<T>(entries: Iterable<Entry<T>> | undefined, value: T): void {
    deliver(entries, value, this.logger);
  }

  private onMarket(message: unknown): void {
    const read = readMarket(message);
    if (!read) return;
    if ('quotes' in read) this.quoteThrottle.add(read.quotes);
    else this.deliver(this.eventListeners.get(read.type), read.event);
  }

  private onForex(message: unknown): void {
    const quotes = readForex(message);
    if (quotes.length > 0) this.forexThrottle.add(quotes);
  }

  private sendDepth(method: 'SUBSCRIBE' | 'UNSUBSCRIBE', symbol: string): void {
    const socket = this.depth.current;
    // not open yet (or reconnecting): the open handler sends every active subscription
    if (!socket?.isOpen) return;
    this.depthId += 1;
    socket.send(depthRequest(method, symbol, this.depthId));
  }

  private onDepth(message: unknown): void {
    const update = readDepth(message, [...this.depthListeners.keys()]);
    if (update) this.deliver(this.depthListeners.get(update.symbol), update);
  }

  private onPosition(message: unknown): void {
    const read = readPosition(message);
    if (!read) return;
    // every kind listened to, not only the known ones: a remote's manifest may bring a push action of its own
    for (const [kind, listeners] of this.positionListeners) {
      if (read.action.includes(kind)) this.deliver(listeners, read.push);
    }
  }
}
