import { Decimal } from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Bar } from '../../klines/bar.js';
import type { KlineInterval } from '@meridian/contracts';
import type { DepthSnapshot, MarketFeed, Tick } from '../port.js';
import type { FeedInstrument } from '../simulated.js';
import { roundAmount, roundAsk, roundBid, roundLast, roundSide, toBar } from './convert.js';
import {
  isBook,
  isKlineEvent,
  isTickerEvent,
  parseStreamName,
  streamName,
  type BookLevels,
  type KlineEvent,
  type RestTicker24h,
  type StreamEnvelope,
  type TickerEvent,
} from './format.js';
import { ExchangeRest, MAX_KLINES_PER_REQUEST } from './rest.js';
import { ExchangeStream, type Backoff } from './stream.js';

export interface ExchangeFeedOptions {
  /** REST base, e.g. https://api.binance.com. */
  restUrl: string;
  /** Stream base, e.g. wss://stream.binance.com:9443. */
  wsUrl: string;
  /** How often the changes received since the last step are delivered as one batch (standalone use). */
  tickMs: number;
  /** The instruments this exchange may list, with the price each starts from until the exchange answers. */
  instruments: readonly FeedInstrument[];
  log?: FastifyBaseLogger;
  /** Stream reconnects and snapshot retries. */
  backoff?: Backoff;
  staleMs?: number;
  restTimeoutMs?: number;
  /** Epoch ms; injected by tests. */
  clock?: () => number;
}

/** Levels per side kept from the exchange's partial book (the most the app's depth API and streams ask for). */
export const BOOK_LEVELS = 20;
/** The channels subscribed per symbol: price and best bid/ask, the book, and the 1-minute bar for exact volume. */
const CHANNELS = ['ticker', `depth${BOOK_LEVELS}`, 'kline_1m'] as const;

interface SymbolState {
  instrument: FeedInstrument;
  last: Tick;
  book: { time: number; bids: [string, string][]; asks: [string, string][] } | undefined;
  /** Base volume traded since the last delivered tick, not yet rounded (the rounding remainder carries over). */
  volume: Decimal;
  /** The 1-minute bar last seen on the stream: its open time and volume so far. */
  minute: { openTime: number; volume: Decimal } | undefined;
  /** The newest exchange event time seen (0 before any): tick times never go backward, as bars need. */
  eventTime: number;
  changed: boolean;
}

/**
 * The exchange adapter (Binance spot formats): the REST 24 h tickers give the listing and the first quotes, the
 * REST depth the first books; then the combined stream keeps them current. Stream updates are collected and
 * delivered once per step, one batch for every symbol that changed, like the simulated feed's steps. A symbol
 * that stops updating keeps its last tick.
 *
 * Volume: the ticker's `v` is a rolling 24 h total that also shrinks as old trades leave the window, so the
 * volume of a tick is taken from the 1-minute kline stream instead (growth of the current bar's `v`, plus the
 * whole `v` of a bar that just opened).
 */
export class ExchangeFeed implements MarketFeed {
  private readonly states = new Map<string, SymbolState>();
  private readonly listeners = new Set<(ticks: readonly Tick[]) => void>();
  private readonly rest: ExchangeRest;
  private readonly stream: ExchangeStream;
  /** The candidates the exchange lists with a price; undefined until its tickers have been read. */
  private listed: Set<string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private connected = false;
  private loading: Promise<boolean> | undefined;
  private readonly clock: () => number;

  constructor(private readonly options: ExchangeFeedOptions) {
    this.clock = options.clock ?? Date.now;
    const now = this.clock();
    this.rest = new ExchangeRest(options.restUrl, options.restTimeoutMs);
    for (const instrument of options.instruments) {
      const price = new Decimal(instrument.startPrice ?? instrument.referencePrice).toFixed(instrument.priceDecimals);
      this.states.set(instrument.symbol, {
        instrument,
        // Until the exchange answers, the last known price stands still (bid = ask = price): no invented movement.
        last: { symbol: instrument.symbol, category: instrument.category, price, bid: price, ask: price, volume: zero(instrument), time: now },
        book: undefined,
        volume: new Decimal(0),
        minute: undefined,
        eventTime: 0,
        changed: false,
      });
    }
    this.stream = new ExchangeStream({
      url: options.wsUrl,
      streams: () => [...this.states.keys()].filter((s) => this.owns(s)).flatMap((s) => CHANNELS.map((c) => streamName(s, c))),
      onMessage: (envelope) => this.onMessage(envelope),
      backoff: options.backoff,
      staleMs: options.staleMs,
      log: options.log,
    });
  }

