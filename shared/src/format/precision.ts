import { COIN_DECIMALS, DEFAULT_AMOUNT_DECIMALS, DEFAULT_PRICE_DECIMALS } from '@meridian/contracts';
import { shiftLeft, toFixedExact, toShortestExact, wholeDigits, type DecimalInput } from './exact';

/** Price decimals by coin (spec); any other coin shows DEFAULT_PRICE_DECIMALS (10). */
export const PRICE_DECIMALS: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(COIN_DECIMALS).map(([coin, d]) => [coin, d.price]));
/** Amount decimals by coin (spec); any other coin shows DEFAULT_AMOUNT_DECIMALS (5). */
export const AMOUNT_DECIMALS: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(COIN_DECIMALS).map(([coin, d]) => [coin, d.amount]));
export { DEFAULT_AMOUNT_DECIMALS, DEFAULT_PRICE_DECIMALS };

const QUOTE_UNITS = ['USDT', 'USD', 'EUR'];

/** The base coin of a symbol in any of the spellings the app meets: BTCUSDT, btc/usdt, BTC-USDT, BTC_USDT, BTC. */
export function baseCoin(symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  const separated = upper.split(/[/\-_]/)[0] ?? upper;
  if (separated !== upper) return separated;
  const quote = QUOTE_UNITS.find((unit) => upper.endsWith(unit) && upper.length > unit.length);
  return quote ? upper.slice(0, -quote.length) : upper;
}

export function priceDecimals(symbol: string): number {
  return PRICE_DECIMALS[baseCoin(symbol)] ?? DEFAULT_PRICE_DECIMALS;
}

export function amountDecimals(symbol: string): number {
  return AMOUNT_DECIMALS[baseCoin(symbol)] ?? DEFAULT_AMOUNT_DECIMALS;
}

/** What the display decimals of a listed instrument depend on (a quote or an instrument record carries all of it). */
export interface PricedInstrument {
  symbol: string;
  category?: string | null;
  unit?: string | null;
  priceDecimals?: number | null;
}

/**
 * Display decimals of an instrument's price, decided by its tick size (DESIGN "Display decimals"): crypto keeps the
 * spec's per-coin table (others 10, or the instrument's own decimals when it has some); forex pairs show pips plus
 * one fractional digit, 5 (JPY-quoted pairs 3, their pip being 0.01); stocks, indices and CFDs show cents, 2. Null
 * when the category is not known: the caller then falls back to the spec's magnitude rule.
 */
export function instrumentPriceDecimals(instrument: PricedInstrument): number | null {
  switch (instrument.category) {
    case 'CRYPTO': {
      const table = PRICE_DECIMALS[baseCoin(instrument.symbol)];
      if (table !== undefined) return table;
      const own = instrument.priceDecimals;
      return typeof own === 'number' && Number.isInteger(own) && own >= 0 ? own : DEFAULT_PRICE_DECIMALS;
    }
    case 'FOREX':
      return (instrument.unit ?? instrument.symbol.slice(3)).toUpperCase() === 'JPY' ? 3 : 5;
    case 'STOCK':
    case 'INDIES':
    case 'CFD':
      return 2;
    default:
      return null;
  }
}

/** A price as the instrument shows it: its tick-size decimals, or by magnitude when the instrument is not known. */
export function formatInstrumentPrice(value: DecimalInput, instrument: PricedInstrument | null | undefined): string {
  const decimals = instrument ? instrumentPriceDecimals(instrument) : null;
  return decimals === null ? formatByMagnitude(value) : toFixedExact(value, decimals, 'halfUp');
}

/** Decimals by magnitude (spec): 100 or more shows 2, 10 or more 4, 1 or more 6, under 1 shows 8. */
export function magnitudeDecimals(value: DecimalInput): number {
  const digits = wholeDigits(value);
  if (digits >= 3) return 2;
  if (digits === 2) return 4;
  if (digits === 1) return 6;
  return 8;
}

/** A value shown with the decimals its size calls for. */
export function formatByMagnitude(value: DecimalInput): string {
  return toFixedExact(value, magnitudeDecimals(value), 'halfUp');
}

/**
 * An amount with its coin's decimals, rounded down: a balance is never shown as more than there is, and an
 * order amount typed by the user is never rounded up past what they meant.
 */
export function formatAmount(value: DecimalInput, symbol: string): string {
  return toFixedExact(value, amountDecimals(symbol), 'down');
}

/**
 * Decimals of a balance of an asset, the one rule every screen uses: the quote units (USDT, USD, EUR) show cents, 2;
 * a coin shows its amount decimals (the spec's table, others 5).
 */
export function balanceDecimals(asset: string): number {
  const upper = asset.trim().toUpperCase();
  return QUOTE_UNITS.includes(upper) ? 2 : amountDecimals(upper);
}

/** A balance of an asset with its balance decimals, rounded down (a balance is never shown as more than there is). */
export function formatBalanceOf(value: DecimalInput, asset: string): string {
  return toFixedExact(value, balanceDecimals(asset), 'down');
}

/** Whole-part digits from which a short number takes its suffix, and the places the suffix stands for. */
const SHORT_UNITS: Array<[digits: number, places: number, suffix: string]> = [
  [10, 9, 'B'],
  [7, 6, 'M'],
  [4, 3, 'k'],
];

/** Short numbers for volumes and totals: k, M, B at 1e3, 1e6, 1e9, at most two decimals, no trailing zeros. */
export function shortNumber(value: DecimalInput): string {
  const digits = wholeDigits(value);
  for (const [from, places, suffix] of SHORT_UNITS) {
    if (digits >= from) return `${toShortestExact(shiftLeft(value, places), 2)}${suffix}`;
  }
  return toShortestExact(value, 2);
}
