/**
 * The socket hub's framework-neutral contract (DESIGN.md §3, §4; trading spec §4 "Real-time connections").
 *
 * The shell owns the four live connections (market list, forex, order-book depth, positions/orders) and installs
 * one hub (see registry.ts); every screen reads them through this interface or the React hooks in hooks.tsx,
 * never by opening its own socket.
 *
 * Wire formats (what the server streams must send, same origin):
 * - `/ws/market?key=<access key>`: a JSON array of quotes (objects with at least `symbol`, `price`, `isIco`);
 *   objects with a `msg` field are ignored; other objects are events dispatched by their `e` or `type` field.
 * - `/ws/forex`: objects whose `data` field is an array of forex quotes (objects with at least `symbol`).
 * - `/ws/depth`: the client sends `{ method: 'SUBSCRIBE' | 'UNSUBSCRIBE', params: ['btcusdt@depth'], id: n }`;
 *   depth messages are objects naming their symbol in `s`, `symbol` or `stream` ('btcusdt@depth'), optionally
 *   wrapped as `{ stream, data }`, with the levels in `bids`/`asks` (or `b`/`a`) as [price, quantity] pairs.
 * - `/ws/positions?token=<token>`: objects with an `action` field whose text contains POSITION, SPOT or
 *   SECOND_CONTRACT, or names a user event (USER_EVENT_KINDS: BALANCE, DEPOSIT, …) with the account `mode`.
 */

import { PUSH_ACTIONS, type PushAction } from '@meridian/contracts';

/** Stops a subscription. Calling it twice is harmless. */
export type Unsubscribe = () => void;

/** One market-list quote. Prices are decimal strings on the wire (numbers are tolerated). */
export interface Quote {
  symbol: string;
  price: string | number;
  /** 1 (or true) for ICO/IEO tokens: they have no order-book depth stream. */
  isIco: number | boolean;
  /** Any other fields the stream sends (change, volume, high, low, name, …) are kept as they are. */
  [field: string]: unknown;
}

/** One forex quote from the forex stream's `data` array. */
export interface ForexQuote {
  symbol: string;
  [field: string]: unknown;
}

/** A market-stream message that is neither a quote list nor a `msg` notice, keyed by its `e` or `type` field. */
export interface MarketEvent {
  e?: string;
  type?: string;
  [field: string]: unknown;
}

/** One order-book level: [price, quantity], decimal strings. */
export type DepthLevel = [price: string, quantity: string];

/** A depth message for one symbol, as delivered to that symbol's subscribers. */
export interface DepthUpdate {
  /** Upper case, e.g. BTCUSDT. */
  symbol: string;
  bids: DepthLevel[];
  asks: DepthLevel[];
  /** The message as received (its inner `data` when the stream wraps it). */
  raw: Record<string, unknown>;
}

/**
 * Every action the same stream pushes (balance and record changes, orders, positions, seconds contracts), as the
 * contracts define them once (contracts/src/wire/push.ts; server: modules/platform/user-events.ts); the shell turns
 * each into invalidations of the queries it affects (shared/src/query/push-invalidation.ts).
 */
export const USER_EVENT_KINDS = PUSH_ACTIONS;
export type UserEventKind = PushAction;

/** The words a position/order push's `action` can contain; a listener of a kind gets the pushes naming it. */
export const POSITION_KINDS = ['POSITION', 'SPOT', 'SECOND_CONTRACT', ...USER_EVENT_KINDS] as const;
export type PositionKind = (typeof POSITION_KINDS)[number];

/** A push from the positions/orders stream. */
export interface PositionPush {
  action: string;
  [field: string]: unknown;
}

/** Depth subscription options. */
export interface DepthOptions {
  /** ICO symbols (isIco 1) have no depth stream: the subscription is skipped entirely. */
  isIco?: number | boolean | null;
}

/**
 * The one hub the shell installs. Every subscribe method returns its unsubscribe function; subscriptions are
 * ref-counted (the first subscriber opens what it needs, the last one leaving releases it).
 */
export interface SocketHub {
  /**
   * Market-list quotes, throttled (1000 ms): each call carries the merged latest quote of every symbol that
   * changed since the previous call, keyed by symbol.
   */
  subscribeQuotes(listener: (changed: ReadonlyMap<string, Quote>) => void): Unsubscribe;
  /**
   * The latest known quote of every symbol delivered so far: an immutable snapshot, the same object until the
   * next delivery (so it can back React's useSyncExternalStore).
   */
  getQuotes(): ReadonlyMap<string, Quote>;
  /** Market-stream events whose `e` or `type` field equals `type`. */
  subscribeMarketEvents(type: string, listener: (event: MarketEvent) => void): Unsubscribe;
  /** Forex quotes, throttled (100 ms) and merged by symbol like subscribeQuotes. */
  subscribeForex(listener: (changed: ReadonlyMap<string, ForexQuote>) => void): Unsubscribe;
  /** The latest known forex quote of every symbol delivered so far (an immutable snapshot, like getQuotes). */
  getForexQuotes(): ReadonlyMap<string, ForexQuote>;
  /** Order-book depth of one symbol; a no-op for ICO symbols. */
  subscribeDepth(symbol: string, listener: (update: DepthUpdate) => void, options?: DepthOptions): Unsubscribe;
  /** Position/order pushes whose action contains `kind`; they flow only while a login token exists. */
  subscribePositions(kind: PositionKind, listener: (push: PositionPush) => void): Unsubscribe;
  /**
   * Whether live data is paused: a connection gave up after the spec's five reconnect attempts, so prices no
   * longer move until restart() (optional: a hub that never gives up, or a test hub, leaves it out).
   */
  isPaused?(): boolean;
  /** Calls `listener` whenever isPaused() changes. */
  subscribePaused?(listener: () => void): Unsubscribe;
  /** Tries the connections that gave up again, now (a retry button, the page becoming visible, the network back). */
  restart?(): void;
}
