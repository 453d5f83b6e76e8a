import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import type { DepthSnapshot, Tick } from './feed/port.js';
import { createFeed, type FeedSettings, type ServiceFeed } from './feed/select.js';
import type { FeedInstrument } from './feed/simulated.js';
import { isOpen, tradingTime, type TradingTime } from './hours/calendar.js';
import { INSTRUMENT_SEEDS, type Category } from './instruments/catalogue.js';
import { loadInstruments, seedInstruments, type Instrument } from './instruments/storage.js';
import { BarBuilder, type Bar } from './klines/bar.js';
import { generateHistory } from './klines/history.js';
import { barOpen, KLINE_INTERVAL_MS, KLINE_INTERVALS, type KlineInterval } from '@meridian/contracts';
import { RollingStats } from './klines/stats.js';
import {
  earliestBar,
  isBackfilled,
  latestBars,
  markBackfilled,
  minuteBarsSince,
  readBars,
  recordedPriceAt,
  upsertBars,
  type StoredBar,
} from './klines/storage.js';

export interface MarketSettings extends FeedSettings {
  klineFlushMs: number;
  backfillBars: number;
}

/** A market-list quote: the latest tick with the instrument's description and its 24 h statistics. */
export interface Quote {
  symbol: string;
  name: string;
  category: Category;
  unit: string;
  price: string;
  bid: string;
  ask: string;
  open: string;
  high: string;
  low: string;
  change: string;
  changePercent: string;
  volume: string;
  /** Epoch ms of the last tick. */
  time: number;
  isIco: 0 | 1;
  priceDecimals: number;
  amountDecimals: number;
  /** Whether the instrument's market is in session now. */
  marketOpen: boolean;
}

/** Builds the feed the service runs (createFeed; tests give a feed they drive by hand). */
export type FeedFactory = typeof createFeed;

export type QuoteListener = (quotes: readonly Quote[], ticks: readonly Tick[]) => void;

const DAY_MS = 86_400_000;

/**
 * The market-data vertical: the catalogue, the feed (the simulated adapter by default), K-line recording and
 * lazy backfill, 24 h statistics, quotes and depth. One instance per app; start() with the app, stop() with it.
 */
export class MarketService {
  readonly instruments = new Map<string, Instrument>();
  private readonly builders = new Map<string, Map<KlineInterval, BarBuilder>>();
  private readonly stats = new Map<string, RollingStats>();
  private readonly quotes = new Map<string, Quote>();
  private readonly listeners = new Set<QuoteListener>();
  private readonly pending = new Map<string, StoredBar>();
  private writing: StoredBar[] = [];
  private readonly backfills = new Map<string, Promise<void>>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private unsubscribeFeed: (() => void) | undefined;
  private tickSequence = 0;

  private constructor(
    private readonly db: Db,
    readonly settings: MarketSettings,
    readonly feed: ServiceFeed,
    instruments: Instrument[],
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger | undefined,
  ) {
    for (const instrument of instruments) this.instruments.set(instrument.symbol, instrument);
  }

