import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from '../../cluster/cluster.js';
import type { Bus } from '../../cluster/bus.js';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import type { DepthSnapshot, Tick } from './feed/port.js';
import { createFeed, type FeedSettings, type ServiceFeed } from './feed/select.js';
import { isOpen, tradingTime, type TradingTime } from './hours/calendar.js';
import type { Category } from './instruments/catalogue.js';
import { loadInstruments, type Instrument } from './instruments/storage.js';
import type { FeedInstrument } from './feed/simulated.js';
import { BarBuilder, type Bar } from './klines/bar.js';
import { generateHistory } from './klines/history.js';
import { barOpen, KLINE_INTERVAL_MS, KLINE_INTERVALS, type KlineInterval } from '@meridian/contracts';
import { RollingStats } from './klines/stats.js';
import { earliestBar, isBackfilled, latestBars, markBackfilled, readBars, recordedPriceAt, upsertBars, type StoredBar } from './klines/storage.js';
import { quoteOf, type Quote } from './quote.js';
import { bySymbol, feedInstrumentsOf, readStoredMarket, recordedDayHistory } from './startup.js';
import { requireSymbol } from './symbols.js';

export interface MarketSettings extends FeedSettings {
  klineFlushMs: number;
  backfillBars: number;
  /** How often each process reads the catalogue for instruments added while it runs (default 5 s). */
  catalogueSyncMs?: number;
}

const CATALOGUE_SYNC_MS = 5_000;

/** Builds the feed the service runs (createFeed; tests give a feed they drive by hand). */
export type FeedFactory = typeof createFeed;

export type QuoteListener = (quotes: readonly Quote[], ticks: readonly Tick[]) => void;

