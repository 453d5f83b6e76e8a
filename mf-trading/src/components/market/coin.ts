import type { MarketQuote } from '../../api/market';

/**
 * The coin a market's icon shows: a crypto pair's base asset (BTC of BTCUSDT, the quote's unit cut off the end);
 * any other instrument (forex pair, stock, index, CFD) has no coin icon, only its lettered circle.
 */
export function coinOf(quote: Pick<MarketQuote, 'symbol' | 'unit' | 'category'>): { coin: string; icon: boolean } {
  const { symbol, unit, category } = quote;
  if (category !== 'CRYPTO') return { coin: symbol, icon: false };
  const base = unit && symbol.length > unit.length && symbol.toUpperCase().endsWith(unit.toUpperCase()) ? symbol.slice(0, -unit.length) : symbol;
  return { coin: base, icon: true };
}
