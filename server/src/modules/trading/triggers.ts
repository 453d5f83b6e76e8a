import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../cluster/bus.js';
import type { Db } from '../../db/db.js';
import { normalize, type Mode } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import { AppError } from '../../http/envelope.js';
import { afterCommit } from '../platform/user-events.js';
import { nextPeak, trailPrice } from './trailing.js';
import { scaled, TriggerIndex, type Direction, type IndexedTrigger, type Watch } from './trigger-index.js';

export type { Direction, Watch } from './trigger-index.js';

export interface TriggerSpec {
  /** Whose trigger it is: the handler registered under this name fires it ('spot', 'perp-limit', 'perp-tp'…). */
  owner: string;
  /** The owner's record (an order id, a position id). */
  ref: string;
  mode: Mode;
  symbol: string;
  direction: Direction;
  watch: Watch;
  price: string;
  /**
   * A trailing trigger: its price follows the best watched price since placement (`peak`: the highest for an lte
   * trigger, the lowest for a gte one) at `callback` percent from it; `price` is then computed from them.
   */
  trail?: { callback: string; peak: string } | undefined;
}

export interface StoredTrigger extends Omit<TriggerSpec, 'trail'>, IndexedTrigger {
  id: string;
  /** A trailing trigger's callback (percent) and its peak so far; null for a fixed trigger. */
  trailCallback?: string | null;
  trailPeak?: string | null;
}

/**
 * What a handler did with a fired trigger, in the transaction that claimed it: `fired` (done: the trigger is
 * spent), `keep` (its work is committed but the trigger stays pending, e.g. a limit order partly filled), `skip`
 * (nothing happened: everything is rolled back and the trigger waits for the next crossing tick).
 */
export type TriggerOutcome = 'fired' | 'keep' | 'skip';

/**
 * Fires one trigger of its owner inside the transaction that claimed it. `tick` is the feed's current tick of the
 * symbol, which crossed the trigger: the one to record as evidence.
 */
export type TriggerHandler = (tx: Db, trigger: StoredTrigger, tick: Tick, now: Date) => Promise<TriggerOutcome>;

/**
 * What an owner does when its handler refused a fired trigger (a triggered stop order that can no longer be placed:
 * margin, a post-only that would take…): run in a transaction of its own after the handler's was rolled back, with
 * the trigger claimed, so the refusal is recorded once and the trigger is spent.
 */
export type RefusalHandler = (tx: Db, trigger: StoredTrigger, refusal: AppError, now: Date) => Promise<void>;

/** Refusals a trigger waits out rather than records: the next crossing tick (a new book) tries again. */
const RETRIED = new Set(['insufficientDepth']);

class Skip extends Error {}

/** Cluster mode: an index change committed by one process, for the others' indexes (the leader's evaluates them). */
type TriggerNews = { op: 'add'; trigger: StoredTrigger } | { op: 'forget'; id: string };
const TRIGGERS_CHANNEL = 'triggers';

type Row = StoredTrigger;
const COLUMNS =
  'id::text AS id, owner, ref, mode, symbol, direction, watch, price::text AS price, trail_callback::text AS "trailCallback", trail_peak::text AS "trailPeak"';
const tidy = (row: Row): StoredTrigger => ({
  ...row,
  price: normalize(row.price),
  trailCallback: row.trailCallback == null ? null : normalize(row.trailCallback),
  trailPeak: row.trailPeak == null ? null : normalize(row.trailPeak),
});

export interface TriggerBookDeps {
  db: Db;
  clock: () => Date;
  /** The feed's current tick of a symbol. */
  tick: (symbol: string) => Tick | undefined;
  /** The mark price of a tick (perpetuals); the last price unless the perpetual module sets its rule. */
  mark?: (tick: Tick) => string;
  log?: FastifyBaseLogger;
}

