import { KLINE_INTERVAL_MS, type KlineInterval } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { Dec } from '../ledger/decimal.js';
import { sessionsBetween } from '../market/hours/calendar.js';
import type { Instrument } from '../market/instruments/storage.js';
import type { Bar } from '../market/klines/bar.js';
import type { MarketService } from '../market/service.js';
import { sessionDays, venueSession, type VenueSession } from './hours.js';
import { stockQuote, type StockQuote } from './quotes.js';
import { currentRates, recordedRange } from './storage.js';
import { exchangeOf, venueOf, type Venue, type VenueId } from './venue.js';

export interface SingleStock extends StockQuote {
  tradingDay: string | null;
  dayHigh: string | null;
  dayLow: string | null;
  session: VenueSession;
}

/** A listed stock: its catalogue entry and venue. */
interface Listed {
  instrument: Instrument;
  venue: Venue;
  exchange: string;
}

/**
 * Ordinary stocks over the market's catalogue, feed and recorded K-lines: the list with previous close and
 * change, gainers and losers, one stock with its day range and hours, the sessions-only chart. The previous close
 * is read from the recorded prices at the previous trading day's close.
 */
export class StocksService {
  /**
   * Previous closes found, by symbol and close instant: a price recorded by a past instant never changes, so this
   * is a copy of the store any process would compute alike (bounded, refilled from the store).
   */
  private readonly closes = new Map<string, { price: string; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly market: MarketService,
    private readonly clock: () => number,
  ) {}

  /** The stocks of the catalogue on a known venue, in catalogue order. */
  listed(filter: { venue?: VenueId; keyword?: string } = {}): Listed[] {
    const keyword = filter.keyword?.trim().toLowerCase();
    const out: Listed[] = [];
    for (const instrument of this.market.instruments.values()) {
      const venue = instrument.category === 'STOCK' ? venueOf(instrument.symbol) : undefined;
      if (!venue || (filter.venue && venue.id !== filter.venue)) continue;
      if (keyword && !instrument.symbol.toLowerCase().includes(keyword) && !instrument.name.toLowerCase().includes(keyword)) continue;
      out.push({ instrument, venue, exchange: exchangeOf(instrument.symbol)! });
    }
    return out;
  }

  /** One listed stock; unknownSymbol (404) for a symbol not listed, notAStock (404) for one on no stock venue. */
  stock(symbol: string): Listed {
    const instrument = this.market.instrument(symbol);
    const venue = instrument.category === 'STOCK' ? venueOf(instrument.symbol) : undefined;
    if (!venue) throw refuse('notAStock', { symbol: instrument.symbol }, 404);
    return { instrument, venue, exchange: exchangeOf(instrument.symbol)! };
  }

  async quotes(stocks: readonly Listed[]): Promise<StockQuote[]> {
    const now = this.clock();
    const rates = await currentRates(this.db);
    return Promise.all(
      stocks.map(async ({ instrument, venue, exchange }) =>
        stockQuote(this.market.quote(instrument.symbol), venue, exchange, await this.previousClose(instrument.symbol, venue, now), rates.get(venue.currency)),
      ),
    );
  }

  async single(symbol: string): Promise<SingleStock> {
    const stock = this.stock(symbol);
    const [quote] = await this.quotes([stock]);
    const now = this.clock();
    const { latest } = sessionDays(stock.venue, now);
    let range = latest ? await recordedRange(this.db, stock.instrument.symbol, latest.start, latest.close) : null;
    // The last tick belongs to the day too when it came in it (the minute being built is not stored yet).
    if (latest && quote!.time >= latest.start && quote!.time < latest.close) {
      const price = new Dec(quote!.price);
      range = range
        ? { high: Dec.max(range.high, price).toFixed(), low: Dec.min(range.low, price).toFixed() }
        : { high: price.toFixed(), low: price.toFixed() };
    }
    const dp = stock.instrument.priceDecimals;
    return {
      ...quote!,
      tradingDay: latest?.date ?? null,
      dayHigh: range ? new Dec(range.high).toFixed(dp) : null,
      dayLow: range ? new Dec(range.low).toFixed(dp) : null,
      session: venueSession(stock.instrument.symbol, now)!,
    };
  }

  /**
   * The recorded K-lines of the venue's sessions: a bar whose interval overlaps no session (a night, a weekend, a
   * holiday; the bar the market opens at start-up while closed) is left out, so the chart draws no flat line there.
   */
  async chart(symbol: string, interval: KlineInterval, limit: number): Promise<Bar[]> {
    const { instrument, venue } = this.stock(symbol);
    const bars = await this.market.klines(instrument.symbol, interval, Math.min(1000, limit * 2));
    if (!bars.length) return [];
    const ms = KLINE_INTERVAL_MS[interval];
    const sessions = sessionsBetween(venue.calendarId, bars[0]!.openTime, bars[bars.length - 1]!.openTime + ms);
    return bars.filter((bar) => sessions.some(([start, end]) => start < bar.openTime + ms && end > bar.openTime)).slice(-limit);
  }

  /** The last price recorded by the close of the trading day before the latest one; undefined when none was. */
  private async previousClose(symbol: string, venue: Venue, now: number): Promise<{ price: string; at: number } | undefined> {
    const { previous } = sessionDays(venue, now);
    if (!previous) return undefined;
    const key = `${symbol}|${previous.close}`;
    const known = this.closes.get(key);
    if (known) return known;
    const found = await this.market.priceAt(symbol, previous.close);
    if (found) {
      if (this.closes.size > 10_000) this.closes.clear();
      this.closes.set(key, found);
    }
    return found;
  }
}
