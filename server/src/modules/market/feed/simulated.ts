import { Decimal } from 'decimal.js';
import { isOpen } from '../hours/calendar.js';
import type { CalendarId, Category } from '../instruments/catalogue.js';
import { Prng } from './prng.js';
import { bidAsk, KAPPA, MODELS, notional, roundAmount, roundPrice, unit, YEAR_MS } from './model.js';
import type { DepthSnapshot, MarketFeed, Tick } from './port.js';

export interface FeedInstrument {
  symbol: string;
  category: Category;
  unit: string;
  calendarId: CalendarId;
  priceDecimals: number;
  amountDecimals: number;
  referencePrice: string;
  /** Where the walk starts (the last stored close after a restart); defaults to the reference price. */
  startPrice?: string;
}

export interface SimulatedFeedOptions {
  seed: string;
  tickMs: number;
  instruments: readonly FeedInstrument[];
  /** Epoch ms; injected by tests. */
  clock?: () => number;
}

interface State {
  instrument: FeedInstrument;
  prng: Prng;
  /** The latent (unrounded) log price; only its rounded value leaves the feed. */
  logPrice: number;
  logRef: number;
  last: Tick;
}

/**
 * The default market-data adapter: a seeded geometric Brownian motion per instrument (per-category volatility,
 * mild mean reversion toward the reference price, occasional jumps), with a bid/ask spread and volume. Each
 * instrument draws from its own PRNG stream, so its path depends only on the seed and the instants it ticks at;
 * an instrument whose market is closed does not tick (its price stands still).
 */
export class SimulatedFeed implements MarketFeed {
  private readonly states = new Map<string, State>();
  private readonly listeners = new Set<(ticks: readonly Tick[]) => void>();
  private readonly clock: () => number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SimulatedFeedOptions) {
    this.clock = options.clock ?? Date.now;
    for (const instrument of options.instruments) this.add(instrument);
  }

  /** Starts an instrument at its start (or reference) price; its path depends only on the seed and its symbol. */
  add(instrument: FeedInstrument): void {
    if (this.states.has(instrument.symbol)) return;
    const price = roundPrice(Number(instrument.startPrice ?? instrument.referencePrice), instrument.priceDecimals);
    const { bid, ask } = bidAsk(price, instrument.priceDecimals, MODELS[instrument.category].spreadBps);
    this.states.set(instrument.symbol, {
      instrument,
      prng: new Prng(`${this.options.seed}:feed:${instrument.symbol}`),
      logPrice: Math.log(Number(price)),
      logRef: Math.log(Number(instrument.referencePrice)),
      last: {
        symbol: instrument.symbol,
        category: instrument.category,
        price,
        bid,
        ask,
        volume: new Decimal(0).toFixed(instrument.amountDecimals),
        time: this.clock(),
      },
    });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.step(this.clock()), this.options.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  subscribe(listener: (ticks: readonly Tick[]) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  quote(symbol: string): Tick | undefined {
    return this.states.get(symbol)?.last;
  }

  /** Advances every instrument whose market is open at `now` by one tick and delivers the batch. */
  step(now: number): Tick[] {
    const ticks: Tick[] = [];
    const dt = this.options.tickMs / YEAR_MS;
    const seconds = this.options.tickMs / 1000;
    for (const state of this.states.values()) {
      const { instrument, prng } = state;
      if (!isOpen(instrument.calendarId, now)) continue;
      const model = MODELS[instrument.category];
      const sigma = model.volatility;
      let r = KAPPA * dt * (state.logRef - state.logPrice) - 0.5 * sigma * sigma * dt + sigma * Math.sqrt(dt) * prng.normal();
      if (prng.next() < (model.jumpsPerDay * this.options.tickMs) / 86_400_000) r += model.jumpSigma * prng.normal();
      state.logPrice += r;
      const price = roundPrice(Math.exp(state.logPrice), instrument.priceDecimals);
      const { bid, ask } = bidAsk(price, instrument.priceDecimals, model.spreadBps);
      const volume = (notional(instrument.category, instrument.unit) * seconds * Math.exp(0.6 * prng.normal() - 0.18)) / Number(price);
      state.last = {
        symbol: instrument.symbol,
        category: instrument.category,
        price,
        bid,
        ask,
        volume: roundAmount(volume, instrument.amountDecimals),
        time: now,
      };
      ticks.push(state.last);
    }
    if (ticks.length) for (const listener of this.listeners) listener(ticks);
    return ticks;
  }

  adopt(ticks: readonly Tick[]): void {
    for (const tick of ticks) {
      const state = this.states.get(tick.symbol);
      if (!state) continue;
      state.last = tick;
      state.logPrice = Math.log(Number(tick.price));
    }
  }

  depth(symbol: string, levels: number): DepthSnapshot | undefined {
    const state = this.states.get(symbol);
    if (!state) return undefined;
    return buildDepth(this.options.seed, state.instrument, state.last, levels);
  }
}

/**
 * Order-book levels around the last tick: the best bid and ask are the tick's, each further level one step
 * (about 1 bp, at least one price unit) away; amounts are seeded by the tick, so a snapshot is stable between
 * ticks and reproducible.
 */
export function buildDepth(seed: string, instrument: FeedInstrument, tick: Tick, levels: number): DepthSnapshot {
  const dp = instrument.priceDecimals;
  const one = unit(dp);
  const price = new Decimal(tick.price);
  let step = price.times(0.0001).toDecimalPlaces(dp, Decimal.ROUND_CEIL);
  if (step.lessThan(one)) step = one;
  const prng = new Prng(`${seed}:depth:${instrument.symbol}:${tick.time}:${tick.price}`);
  const perLevel = notional(instrument.category, instrument.unit) * 3;
  const amount = (level: number) => {
    const raw = (perLevel * (0.3 + prng.next() * 1.7) * (1 + level / 10)) / price.toNumber();
    const rounded = new Decimal(roundAmount(raw, instrument.amountDecimals));
    const min = unit(instrument.amountDecimals);
    return (rounded.lessThan(min) ? min : rounded).toFixed(instrument.amountDecimals);
  };
  const bids: [string, string][] = [];
  const asks: [string, string][] = [];
  const bestBid = new Decimal(tick.bid);
  const bestAsk = new Decimal(tick.ask);
  for (let i = 0; i < levels; i++) {
    const bid = bestBid.minus(step.times(i));
    if (bid.greaterThan(0)) bids.push([bid.toFixed(dp), amount(i)]);
    asks.push([bestAsk.plus(step.times(i)).toFixed(dp), amount(i)]);
  }
  return { symbol: instrument.symbol, time: tick.time, price: tick.price, bids, asks };
}
