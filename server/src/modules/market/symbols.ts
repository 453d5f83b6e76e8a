import { refuse } from '../../http/refuse.js';

/** Accepts BTCUSDT, btcusdt and BTC/USDT; stock symbols keep their exchange suffix (AAPL:NASDAQ). */
export function normalise(symbol: string): string {
  return symbol.trim().toUpperCase().replace('/', '');
}

/**
 * The normalised symbol of a request, refused as invalid input (400, symbolRequired) when empty or blank: an
 * "Unknown symbol: " naming nothing tells the caller nothing.
 */
export function requireSymbol(symbol: string): string {
  const name = normalise(symbol);
  if (!name) throw refuse('symbolRequired', {}, 400);
  return name;
}