  static async create(
    db: Db,
    settings: MarketSettings,
    options: { clock?: () => number; log?: FastifyBaseLogger; feed?: FeedFactory } = {},
  ): Promise<MarketService> {
    const clock = options.clock ?? Date.now;
    const now = clock();
    let instruments: Instrument[];
    let latest: StoredBar[];
    let recentMinutes: StoredBar[];
    try {
      await seedInstruments(db, INSTRUMENT_SEEDS);
      instruments = (await loadInstruments(db)).filter((i) => i.status !== 'DELISTED');
      latest = await latestBars(db);
      recentMinutes = await minuteBarsSince(db, now - DAY_MS);
    } catch (error) {
      // The app still starts (GET /health reports the store as down): the feed runs from the built-in catalogue
      // with no stored history, and bar writes are retried at every flush.
      options.log?.error({ err: error }, 'market: could not read the catalogue and history; starting from the seeds');
      instruments = INSTRUMENT_SEEDS.map((seed) => ({ ...seed, status: 'TRADING' as const }));
      latest = [];
      recentMinutes = [];
    }
    const lastClose = new Map<string, StoredBar>();
    for (const bar of latest) {
      const known = lastClose.get(bar.symbol);
      if (!known || bar.openTime > known.openTime) lastClose.set(bar.symbol, bar);
    }
    const feedInstruments: FeedInstrument[] = instruments.map((i) => ({ ...i, startPrice: lastClose.get(i.symbol)?.close ?? i.referencePrice }));
    const feed = (options.feed ?? createFeed)(settings, feedInstruments, { clock, log: options.log });
    await feed.load?.();
    const service = new MarketService(db, settings, feed, instruments, clock, options.log);

    const minuteHistory = new Map<string, Bar[]>();
    for (const bar of recentMinutes) {
      const list = minuteHistory.get(bar.symbol) ?? [];
      list.push(bar);
      minuteHistory.set(bar.symbol, list);
    }
    const recorded = await recordedDayHistory(feed, feedInstruments.filter((i) => !minuteHistory.has(i.symbol)), now, options.log);
    for (const instrument of feedInstruments) {
      const start = feed.quote(instrument.symbol) as Tick;
      const resume = new Map(latest.filter((b) => b.symbol === instrument.symbol).map((b) => [b.interval, b]));
      const builders = new Map<KlineInterval, BarBuilder>();
      for (const interval of KLINE_INTERVALS) {
        const stored = resume.get(interval);
        builders.set(interval, new BarBuilder(interval, start.price, stored && stored.openTime === barOpen(interval, now) ? stored : undefined));
      }
      service.builders.set(instrument.symbol, builders);
      // With no recent minute bars stored, the window starts from the source's recorded 15m bars (exchange
      // symbols) or else the deterministic history the 15m backfill writes (96 bars rather than 1440 one-minute
      // bars: this runs for every instrument at every start).
      const history =
        minuteHistory.get(instrument.symbol) ??
        recorded.get(instrument.symbol) ??
        generateHistory(settings.seed, instrument, '15m', barOpen('15m', now), start.price, 96);
      service.stats.set(instrument.symbol, new RollingStats(instrument.priceDecimals, instrument.amountDecimals, history));
      service.refreshQuote(start, now);
    }
    return service;
  }

  start(): void {
    if (this.unsubscribeFeed) return;
    this.unsubscribeFeed = this.feed.subscribe((ticks) => this.onTicks(ticks));
    this.feed.start();
    this.flushTimer = setInterval(() => void this.flush(), this.settings.klineFlushMs);
    this.flushTimer.unref();
  }

  /** Stops the feed and writes the bars still in memory. */
  async stop(): Promise<void> {
    this.feed.stop();
    this.unsubscribeFeed?.();
    this.unsubscribeFeed = undefined;
    clearInterval(this.flushTimer);
    await Promise.allSettled(this.backfills.values());
    await this.flush();
  }

  /** Counts the tick batches applied so far: anything derived from the quotes is current while it is unchanged. */
  get sequence(): number {
    return this.tickSequence;
  }

  /**
   * What list() answers from: the tick batch and the clock's minute (every session opens and closes on a whole
   * minute, so marketOpen cannot change within one). Equal versions mean equal lists.
   */
  listVersion(): string {
    return `${this.tickSequence}|${Math.floor(this.clock() / 60_000)}`;
  }