/** The feed owner's tick batches on the bus (cluster mode): the batch's sequence number and its ticks. */
const TICKS_CHANNEL = 'market:ticks';
interface TickBatch {
  seq: number;
  ticks: Tick[];
  /** The books a follower cannot rebuild from the ticks (an exchange's), by symbol. */
  depths?: Record<string, DepthSnapshot> | undefined;
}

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
  private catalogueTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private unsubscribeFeed: (() => void) | undefined;
  private tickSequence = 0;
  /** The last listVersion() answer and what it was made of. */
  private listed = { tick: -1, minute: Number.NaN, version: '' };
  /** Listeners of the feed's owner only: trigger evaluation, the cross book, the seconds recorder. */
  private readonly ownerListeners = new Set<QuoteListener>();
  private readonly takeOverHooks = new Set<() => Promise<unknown>>();
  /** Whether this process runs the feed (always, single-process; the leader, in cluster mode). */
  private owning = true;
  private clusterStops: (() => void)[] = [];
  private cluster: Cluster | undefined;

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
    options: { clock?: () => number; log?: FastifyBaseLogger; feed?: FeedFactory; cluster?: Cluster } = {},
  ): Promise<MarketService> {
    const clock = options.clock ?? Date.now;
    const now = clock();
    const { instruments, latest, recentMinutes } = await readStoredMarket(db, now, options.log);
    const feedInstruments = feedInstrumentsOf(instruments, latest);
    const feed = (options.feed ?? createFeed)(settings, feedInstruments, { clock, log: options.log });
    await feed.load?.();
    const service = new MarketService(db, settings, feed, instruments, clock, options.log);
    if (options.cluster?.bus) service.cluster = options.cluster;

    const minuteHistory = bySymbol(recentMinutes);
    const recorded = await recordedDayHistory(feed, feedInstruments.filter((i) => !minuteHistory.has(i.symbol)), now, options.log);
    for (const instrument of feedInstruments) service.track(instrument, latest, minuteHistory.get(instrument.symbol) ?? recorded.get(instrument.symbol), now);
    return service;
  }

  /**
   * Starts the bars, 24 h statistics and quote of an instrument the feed ticks. With no recent minute bars stored,
   * the window starts from `history` (the stored minute bars or the source's recorded 15m bars) or else the
   * deterministic history the 15m backfill writes (96 bars rather than 1440 one-minute bars: this runs for every
   * instrument at every start).
   */
  private track(instrument: FeedInstrument, latest: readonly StoredBar[], history: Bar[] | undefined, now: number): void {
    const start = this.feed.quote(instrument.symbol) as Tick;
    const resume = new Map(latest.filter((b) => b.symbol === instrument.symbol).map((b) => [b.interval, b]));
    const builders = new Map<KlineInterval, BarBuilder>();
    for (const interval of KLINE_INTERVALS) {
      const stored = resume.get(interval);
      builders.set(interval, new BarBuilder(interval, start.price, stored && stored.openTime === barOpen(interval, now) ? stored : undefined));
    }
    this.builders.set(instrument.symbol, builders);
    const window = history ?? generateHistory(this.settings.seed, instrument, '15m', barOpen('15m', now), start.price, 96);
    this.stats.set(instrument.symbol, new RollingStats(instrument.priceDecimals, instrument.amountDecimals, window));
    this.refreshQuote(start, now);
  }

  /**
   * Prices the instruments added to the catalogue since this process started (an offering's ICO token that an
   * operator published with `pnpm ops offer:publish`, in another process): each process reads the database
   * itself, so every server behind the load balancer quotes the new symbol within one sync, without a restart.
   * Returns the symbols added.
   */
  async syncCatalogue(): Promise<string[]> {
    const added = (await loadInstruments(this.db)).filter((i) => i.status !== 'DELISTED' && !this.instruments.has(i.symbol));
    if (!added.length || !this.feed.add) return [];
    const now = this.clock();
    // bars stored by another process that priced it first: this one continues from their close
    const latest = (await latestBars(this.db)).filter((b) => added.some((i) => i.symbol === b.symbol));
    for (const instrument of feedInstrumentsOf(added, latest)) {
      this.feed.add(instrument);
      this.instruments.set(instrument.symbol, added.find((i) => i.symbol === instrument.symbol)!);
      this.track(instrument, latest, undefined, now);
    }
    // lists cached by listVersion() include the new symbols from now
    this.tickSequence++;
    this.log?.info({ symbols: added.map((i) => i.symbol) }, 'market: instruments added to the catalogue are now priced');
    return added.map((i) => i.symbol);
  }

  start(): void {
    if (this.unsubscribeFeed || this.flushTimer) return;
    this.flushTimer = setInterval(() => void this.flush(), this.settings.klineFlushMs);
    this.flushTimer.unref();
    this.catalogueTimer = setInterval(
      () => void this.syncCatalogue().catch((error: unknown) => this.log?.warn({ err: error }, 'market: could not read the catalogue; retrying at the next sync')),
      this.settings.catalogueSyncMs ?? CATALOGUE_SYNC_MS,
    );
    this.catalogueTimer.unref();
    const cluster = this.cluster;
    if (!cluster?.bus) return this.runFeed();
    // cluster mode: follow the owner's ticks until this process is the leader (cluster/leadership.ts)
    const bus = cluster.bus;
    this.owning = false;
    this.clusterStops.push(
      bus.subscribe<TickBatch>(TICKS_CHANNEL, (batch, fromSelf) => {
        if (fromSelf || this.owning) return;
        this.feed.adopt?.(batch.ticks, batch.depths);
        this.onTicks(batch.ticks, batch.seq);
      }),
      cluster.leadership.onChange((leader) => (leader ? this.takeOver() : this.yieldFeed())),
    );
  }

  /** The bus of cluster mode (undefined single-process): trigger and cross-account changes travel on it. */
  get bus(): Bus | undefined {
    return this.cluster?.bus;
  }

  /** Whether this process runs the feed now (always, single-process). */
  get owner(): boolean {
    return this.owning;
  }

  /**
   * Cluster mode: runs `hook` when this process becomes the feed's owner, before its first tick (a new leader
   * rebuilds what it evaluates from the database). Never called single-process, where the owner starts as such.
   */
  onTakeOver(hook: () => Promise<unknown>): () => void {
    this.takeOverHooks.add(hook);
    return () => void this.takeOverHooks.delete(hook);
  }

  private async takeOver(): Promise<void> {
    for (const hook of this.takeOverHooks) {
      try {
        await hook();
      } catch (error) {
        this.log?.error({ err: error }, 'market: a take-over step failed');
      }
    }
    this.owning = true;
    this.log?.info({ sequence: this.tickSequence }, 'market: this process owns the feed');
    this.runFeed();
  }

  private yieldFeed(): void {
    this.feed.stop();
    this.unsubscribeFeed?.();
    this.unsubscribeFeed = undefined;
    this.owning = false;
    this.log?.info('market: feed handed over');
  }

  private runFeed(): void {
    if (this.unsubscribeFeed) return;
    const bus = this.cluster?.bus;
    this.unsubscribeFeed = this.feed.subscribe((ticks) => {
      // published before applied here: the followers' sockets get the batch as soon as the owner's
      if (bus) bus.publish(TICKS_CHANNEL, { seq: this.tickSequence + 1, ticks: [...ticks], depths: this.feed.sharedDepths?.(ticks) } satisfies TickBatch);
      this.onTicks(ticks);
    });
    this.feed.start();
  }

  /** Stops the feed and writes the bars still in memory. */
  async stop(): Promise<void> {
    this.feed.stop();
    this.unsubscribeFeed?.();
    this.unsubscribeFeed = undefined;
    for (const stop of this.clusterStops.splice(0)) stop();
    clearInterval(this.flushTimer);
    clearInterval(this.catalogueTimer);
    this.flushTimer = undefined;
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
    const minute = Math.floor(this.clock() / 60_000);
    // The same string while it holds: the fast lane (http/fast-lane.ts) checks it on every replayed request, and
    // comparing one kept string costs nothing, where building it anew would allocate per request.
    if (this.listed.tick !== this.tickSequence || this.listed.minute !== minute) {
      this.listed = { tick: this.tickSequence, minute, version: `${this.tickSequence}|${minute}` };
    }
    return this.listed.version;
  }

  /** Every tick batch as quotes, in one call per batch. */
  subscribe(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Every tick batch while this process owns the feed (always, single-process): for the work the venue does once
   * per tick, trigger evaluation, cross-account liquidation, recording the seconds contracts' ticks.
   */
  subscribeOwned(listener: QuoteListener): () => void {
    this.ownerListeners.add(listener);
    return () => void this.ownerListeners.delete(listener);
  }

  /** Applies a tick batch: `seq` is the owner's sequence number of it (cluster followers), else the next. */
  onTicks(ticks: readonly Tick[], seq?: number): void {
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
    this.tickSequence = seq ?? this.tickSequence + 1;
    const owned = this.owning ? this.ownerListeners : [];
    for (const listener of [...this.listeners, ...owned]) {
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
    const quote = quoteOf(instrument, tick, stats, isOpen(instrument.calendarId, now));
    this.quotes.set(instrument.symbol, quote);
    return quote;
  }

  /** Writes the bars changed since the last flush (one multi-row statement per 1000 bars). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      // only the feed's owner writes K-lines; a follower's bars are the same, built from the same ticks
      if (!this.owning) this.pending.clear();
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

function key(symbol: string, interval: KlineInterval, openTime: number): string {
  return `${symbol}|${interval}|${openTime}`;
}