/**
 * Price triggers of every owner: stored in trading_triggers (the truth), mirrored in a TriggerIndex (rebuilt
 * from the pending rows by load()). Each tick batch proposes the triggers it crosses; each proposal is decided
 * in its own transaction by a conditional UPDATE … WHERE status = 'pending' RETURNING, so a trigger fires once
 * however many ticks, processes or restarts propose it, and the owner's ledger posting commits with the claim.
 */
export class TriggerBook {
  readonly index = new TriggerIndex();
  private readonly handlers = new Map<string, TriggerHandler>();
  private readonly refusals = new Map<string, RefusalHandler>();
  private readonly queue = new Map<string, StoredTrigger>();
  /** The pending trailing triggers by symbol (also in the index), whose price each tick may move. */
  private readonly trailing = new Map<string, Map<string, StoredTrigger>>();
  /** Trailing triggers whose peak moved in memory and is yet to be written (the drain writes it before firing). */
  private readonly peaks = new Map<string, StoredTrigger>();
  private draining: Promise<void> | undefined;
  private markRule: (tick: Tick) => string;
  private bus: Bus | undefined;

  constructor(private readonly deps: TriggerBookDeps) {
    this.markRule = deps.mark ?? ((tick) => tick.price);
  }

  /** The owner's handler; one per owner name. */
  register(owner: string, handler: TriggerHandler, onRefused?: RefusalHandler): void {
    if (this.handlers.has(owner)) throw new Error(`trigger owner ${owner} is registered twice`);
    this.handlers.set(owner, handler);
    if (onRefused) this.refusals.set(owner, onRefused);
  }

  /**
   * Cluster mode: announces this process's committed additions and removals on the bus and applies the other
   * processes', so the leader evaluates every trigger of the venue (its index is rebuilt by load() when it takes over;
   * a message lost meanwhile costs at most a stale entry, which a claim finds 'gone'). Returns the unsubscribe.
   */
  share(bus: Bus): () => void {
    this.bus = bus;
    const stop = bus.subscribe<TriggerNews>(TRIGGERS_CHANNEL, (news, fromSelf) => {
      if (fromSelf) return;
      if (news.op === 'add') this.remember(news.trigger);
      else this.forget(news.id);
    });
    return () => {
      stop();
      this.bus = undefined;
    };
  }

  private announce(news: TriggerNews): void {
    this.bus?.publish(TRIGGERS_CHANNEL, news);
  }

  /** How the perpetual module computes the mark price from a tick. */
  setMarkRule(rule: (tick: Tick) => string): void {
    this.markRule = rule;
  }

