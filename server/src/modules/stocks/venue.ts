import { AMOUNT_CEILING } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';

/**
 * The venues ordinary stocks trade on and their order rules. Pure: no clock, no store. A stock's symbol names its
 * exchange after the colon (AAPL:NASDAQ, 7203:TSE); NASDAQ, NYSE and AMEX are the US venue (USD), TSE is Tokyo (JPY).
 */
export type VenueId = 'US' | 'TSE';
export type StockCurrency = 'USD' | 'JPY';
export const STOCK_CURRENCIES: readonly StockCurrency[] = ['USD', 'JPY'];

export interface Venue {
  id: VenueId;
  currency: StockCurrency;
  /** The market calendar (market/hours/calendar.ts) the venue's sessions and holidays come from. */
  calendarId: 'US' | 'TSE';
  /** The venue's own zone, in which its trading days are counted. */
  timeZone: string;
  /** Shares per lot: an order's size is a whole number of lots. */
  lotSize: number;
}

export const VENUES: Readonly<Record<VenueId, Venue>> = {
  US: { id: 'US', currency: 'USD', calendarId: 'US', timeZone: 'America/New_York', lotSize: 1 },
  TSE: { id: 'TSE', currency: 'JPY', calendarId: 'TSE', timeZone: 'Asia/Tokyo', lotSize: 100 },
};

const EXCHANGES: Readonly<Record<string, VenueId>> = { NASDAQ: 'US', NYSE: 'US', AMEX: 'US', TSE: 'TSE' };

/** The exchange a stock symbol names (NASDAQ for AAPL:NASDAQ), or null without one. */
export function exchangeOf(symbol: string): string | null {
  const colon = symbol.lastIndexOf(':');
  return colon > 0 ? symbol.slice(colon + 1).toUpperCase() : null;
}

/** The venue of a stock symbol; undefined for a symbol on no stock venue (BTCUSDT, SPX500). */
export function venueOf(symbol: string): Venue | undefined {
  const exchange = exchangeOf(symbol);
  const id = exchange ? EXCHANGES[exchange] : undefined;
  return id && VENUES[id];
}

/**
 * The JPX tick size ("呼値の単位") for a price in yen: the table for stocks other than the TOPIX100 constituents,
 * https://www.jpx.co.jp/english/equities/trading/domestic/07.html — each row is "up to and including" its limit
 * (3,000 yen or less: 1 yen; over 3,000 to 5,000: 5 yen; ...; over 50,000,000: 100,000 yen).
 */
const JPX_TICKS: readonly [upTo: number, tick: number][] = [
  [3_000, 1],
  [5_000, 5],
  [30_000, 10],
  [50_000, 50],
  [300_000, 100],
  [500_000, 500],
  [3_000_000, 1_000],
  [5_000_000, 5_000],
  [30_000_000, 10_000],
  [50_000_000, 50_000],
];
const JPX_TOP_TICK = 100_000;

/** The price step at `price` on the venue: a cent in the US, the JPX table in Tokyo. */
export function tickSize(venue: Venue, price: string): string {
  if (venue.id === 'US') return '0.01';
  const value = new Dec(price);
  const row = JPX_TICKS.find(([upTo]) => value.lte(upTo));
  return String(row ? row[1] : JPX_TOP_TICK);
}

function decimal(text: string): Dec | null {
  try {
    const value = new Dec(text);
    return value.isFinite() ? value : null;
  } catch {
    return null;
  }
}

/** "invalidPrice" unless the price is above 0, not above 1e17 and a whole number of the venue's ticks at that price. */
export function priceRefusal(venue: Venue, price: string): 'invalidPrice' | null {
  const value = decimal(price);
  if (!value || value.lte(0) || value.gt(AMOUNT_CEILING)) return 'invalidPrice';
  return value.mod(tickSize(venue, price)).isZero() ? null : 'invalidPrice';
}

/** "invalidSize" unless the size is a whole number of the venue's lots (whole shares in the US, 100s in Tokyo), at most 1e17. */
export function sizeRefusal(venue: Venue, shares: string): 'invalidSize' | null {
  const value = decimal(shares);
  if (!value || value.lte(0) || value.gt(AMOUNT_CEILING) || !value.isInteger()) return 'invalidSize';
  return value.mod(venue.lotSize).isZero() ? null : 'invalidSize';
}

/**
 * The shares `availableUsdt` buys at `price` (in the stock's currency) and `rate` (that currency → USDT): the
 * quotient rounded down to the venue's lot. Exact: the result is checked against the products, never a float.
 */
export function availableShares(venue: Venue, availableUsdt: string, price: string, rate: string): string {
  const funds = new Dec(availableUsdt);
  const lotCost = new Dec(price).times(rate).times(venue.lotSize);
  if (funds.lte(0) || lotCost.lte(0)) return '0';
  let lots = funds.div(lotCost).floor();
  // The division is rounded to 64 digits: step to the exact floor whatever way it erred.
  while (lots.gt(0) && lots.times(lotCost).gt(funds)) lots = lots.minus(1);
  while (lots.plus(1).times(lotCost).lte(funds)) lots = lots.plus(1);
  return lots.times(venue.lotSize).toFixed();
}
