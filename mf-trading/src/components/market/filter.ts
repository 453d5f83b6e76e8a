import type { MarketQuote } from '../../api/market';

const fold = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Instruments whose symbol or name contains the query, ignoring case (and separators: "btc/usdt" finds BTCUSDT). */
export function filterQuotes(quotes: readonly MarketQuote[], query: string): MarketQuote[] {
  const plain = query.trim().toLowerCase();
  const folded = fold(query);
  if (!plain) return [];
  return quotes.filter((quote) => {
    const symbol = quote.symbol.toLowerCase();
    const name = (quote.name ?? '').toLowerCase();
    return symbol.includes(plain) || name.includes(plain) || (folded !== '' && (fold(symbol).includes(folded) || fold(name).includes(folded)));
  });
}
