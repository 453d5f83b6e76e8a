import { Dec } from '../ledger/decimal.js';
import type { Tick } from '../market/feed/port.js';

export type FeedSourceName = 'simulated' | 'exchange';

/** The tick a fill used, as stored with the fill and shown to the user. */
export interface Evidence {
  symbol: string;
  feedTime: Date;
  bid: string;
  ask: string;
  last: string;
  source: FeedSourceName;
  /** A buy takes the ask side of the book, a sell the bid side. */
  sideUsed: 'bid' | 'ask';
  /** The levels taken, [price, quantity] best first. */
  levels: [string, string][];
}

/**
 * A price at the instrument's price decimals, as the sockets and screens write it (64261.90, not 64261.9): padded
 * with zeros, never rounded (a price with more decimals than the terms, which the feed should not send, stays whole).
 */
export function padPrice(price: string, priceDecimals: number | undefined): string {
  if (priceDecimals === undefined) return price;
  const value = new Dec(price);
  return value.decimalPlaces() > priceDecimals ? price : value.toFixed(priceDecimals);
}

/**
 * The evidence of a fill, its prices (bid, ask, last and each level's price) written at the instrument's price
 * decimals when captured, so what is stored and hashed into the receipt is the same text the sockets showed.
 */
export function evidenceOf(tick: Tick, side: 'buy' | 'sell', source: FeedSourceName, levels: [string, string][] = [], priceDecimals?: number): Evidence {
  const pad = (price: string) => padPrice(price, priceDecimals);
  return {
    symbol: tick.symbol,
    feedTime: new Date(tick.time),
    bid: pad(tick.bid),
    ask: pad(tick.ask),
    last: pad(tick.price),
    source,
    sideUsed: side === 'buy' ? 'ask' : 'bid',
    levels: levels.map(([price, quantity]): [string, string] => [pad(price), quantity]),
  };
}

/** The evidence as the receipt payload carries it (times as ISO text, so the canonical JSON is stable). */
export function evidencePayload(evidence: Evidence): Record<string, unknown> {
  return { ...evidence, feedTime: evidence.feedTime.toISOString() };
}