  /** Stores a trigger in the caller's transaction; it joins the index once that commits. */
  async add(tx: Db, spec: TriggerSpec): Promise<StoredTrigger> {
    const price = spec.trail ? trailPrice(spec.direction, spec.trail.peak, spec.trail.callback) : spec.price;
    scaled(price);
    const { rows } = await tx.query<Row>(
      `INSERT INTO trading_triggers (owner, ref, mode, symbol, direction, watch, price, trail_callback, trail_peak, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
      [spec.owner, spec.ref, spec.mode, spec.symbol, spec.direction, spec.watch, price, spec.trail?.callback ?? null, spec.trail?.peak ?? null, this.deps.clock()],
    );
    const trigger = tidy(rows[0]!);
    afterCommit(tx, () => {
      this.remember(trigger);
      this.announce({ op: 'add', trigger });
    });
    return trigger;
  }

  /** A pending trigger as the index (and, trailing, the tick-by-tick follower) knows it. */
  private remember(trigger: StoredTrigger): void {
    this.index.add(trigger);
    if (trigger.trailPeak == null) return;
    let bySymbol = this.trailing.get(trigger.symbol);
    if (!bySymbol) this.trailing.set(trigger.symbol, (bySymbol = new Map()));
    bySymbol.set(trigger.id, trigger);
  }

  private forget(id: string): void {
    this.index.remove(id);
    for (const bySymbol of this.trailing.values()) bySymbol.delete(id);
    this.peaks.delete(id);
  }

  /** Forgets a trigger that is no longer pending here and in the other processes' indexes. */
  private spent(id: string): void {
    this.forget(id);
    this.announce({ op: 'forget', id });
  }

  /** A pending trailing trigger as it stands now (its peak and price as of the last tick), or undefined. */
  trailingOf(id: string): StoredTrigger | undefined {
    for (const bySymbol of this.trailing.values()) {
      const found = bySymbol.get(id);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Moves the trailing triggers of `tick`'s symbol to a better peak, in memory at once (so the same tick is
   * measured against the moved price) and in the database by the drain (peaks only ever improve, so a late or
   * repeated write never moves one back).
   */
  private follow(tick: Tick): void {
    const bySymbol = this.trailing.get(tick.symbol);
    if (!bySymbol?.size) return;
    const prices = this.pricesOf(tick);
    for (const trigger of bySymbol.values()) {
      const peak = nextPeak(trigger.direction, trigger.trailPeak!, prices[trigger.watch]);
      if (peak === undefined) continue;
      const moved = { ...trigger, trailPeak: peak, price: trailPrice(trigger.direction, peak, trigger.trailCallback!) };
      bySymbol.set(moved.id, moved);
      this.index.add(moved);
      this.peaks.set(moved.id, moved);
    }
  }

  private async writePeaks(): Promise<void> {
    const batch = [...this.peaks.values()];
    this.peaks.clear();
    for (const t of batch) {
      await this.deps.db.query(
        `UPDATE trading_triggers SET trail_peak = $2, price = $3
          WHERE id = $1 AND status = 'pending' AND (CASE direction WHEN 'lte' THEN trail_peak < $2 ELSE trail_peak > $2 END)`,
        [t.id, t.trailPeak, t.price],
      );
    }
  }

  /** Cancels a pending trigger in the caller's transaction; false when it had already fired or was cancelled. */
  async cancel(tx: Db, id: string): Promise<boolean> {
    const { rows } = await tx.query(`UPDATE trading_triggers SET status = 'canceled', done_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id`, [
      id,
      this.deps.clock(),
    ]);
    afterCommit(tx, () => this.spent(id));
    return rows.length > 0;
  }

  /** Rebuilds the index from the pending rows (at start: the index is memory, the rows are the truth). */
  async load(): Promise<number> {
    this.index.clear();
    this.trailing.clear();
    this.peaks.clear();
    for await (const trigger of this.pending()) this.remember(trigger);
    return this.index.size;
  }

  /**
   * Cluster mode, on the feed's owner: adds the pending triggers its index lacks — an 'add' published while its bus
   * connection was down is lost (Redis pub/sub keeps nothing) — and leaves the others as they are, so a trailing
   * trigger keeps the peak it has followed. An entry whose 'forget' was lost stays until a claim finds it gone.
   * Returns how many were added.
   */
  async reconcile(): Promise<number> {
    let added = 0;
    for await (const trigger of this.pending()) {
      if (this.index.has(trigger.id)) continue;
      this.remember(trigger);
      added += 1;
    }
    return added;
  }

  /** The pending triggers in the database, in id order, read in pages. */
  private async *pending(): AsyncGenerator<StoredTrigger> {
    let after = '0';
    for (;;) {
      const { rows } = await this.deps.db.query<Row>(
        `SELECT ${COLUMNS} FROM trading_triggers WHERE status = 'pending' AND trading_triggers.id > $1 ORDER BY trading_triggers.id LIMIT 5000`,
        [after],
      );
      for (const row of rows) yield tidy(row);
      if (rows.length < 5000) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  private pricesOf(tick: Tick): Record<Watch, string> {
    return { bid: tick.bid, ask: tick.ask, last: tick.price, mark: this.markRule(tick) };
  }

  private crosses(trigger: IndexedTrigger, tick: Tick): boolean {
    const price = scaled(this.pricesOf(tick)[trigger.watch]);
    return trigger.direction === 'gte' ? price >= scaled(trigger.price) : price <= scaled(trigger.price);
  }

  /** A tick batch from the feed: queues the triggers it crosses (the work runs after, one claim at a time). */
  onTicks(ticks: readonly Tick[]): void {
    for (const tick of ticks) {
      this.follow(tick);
      for (const trigger of this.index.crossed(tick.symbol, this.pricesOf(tick))) this.queue.set(trigger.id, trigger as StoredTrigger);
    }
    if ((this.queue.size || this.peaks.size) && !this.draining) {
      this.draining = this.drain().finally(() => {
        this.draining = undefined;
      });
    }
  }

  /** Resolves once every queued trigger has been decided. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.size || this.peaks.size) {
      try {
        await this.writePeaks();
      } catch (error) {
        // the peak stays in memory (the index follows it); the next move writes a later one
        this.deps.log?.error({ err: error }, 'trading: a trailing peak could not be written');
      }
      if (!this.queue.size) continue;
      const [id, trigger] = this.queue.entries().next().value as [string, StoredTrigger];
      this.queue.delete(id);
      try {
        await this.fire(trigger);
      } catch (error) {
        // stays pending and indexed: the next crossing tick proposes it again
        this.deps.log?.error({ err: error, trigger: id }, 'trading: a trigger failed to fire');
      }
    }
  }

  /**
   * Decides one proposed trigger against the feed's current tick: claims it (conditional UPDATE), runs its
   * owner's handler in the same transaction, and keeps or drops it from the index by the outcome. Answers the
   * outcome, or 'gone' when it had already fired or been cancelled, or 'uncrossed' when the price moved back.
   */
  async fire(trigger: StoredTrigger): Promise<TriggerOutcome | 'gone' | 'uncrossed' | 'refused'> {
    const tick = this.deps.tick(trigger.symbol);
    if (!tick || !this.crosses(trigger, tick)) return 'uncrossed';
    const handler = this.handlers.get(trigger.owner);
    if (!handler) throw new Error(`no handler for trigger owner ${trigger.owner}`);
    try {
      return await this.deps.db.transaction(async (tx) => {
        const now = this.deps.clock();
        const claimed = await tx.query<Row>(
          `UPDATE trading_triggers SET status = 'fired', done_at = $2 WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
          [trigger.id, now],
        );
        if (!claimed.rows[0]) {
          afterCommit(tx, () => this.spent(trigger.id));
          return 'gone' as const;
        }
        const outcome = await handler(tx, tidy(claimed.rows[0]), tick, now);
        if (outcome === 'skip') throw new Skip();
        if (outcome === 'keep') await tx.query(`UPDATE trading_triggers SET status = 'pending', done_at = NULL WHERE id = $1`, [trigger.id]);
        else afterCommit(tx, () => this.spent(trigger.id));
        return outcome;
      });
    } catch (error) {
      if (error instanceof Skip) return 'skip';
      const onRefused = this.refusals.get(trigger.owner);
      if (!onRefused || !(error instanceof AppError) || !error.reason || RETRIED.has(error.reason)) throw error;
      return this.refuse(trigger, error, onRefused);
    }
  }

  /** Spends a trigger its handler refused, letting the owner record why (RefusalHandler). */
  private async refuse(trigger: StoredTrigger, refusal: AppError, onRefused: RefusalHandler): Promise<'refused' | 'gone'> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock();
      const claimed = await tx.query<Row>(
        `UPDATE trading_triggers SET status = 'fired', done_at = $2 WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [trigger.id, now],
      );
      afterCommit(tx, () => this.spent(trigger.id));
      if (!claimed.rows[0]) return 'gone' as const;
      await onRefused(tx, tidy(claimed.rows[0]), refusal, now);
      return 'refused' as const;
    });
  }
}
