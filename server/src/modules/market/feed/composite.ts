import type { Bar } from '../klines/bar.js';
import type { KlineInterval } from '@meridian/contracts';
import type { DepthSnapshot, MarketFeed, Tick } from './port.js';
import type { FeedInstrument, SimulatedFeed } from './simulated.js';

/** The levels a side an owner shares of an exchange book: what the engine walks and the streams show (20). */
export const SHARED_DEPTH_LEVELS = 20;

/** A source that owns some symbols and is advanced by the composite's clock (the exchange adapter). */
export interface RoutedSource extends MarketFeed {
  owns(symbol: string): boolean;
  /** Opens the connection without a timer of its own: the composite steps it. */
  connect(): void;
  disconnect(): void;
  /** Delivers (and returns) what changed since the previous step. */
  step(): readonly Tick[];
}

/**
 * Routes each symbol to its source: the exchange for the symbols it lists, the simulated feed for everything
 * else (forex, stocks, CFDs, indices, coins the exchange does not list), so every screen keeps working. One
 * timer steps both and delivers a single batch per step, as the simulated feed alone does; ownership is asked
 * at every step because the exchange learns its listing only once it answers.
 */
export class CompositeFeed implements MarketFeed {
  private readonly listeners = new Set<(ticks: readonly Tick[]) => void>();
  private timer: NodeJS.Timeout | undefined;
  /** The owner's latest exchange ticks (cluster followers: their own exchange connection does not run). */
  private readonly adopted = new Map<string, Tick>();
  /** The owner's latest exchange books, as its batches carried them (cluster followers). */
  private readonly adoptedDepths = new Map<string, DepthSnapshot>();

  constructor(
    private readonly simulated: SimulatedFeed,
    private readonly exchange: RoutedSource,
    private readonly options: { tickMs: number; clock?: () => number },
  ) {}

  async load(): Promise<void> {
    await this.exchange.load?.();
  }

  start(): void {
    if (this.timer) return;
    this.adopted.clear();
    this.adoptedDepths.clear();
    this.exchange.connect();
    const clock = this.options.clock ?? Date.now;
    this.timer = setInterval(() => this.step(clock()), this.options.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.exchange.disconnect();
  }

  subscribe(listener: (ticks: readonly Tick[]) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Advances the simulated symbols one tick and adds the exchange's changes: one batch, delivered and returned. */
  step(now: number): Tick[] {
    const ticks = this.simulated.step(now).filter((tick) => !this.exchange.owns(tick.symbol));
    ticks.push(...this.exchange.step());
    if (ticks.length) for (const listener of this.listeners) listener(ticks);
    return ticks;
  }

  quote(symbol: string): Tick | undefined {
    return (this.exchange.owns(symbol) && this.adopted.get(symbol)) || this.source(symbol).quote(symbol);
  }

  adopt(ticks: readonly Tick[], depths?: Readonly<Record<string, DepthSnapshot>>): void {
    this.simulated.adopt(ticks.filter((tick) => !this.exchange.owns(tick.symbol)));
    for (const tick of ticks) if (this.exchange.owns(tick.symbol)) this.adopted.set(tick.symbol, tick);
    for (const [symbol, book] of Object.entries(depths ?? {})) if (this.exchange.owns(symbol)) this.adoptedDepths.set(symbol, book);
  }

  /** The exchange's books of the batch's exchange symbols, at the depth the engine walks (a follower has no connection). */
  sharedDepths(ticks: readonly Tick[]): Record<string, DepthSnapshot> | undefined {
    let out: Record<string, DepthSnapshot> | undefined;
    for (const tick of ticks) {
      if (!this.exchange.owns(tick.symbol)) continue;
      const book = this.exchange.depth(tick.symbol, SHARED_DEPTH_LEVELS);
      if (book) (out ??= {})[tick.symbol] = book;
    }
    return out;
  }

  /** A symbol added while running ticks on the simulated feed (the exchange's listing is fixed at connect). */
  add(instrument: FeedInstrument): void {
    this.simulated.add(instrument);
  }

  depth(symbol: string, levels: number): DepthSnapshot | undefined {
    const adopted = this.exchange.owns(symbol) ? this.adoptedDepths.get(symbol) : undefined;
    if (adopted) return { ...adopted, bids: adopted.bids.slice(0, levels), asks: adopted.asks.slice(0, levels) };
    return this.source(symbol).depth(symbol, levels);
  }

  /** The exchange's recorded bars for its symbols; undefined for simulated ones (the caller generates those). */
  async history(symbol: string, interval: KlineInterval, before: number, count: number): Promise<Bar[] | undefined> {
    return this.exchange.owns(symbol) ? this.exchange.history?.(symbol, interval, before, count) : undefined;
  }

  sourceOf(symbol: string): 'simulated' | 'exchange' {
    return this.exchange.owns(symbol) ? 'exchange' : 'simulated';
  }

  private source(symbol: string): MarketFeed {
    return this.exchange.owns(symbol) ? this.exchange : this.simulated;
  }
}
