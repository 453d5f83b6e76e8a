import type { Category } from '../instruments/catalogue.js';
import type { FeedInstrument } from './simulated.js';
import type { Bar } from '../klines/bar.js';
import type { KlineInterval } from '@meridian/contracts';

/**
 * The market-data port: what the rest of the server reads prices from. The simulated adapter (simulated.ts) is
 * the default; the exchange adapter (exchange/, a public exchange's REST snapshot plus its stream) implements the
 * same interface, and composite.ts routes each symbol to one of them. Every price and amount is a decimal string
 * rounded to the instrument's decimals.
 */
export interface Tick {
  symbol: string;
  category: Category;
  price: string;
  bid: string;
  ask: string;
  /** Traded volume (base units) since the previous tick of this symbol. */
  volume: string;
  /** Epoch ms. */
  time: number;
}

export interface DepthSnapshot {
  symbol: string;
  time: number;
  /** The last trade price the book is built around. */
  price: string;
  /** Best first: bids descending, asks ascending; [price, amount]. */
  bids: [string, string][];
  asks: [string, string][];
}

export interface MarketFeed {
  /** Begins producing ticks (idempotent). */
  start(): void;
  stop(): void;
  /**
   * Every tick batch (all symbols that changed in one step, never empty) goes to the listener in one call, so
   * consumers can batch their own output. Returns the unsubscribe function.
   */
  subscribe(listener: (ticks: readonly Tick[]) => void): () => void;
  /** The latest tick of a symbol (before the first step: its starting price, volume 0); undefined if unknown. */
  quote(symbol: string): Tick | undefined;
  depth(symbol: string, levels: number): DepthSnapshot | undefined;
  /**
   * Optional: makes the first quotes real before anyone reads them (the exchange adapter loads its REST
   * snapshot). Never rejects: a source that cannot be reached is retried once the feed has started.
   */
  load?(): Promise<void>;
  /**
   * Optional: recorded history from the feed's source, up to `count` bars of `interval` opening before `before`
   * (epoch ms), oldest first. Undefined when the source has no history for the symbol (the caller generates
   * it); rejects when the source fails.
   */
  history?(symbol: string, interval: KlineInterval, before: number, count: number): Promise<Bar[] | undefined>;
  /**
   * Optional: starts ticking an instrument added to the catalogue while running (an offering's ICO token
   * published by an operator); a symbol it already has is left as it is.
   */
  add?(instrument: FeedInstrument): void;
  /**
   * Optional (cluster mode): takes another process's ticks as this feed's latest, without stepping, so quotes and
   * depth here are the owner's, and a feed that takes over walks on from them.
   */
  adopt?(ticks: readonly Tick[], depths?: Readonly<Record<string, DepthSnapshot>>): void;
  /**
   * Optional (cluster mode, on the owner): the books of `ticks`' symbols that a follower cannot rebuild from the
   * ticks alone (an exchange's book; the simulated book is a function of its tick), to travel with the batch.
   */
  sharedDepths?(ticks: readonly Tick[]): Record<string, DepthSnapshot> | undefined;
  /** Optional: where a symbol's ticks come from (a fill records it as evidence); simulated when not given. */
  sourceOf?(symbol: string): 'simulated' | 'exchange';
}