  /** Every tick batch as quotes, in one call per batch. */
  subscribe(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  onTicks(ticks: readonly Tick[]): void {
    const quotes: Quote[] = [];
    for (const tick of ticks) {
      const builders = this.builders.get(tick.symbol);
      if (!builders) continue;
      for (const builder of builders.values()) {
        const closed = builder.apply(tick);
        if (closed) this.pending.set(key(tick.symbol, builder.interval, closed.openTime), { ...closed, symbol: tick.symbol, interval: builder.interval });
        const bar = builder.current as Bar;
        this.pending.set(key(tick.symbol, builder.interval, bar.openTime), { ...bar, symbol: tick.symbol, interval: builder.interval });
      }
      this.stats.get(tick.symbol)?.update({ ...(builders.get('1m')?.current as Bar) });
      quotes.push(this.refreshQuote(tick, tick.time));
    }
    this.tickSequence++;
    for (const listener of this.listeners) {
      try {
        listener(quotes, ticks);
      } catch (error) {
        this.log?.error({ err: error }, 'market listener failed');
      }
    }
  }

  private refreshQuote(tick: Tick, now: number): Quote {
    const instrument = this.instruments.get(tick.symbol) as Instrument;
    const stats = (this.stats.get(tick.symbol) as RollingStats).stats(now, tick.price);
    const quote: Quote = {
      symbol: instrument.symbol,
      name: instrument.name,
      category: instrument.category,
      unit: instrument.unit,
      price: tick.price,
      bid: tick.bid,
      ask: tick.ask,
      open: stats.open,
      high: stats.high,
      low: stats.low,
      change: stats.change,
      changePercent: stats.changePercent,
      volume: stats.volume,
      time: tick.time,
      isIco: instrument.isIco,
      priceDecimals: instrument.priceDecimals,
      amountDecimals: instrument.amountDecimals,
      marketOpen: isOpen(instrument.calendarId, now),
    };
    this.quotes.set(instrument.symbol, quote);
    return quote;
  }

  /** Writes the bars changed since the last flush (one multi-row statement per 1000 bars). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.pending.size) return;
      const bars = [...this.pending.values()];
      this.pending.clear();
      // still readable (priceAt) while on their way to the store
      this.writing = bars;
      try {
        await upsertBars(this.db, bars, 'replace');
      } catch (error) {
        this.log?.error({ err: error }, 'kline flush failed; retrying at the next flush');
        // Put the bars back unless a newer state of the same bar arrived meanwhile.
        for (const bar of bars) {
          const id = key(bar.symbol, bar.interval, bar.openTime);
          if (!this.pending.has(id)) this.pending.set(id, bar);
        }
      } finally {
        this.writing = [];
      }
    });
    return this.flushing;
  }

  instrument(symbol: string): Instrument {
    const instrument = this.instruments.get(requireSymbol(symbol));
    if (!instrument) throw refuse('unknownSymbol', { symbol }, 404);
    return instrument;
  }

  quote(symbol: string): Quote {
    const instrument = this.instrument(symbol);
    const quote = this.quotes.get(instrument.symbol) as Quote;
    return { ...quote, marketOpen: isOpen(instrument.calendarId, this.clock()) };
  }

  list(categories?: readonly Category[]): Quote[] {
    const now = this.clock();
    const out: Quote[] = [];
    for (const instrument of this.instruments.values()) {
      if (categories && !categories.includes(instrument.category)) continue;
      out.push({ ...(this.quotes.get(instrument.symbol) as Quote), marketOpen: isOpen(instrument.calendarId, now) });
    }
    return out;
  }

  /** Where the symbol's ticks come from: the simulated feed or the exchange adapter (recorded with every fill). */
  source(symbol: string): 'simulated' | 'exchange' {
    return this.feed.sourceOf?.(this.instrument(symbol).symbol) ?? 'simulated';
  }

  depth(symbol: string, levels: number): DepthSnapshot {
    return this.feed.depth(this.instrument(symbol).symbol, levels) as DepthSnapshot;
  }

  tradingTime(symbol: string): TradingTime {
    return tradingTime(this.instrument(symbol).calendarId, this.clock());
  }

  /**
   * The last price of `symbol` recorded at or before `time` (epoch ms), with when it was recorded (the end of its
   * minute bar); never a later price; undefined when none was. Reads the stored minute bars through `store` (a
   * caller's transaction: no flush, which on PGlite would wait for that transaction) and the bars not yet
   * written, which are newer.
   */
  async priceAt(symbol: string, time: number, store: Db = this.db): Promise<{ price: string; at: number } | undefined> {
    const id = this.instrument(symbol).symbol;
    const minute = KLINE_INTERVAL_MS['1m'];
    let best = await recordedPriceAt(store, id, time);
    const consider = (bar: Bar) => {
      if (bar.openTime + minute <= time && (!best || bar.openTime + minute >= best.at)) best = { price: bar.close, at: bar.openTime + minute };
    };
    for (const bar of [...this.writing, ...this.pending.values()]) if (bar.symbol === id && bar.interval === '1m') consider(bar);
    const current = this.builders.get(id)?.get('1m')?.current;
    if (current) consider(current);
    return best;
  }

  /** Up to `limit` bars, oldest first, ending with the bar being built; history is generated on first request. */
  async klines(symbol: string, interval: KlineInterval, limit: number): Promise<Bar[]> {
    const instrument = this.instrument(symbol);
    await this.ensureHistory(instrument.symbol, interval);
    await this.flush();
    const current = this.builders.get(instrument.symbol)?.get(interval)?.current;
    const stored = await readBars(this.db, instrument.symbol, interval, limit, current?.openTime, {
      price: instrument.priceDecimals,
      amount: instrument.amountDecimals,
    });
    const bars: Bar[] = stored.map(({ openTime, open, high, low, close, volume }) => ({ openTime, open, high, low, close, volume }));
    if (current) bars.push({ ...current });
    return bars.slice(-limit);
  }

  /** Generates and stores `backfillBars` bars before the earliest known bar of (symbol, interval), once. */
  ensureHistory(symbol: string, interval: KlineInterval): Promise<void> {
    const id = `${symbol}|${interval}`;
    let running = this.backfills.get(id);
    if (!running) {
      running = this.backfill(symbol, interval).finally(() => this.backfills.delete(id));
      this.backfills.set(id, running);
    }
    return running;
  }

  private async backfill(symbol: string, interval: KlineInterval): Promise<void> {
    if (await isBackfilled(this.db, symbol, interval)) return;
    await this.flush();
    const instrument = this.instruments.get(symbol) as Instrument;
    const earliest = await earliestBar(this.db, symbol, interval);
    const current = this.builders.get(symbol)?.get(interval)?.current;
    const quote = this.feed.quote(symbol) as Tick;
    const anchor = earliest
      ? { time: earliest.openTime, price: earliest.open }
      : current
        ? { time: current.openTime, price: current.open }
        : { time: barOpen(interval, this.clock()), price: quote.price };
    let bars: Bar[] | undefined;
    try {
      bars = await this.feed.history?.(symbol, interval, anchor.time, this.settings.backfillBars);
    } catch (error) {
      // Not marked as backfilled: the next chart request asks again; this one shows the bars stored so far.
      this.log?.warn({ err: error, symbol, interval }, 'market: the feed could not provide history');
      return;
    }
    bars ??= generateHistory(this.settings.seed, instrument, interval, anchor.time, anchor.price, this.settings.backfillBars);
    await this.db.transaction(async (tx) => {
      await upsertBars(tx, bars.map((bar) => ({ ...bar, symbol, interval })), 'keep');
      await markBackfilled(tx, symbol, interval, bars.length);
    });
  }
}

/**
 * The 15m bars of the last day from a feed that records history (the exchange), for the 24 h statistics of its
 * symbols; a symbol it cannot provide for gets none (its statistics start flat rather than from invented bars).
 */
async function recordedDayHistory(
  feed: ServiceFeed,
  instruments: readonly FeedInstrument[],
  now: number,
  log: FastifyBaseLogger | undefined,
): Promise<Map<string, Bar[]>> {
  const recorded = new Map<string, Bar[]>();
  const history = feed.history?.bind(feed);
  if (!history) return recorded;
  await Promise.all(
    instruments.map(async ({ symbol }) => {
      const bars = await history(symbol, '15m', barOpen('15m', now), 96).catch((error: unknown) => {
        log?.warn({ err: error, symbol }, 'market: no recorded history for the 24 h statistics');
        return [];
      });
      if (bars) recorded.set(symbol, bars);
    }),
  );
  return recorded;
}

function key(symbol: string, interval: KlineInterval, openTime: number): string {
  return `${symbol}|${interval}|${openTime}`;
}

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
