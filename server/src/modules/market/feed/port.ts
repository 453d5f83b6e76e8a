import type { Category } from '../instruments/catalogue.js';

/**
 * The market-data port: what the rest of the server reads prices from. The simulated adapter (simulated.ts) is
 * the default; an exchange adapter (a public exchange's REST snapshot plus its stream) will implement the same
 * interface. Every price and amount is a decimal string rounded to the instrument's decimals.
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
}
