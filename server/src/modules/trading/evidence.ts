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

export function evidenceOf(tick: Tick, side: 'buy' | 'sell', source: FeedSourceName, levels: [string, string][] = []): Evidence {
  return {
    symbol: tick.symbol,
    feedTime: new Date(tick.time),
    bid: tick.bid,
    ask: tick.ask,
    last: tick.price,
    source,
    sideUsed: side === 'buy' ? 'ask' : 'bid',
    levels,
  };
}

/** The evidence as the receipt payload carries it (times as ISO text, so the canonical JSON is stable). */
export function evidencePayload(evidence: Evidence): Record<string, unknown> {
  return { ...evidence, feedTime: evidence.feedTime.toISOString() };
}
