import type { DepthLevel, DepthUpdate, ForexQuote, MarketEvent, PositionPush, Quote } from '@meridian/shared';

/** What the streams send, read defensively: anything malformed is dropped here, never reaches a listener. */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keyedBySymbol<T extends { symbol: string }>(items: unknown[]): Array<[string, T]> {
  const entries: Array<[string, T]> = [];
  for (const item of items) {
    if (isRecord(item) && typeof item.symbol === 'string' && item.symbol) entries.push([item.symbol, item as T]);
  }
  return entries;
}

function depthLevels(value: unknown): DepthLevel[] {
  if (!Array.isArray(value)) return [];
  const levels: DepthLevel[] = [];
  for (const level of value) {
    if (Array.isArray(level) && level.length >= 2) levels.push([String(level[0]), String(level[1])]);
    else if (isRecord(level) && level.price != null) levels.push([String(level.price), String(level.quantity ?? level.amount ?? level.qty ?? '0')]);
  }
  return levels;
}

/**
 * A market stream message: an array of quotes (keyed by symbol), or an event for the listeners of its `e`/`type`;
 * `msg` notices and anything else are nothing.
 */
export function readMarket(message: unknown): { quotes: Array<[string, Quote]> } | { type: string; event: MarketEvent } | null {
  if (Array.isArray(message)) return { quotes: keyedBySymbol<Quote>(message) };
  if (!isRecord(message) || 'msg' in message) return null;
  const type = typeof message.e === 'string' ? message.e : typeof message.type === 'string' ? message.type : null;
  return type === null ? null : { type, event: message as MarketEvent };
}

/** A forex stream message's quotes, keyed by symbol (none when it carries no `data` array). */
export function readForex(message: unknown): Array<[string, ForexQuote]> {
  return isRecord(message) && Array.isArray(message.data) ? keyedBySymbol<ForexQuote>(message.data) : [];
}

/**
 * A depth stream update, for the symbol it names (in the body, or its stream's name); one that names none belongs
 * to the only subscribed symbol, if there is exactly one. The server's answers to SUBSCRIBE/UNSUBSCRIBE are nothing.
 */
export function readDepth(message: unknown, subscribed: readonly string[]): DepthUpdate | null {
  if (!isRecord(message)) return null;
  if ('result' in message && 'id' in message) return null;
  const body = isRecord(message.data) ? message.data : message;
  const stream = typeof message.stream === 'string' ? message.stream : typeof body.stream === 'string' ? body.stream : '';
  const named = typeof body.s === 'string' ? body.s : typeof body.symbol === 'string' ? body.symbol : stream.split('@')[0];
  let symbol = named ? named.toUpperCase() : '';
  if (!symbol && subscribed.length === 1) symbol = subscribed[0] ?? '';
  if (!symbol) return null;
  return { symbol, bids: depthLevels(body.bids ?? body.b), asks: depthLevels(body.asks ?? body.a), raw: body };
}

/** A positions stream push with its action upper-cased for matching (null when it has no action). */
export function readPosition(message: unknown): { action: string; push: PositionPush } | null {
  if (!isRecord(message) || typeof message.action !== 'string') return null;
  return { action: message.action.toUpperCase(), push: message as PositionPush };
}

/** The depth stream's request for one symbol. */
export function depthRequest(method: 'SUBSCRIBE' | 'UNSUBSCRIBE', symbol: string, id: number) {
  return { method, params: [`${symbol.toLowerCase()}@depth`], id };
}
