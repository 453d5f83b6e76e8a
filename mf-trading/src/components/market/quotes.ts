import { compareExact, formatPercent, shortNumber, useQuotes, type DecimalInput } from '@meridian/shared';
import { useMemo } from 'react';
import type { MarketQuote } from '../../api/market';

/**
 * A change in percent, always signed ("+1.23%", "−0.50%"; shared formatPercent), '—' if malformed. A change that is
 * not zero but would round to "0.00%" (a coin whose price rarely moves at its decimals) says so: "< +0.01%" or
 * "> −0.01%", never a "0.00%" beside an up or down arrow.
 */
export function formatChangePercent(value: unknown): string {
  try {
    const sign = compareExact(value as DecimalInput, 0);
    const magnitude = String(value).trim().replace(/^[-+]/, '');
    if (sign !== 0 && compareExact(magnitude, '0.005') < 0) {
      const floor = formatPercent(sign > 0 ? '0.01' : '-0.01', { signed: true });
      return sign > 0 ? `< ${floor}` : `> ${floor}`;
    }
    return formatPercent(value as DecimalInput, { signed: true });
  } catch {
    return '—';
  }
}

export function formatVolume(value: unknown): string {
  try {
    return shortNumber(value as DecimalInput);
  } catch {
    return '—';
  }
}

/**
 * Whether the trade screen offers a market: the crypto catalogue on its spot and perpetual tabs, forex pairs on its
 * forex tab (CFDs and indices are quoted here but not traded; stocks trade in mf-stocks).
 */
export function isTradable(quote: Pick<MarketQuote, 'category'>): boolean {
  return quote.category === 'CRYPTO' || quote.category === 'FOREX';
}

export type Direction = 'up' | 'down' | 'flat';

export function direction(value: unknown): Direction {
  try {
    const sign = compareExact(value as DecimalInput, 0);
    return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
  } catch {
    return 'flat';
  }
}

export function compareDecimal(a: unknown, b: unknown): number {
  try {
    return compareExact(a as DecimalInput, b as DecimalInput);
  } catch {
    return 0;
  }
}

// The merged quote of a (REST quote, live quote) pair, kept while both stay the same objects: the hub keeps the
// object of every symbol that did not change, so an unchanged row receives the very same props and skips rendering.
const merged = new WeakMap<MarketQuote, WeakMap<object, MarketQuote>>();

function merge(rest: MarketQuote, live: Partial<MarketQuote> | undefined): MarketQuote {
  if (!live) return rest;
  // a live quote older than a fresh REST snapshot (after a pull-to-refresh) does not win
  if (typeof live.time === 'number' && typeof rest.time === 'number' && live.time < rest.time) return rest;
  let byLive = merged.get(rest);
  if (!byLive) merged.set(rest, (byLive = new WeakMap()));
  let quote = byLive.get(live);
  if (!quote) byLive.set(live, (quote = { ...rest, ...live, symbol: rest.symbol }));
  return quote;
}

/** The REST snapshot with the latest live quote of each of its symbols (from the shell's market stream). */
export function useLiveQuotes(snapshot: readonly MarketQuote[] | null): MarketQuote[] {
  const live = useQuotes();
  return useMemo(
    () => (snapshot ?? []).map((quote) => merge(quote, live.get(quote.symbol) as Partial<MarketQuote> | undefined)),
    [snapshot, live],
  );
}
