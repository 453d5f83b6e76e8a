import type { FastifyInstance } from 'fastify';
import { MODULES } from '../../app.js';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, post, type Mode } from '../ledger/ledger.js';
import type { DepthSnapshot, Tick } from '../market/feed/port.js';
import type { ServiceFeed } from '../market/feed/select.js';
import type { FeedInstrument } from '../market/feed/simulated.js';
import { createMarketModule } from '../market/module.js';
import type { AnyModule } from '../../platform-kit/define-module.js';
import type { TradingEngine } from './engine.js';

/**
 * Tests only: a market feed that moves only when the test says so. Every instrument starts at its start price
 * (bid = ask = last) with a deep one-level book; `set` gives a symbol a tick and, optionally, a book, and
 * `emit` delivers the ticks to the market service (and so to the trading engine) as one batch.
 */
export class ScriptedFeed implements ServiceFeed {
  private readonly ticks = new Map<string, Tick>();
  private readonly books = new Map<string, { bids: [string, string][]; asks: [string, string][] }>();
  private readonly sources = new Map<string, 'simulated' | 'exchange'>();
  private readonly listeners = new Set<(ticks: readonly Tick[]) => void>();

  constructor(
    instruments: readonly FeedInstrument[],
    private readonly clock: () => number,
  ) {
    for (const i of instruments) {
      const price = i.startPrice ?? i.referencePrice;
      this.ticks.set(i.symbol, { symbol: i.symbol, category: i.category, price, bid: price, ask: price, volume: '0', time: clock() });
    }
  }

  start(): void {}
  stop(): void {}
  step(): Tick[] {
    return [];
  }

  subscribe(listener: (ticks: readonly Tick[]) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  quote(symbol: string): Tick | undefined {
    return this.ticks.get(symbol);
  }

  depth(symbol: string, levels: number): DepthSnapshot | undefined {
    const tick = this.ticks.get(symbol);
    if (!tick) return undefined;
    const book = this.books.get(symbol) ?? { bids: [[tick.bid, '1000000']], asks: [[tick.ask, '1000000']] };
    return { symbol, time: tick.time, price: tick.price, bids: book.bids.slice(0, levels), asks: book.asks.slice(0, levels) };
  }

  sourceOf(symbol: string): 'simulated' | 'exchange' {
    return this.sources.get(symbol) ?? 'simulated';
  }

  /** The next tick of a symbol (time: the clock now); a book given replaces the default one-level book. */
  set(
    symbol: string,
    next: { bid: string; ask: string; last?: string; bids?: [string, string][]; asks?: [string, string][]; source?: 'simulated' | 'exchange' },
  ): Tick {
    const old = this.ticks.get(symbol);
    if (!old) throw new Error(`unknown symbol ${symbol}`);
    const tick: Tick = { ...old, bid: next.bid, ask: next.ask, price: next.last ?? new Dec(next.bid).plus(next.ask).div(2).toFixed(), time: this.clock() };
    this.ticks.set(symbol, tick);
    if (next.bids || next.asks) this.books.set(symbol, { bids: next.bids ?? [[next.bid, '1000000']], asks: next.asks ?? [[next.ask, '1000000']] });
    else this.books.delete(symbol);
    if (next.source) this.sources.set(symbol, next.source);
    return tick;
  }

  /** Delivers the current ticks of `symbols` as one batch. */
  emit(...symbols: string[]): void {
    const batch = symbols.map((s) => this.ticks.get(s)!);
    for (const listener of this.listeners) listener(batch);
  }
}

/**
 * The app's modules with the market running on a ScriptedFeed; `feed()` is the one the app built and `engine()`
 * the trading engine it set up (tests wait for its triggers and look into its index).
 */
export function scriptedModules(): { modules: readonly AnyModule[]; feed: () => ScriptedFeed; engine: () => TradingEngine } {
  let feed: ScriptedFeed | undefined;
  let engine: TradingEngine | undefined;
  const market = createMarketModule({ feed: (_settings, instruments, options) => (feed = new ScriptedFeed(instruments, options?.clock ?? Date.now)) });
  const modules = MODULES.map((m): AnyModule => {
    if (m.name === 'market') return market;
    if (m.name !== 'trading') return m;
    return {
      ...m,
      setup: async (context) => {
        const services = await m.setup!(context);
        engine = services.trading as TradingEngine;
        return services;
      },
    };
  });
  return { modules, feed: () => feed!, engine: () => engine! };
}

/** An app on `db` whose market moves only when the test says; `feed` drives it. */
export async function scriptedApp(db: Db, clock: () => Date): Promise<{ app: FastifyInstance; feed: ScriptedFeed; engine: TradingEngine }> {
  const { modules, feed, engine } = scriptedModules();
  const app = await testApp({ loginSlowdownMs: 0 }, { db, clock, modules, jobs: false });
  return { app, feed: feed(), engine: engine() };
}

/** Money into a user's spot wallet from the platform's chain account (real) or demo issuer (demo). */
export async function fundSpot(db: Db, uid: string, asset: string, amount: string, now: Date, mode: Mode = 'real'): Promise<void> {
  await post(db, {
    key: `test-fund:${uid}:${mode}:${asset}:${Math.random()}`,
    cause: { type: 'deposit', id: 'test' },
    moves: [{ from: { holder: PLATFORM, mode, wallet: mode === 'demo' ? 'demo' : 'chain', asset }, to: { holder: uid, mode, wallet: 'spot', asset }, amount }],
  }, now);
}

/** Marks a user's KYC verified (what the KYC review does), so it may trade. */
export async function verifyKyc(db: Db, uid: string): Promise<void> {
  await db.query(`UPDATE users SET kyc_status = 'verified' WHERE id = $1`, [uid]);
}