  /**
   * Whether the symbol's quotes come from here: one of the instruments given, and listed by the exchange (every
   * given instrument counts as listed until the listing has been read, so none falls back to simulated prices
   * merely because the exchange was slow to answer).
   */
  owns(symbol: string): boolean {
    return this.states.has(symbol) && (!this.listed || this.listed.has(symbol));
  }

  /** Stream connections opened so far. */
  get connections(): number {
    return this.stream.opened;
  }

  async load(): Promise<void> {
    await this.loadSnapshot();
  }

  /** Standalone: connects and delivers a batch every tickMs. A composite feed calls connect() and step() itself. */
  start(): void {
    if (this.timer) return;
    this.connect();
    this.timer = setInterval(() => this.step(), this.options.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.disconnect();
  }

  /** Opens the stream; keeps retrying the REST snapshot in the background if it has not loaded yet. */
  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.stream.start();
    if (!this.listed) this.retryLoad(0);
  }

  disconnect(): void {
    this.connected = false;
    clearTimeout(this.retry);
    this.stream.stop();
  }

  subscribe(listener: (ticks: readonly Tick[]) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  quote(symbol: string): Tick | undefined {
    return this.states.get(symbol)?.last;
  }

  depth(symbol: string, levels: number): DepthSnapshot | undefined {
    const state = this.states.get(symbol);
    if (!state) return undefined;
    const { last, book } = state;
    return {
      symbol,
      time: book?.time ?? last.time,
      price: last.price,
      bids: book ? book.bids.slice(0, levels) : [],
      asks: book ? book.asks.slice(0, levels) : [],
    };
  }

  /** Delivers one batch with every symbol that changed since the previous step; returns it. */
  step(): Tick[] {
    const ticks: Tick[] = [];
    for (const state of this.states.values()) {
      if (!state.changed || !this.owns(state.instrument.symbol)) continue;
      state.changed = false;
      const volume = roundAmount(state.volume, state.instrument.amountDecimals);
      state.volume = state.volume.minus(volume);
      state.last = { ...state.last, volume };
      ticks.push(state.last);
    }
    if (ticks.length) for (const listener of this.listeners) listener(ticks);
    return ticks;
  }

  /** The exchange's recorded bars (oldest first), paging back MAX_KLINES_PER_REQUEST at a time. */
  async history(symbol: string, interval: KlineInterval, before: number, count: number): Promise<Bar[] | undefined> {
    const state = this.states.get(symbol);
    if (!state || !this.owns(symbol)) return undefined;
    const bars: Bar[] = [];
    let endTime = before - 1;
    while (bars.length < count) {
      const want = Math.min(MAX_KLINES_PER_REQUEST, count - bars.length);
      const page = (await this.rest.klines(symbol, interval, endTime, want)).filter((k) => k[0] <= endTime);
      bars.unshift(...page.map((k) => toBar(k, state.instrument)));
      if (page.length < want) break;
      endTime = page[0]![0] - 1;
    }
    return bars;
  }

  /** Reads the listing and first quotes, then the first books; false (logged) when the exchange is unreachable. */
  private loadSnapshot(): Promise<boolean> {
    this.loading ??= (async () => {
      try {
        const tickers = await this.rest.tickers();
        const listed = new Set<string>();
        for (const ticker of tickers) {
          // A symbol that is not trading reports a zero last price: it is not a market to quote.
          if (this.states.has(ticker.symbol) && new Decimal(ticker.lastPrice).greaterThan(0)) {
            listed.add(ticker.symbol);
            this.applyRestTicker(ticker);
          }
        }
        const before = this.listed;
        this.listed = listed;
        await Promise.all([...listed].map((symbol) => this.loadBook(symbol)));
        const unlisted = [...this.states.keys()].filter((s) => !listed.has(s));
        this.options.log?.info({ listed: listed.size, unlisted }, 'market exchange snapshot loaded');
        // Subscribed to every candidate while the listing was unknown; now only to what the exchange lists.
        if (!before && unlisted.length) this.stream.restart();
        return true;
      } catch (error) {
        this.options.log?.warn({ err: error }, 'market exchange snapshot failed; symbols keep their last price until it answers');
        return false;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  private retryLoad(failures: number): void {
    const { minMs, maxMs } = this.options.backoff ?? { minMs: 1000, maxMs: 60_000 };
    this.retry = setTimeout(
      async () => {
        if (!this.connected || this.listed) return;
        if (!(await this.loadSnapshot()) && this.connected) this.retryLoad(failures + 1);
      },
      failures ? Math.min(maxMs, minMs * 2 ** Math.min(failures, 20)) : 0,
    );
    this.retry.unref();
  }

  private async loadBook(symbol: string): Promise<void> {
    try {
      this.applyBook(symbol, await this.rest.depth(symbol, BOOK_LEVELS), this.clock());
    } catch (error) {
      // The depth stream sends a full book within a second of connecting; nothing to retry here.
      this.options.log?.warn({ err: error, symbol }, 'market exchange depth snapshot failed');
    }
  }

  private onMessage({ stream, data }: StreamEnvelope): void {
    const name = parseStreamName(stream);
    if (!name || !this.owns(name[0])) return;
    const [symbol, channel] = name;
    if (channel === 'ticker' && isTickerEvent(data)) this.applyTicker(data);
    else if (channel.startsWith('depth') && isBook(data)) this.applyBook(symbol, data, this.clock());
    else if (channel === 'kline_1m' && isKlineEvent(data)) this.applyMinute(data);
  }

  private applyRestTicker(ticker: RestTicker24h): void {
    this.setPrices(ticker.symbol, ticker.lastPrice, ticker.bidPrice, ticker.askPrice, ticker.closeTime);
  }

  private applyTicker(event: TickerEvent): void {
    this.setPrices(event.s, event.c, event.b, event.a, event.E);
  }

  private setPrices(symbol: string, last: string, bid: string, ask: string, time: number): void {
    const state = this.states.get(symbol);
    if (!state) return;
    const dp = state.instrument.priceDecimals;
    const price = roundLast(last, dp);
    // An empty side of the book reports 0; quote the last price there rather than a bid or ask of zero.
    const positive = (text: string) => (new Decimal(text).greaterThan(0) ? text : price);
    state.eventTime = Math.max(state.eventTime, time);
    state.last = {
      ...state.last,
      price,
      bid: positive(roundBid(bid, dp)),
      ask: positive(roundAsk(ask, dp)),
      // The exchange's own time for the price, rather than when it reached us.
      time: state.eventTime,
    };
    state.changed = true;
  }

  private applyBook(symbol: string, book: BookLevels, time: number): void {
    const state = this.states.get(symbol);
    if (!state) return;
    state.book = {
      time,
      bids: roundSide(book.bids, 'bids', state.instrument, BOOK_LEVELS),
      asks: roundSide(book.asks, 'asks', state.instrument, BOOK_LEVELS),
    };
  }

  private applyMinute(event: KlineEvent): void {
    const state = this.states.get(event.s);
    if (!state) return;
    const previous = state.minute;
    if (previous && event.k.t < previous.openTime) return;
    const volume = new Decimal(event.k.v);
    const counted = previous?.openTime === event.k.t ? previous.volume : new Decimal(0);
    if (volume.greaterThan(counted)) {
      state.volume = state.volume.plus(volume.minus(counted));
      state.changed = true;
    }
    state.minute = { openTime: event.k.t, volume: Decimal.max(volume, counted) };
  }
}

function zero(instrument: FeedInstrument): string {
  return new Decimal(0).toFixed(instrument.amountDecimals);
}
