import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { normalize, type Mode } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import { afterCommit } from '../platform/user-events.js';
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
}

export interface StoredTrigger extends TriggerSpec, IndexedTrigger {
  id: string;
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

class Skip extends Error {}

type Row = StoredTrigger;
const COLUMNS = 'id::text AS id, owner, ref, mode, symbol, direction, watch, price::text AS price';
const tidy = (row: Row): StoredTrigger => ({ ...row, price: normalize(row.price) });

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
  private readonly queue = new Map<string, StoredTrigger>();
  private draining: Promise<void> | undefined;
  private markRule: (tick: Tick) => string;

  constructor(private readonly deps: TriggerBookDeps) {
    this.markRule = deps.mark ?? ((tick) => tick.price);
  }

  /** The owner's handler; one per owner name. */
  register(owner: string, handler: TriggerHandler): void {
    if (this.handlers.has(owner)) throw new Error(`trigger owner ${owner} is registered twice`);
    this.handlers.set(owner, handler);
  }

  /** How the perpetual module computes the mark price from a tick. */
  setMarkRule(rule: (tick: Tick) => string): void {
    this.markRule = rule;
  }

  /** Stores a trigger in the caller's transaction; it joins the index once that commits. */
  async add(tx: Db, spec: TriggerSpec): Promise<StoredTrigger> {
    scaled(spec.price);
    const { rows } = await tx.query<Row>(
      `INSERT INTO trading_triggers (owner, ref, mode, symbol, direction, watch, price, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [spec.owner, spec.ref, spec.mode, spec.symbol, spec.direction, spec.watch, spec.price, this.deps.clock()],
    );
    const trigger = tidy(rows[0]!);
    afterCommit(tx, () => this.index.add(trigger));
    return trigger;
  }

  /** Cancels a pending trigger in the caller's transaction; false when it had already fired or was cancelled. */
  async cancel(tx: Db, id: string): Promise<boolean> {
    const { rows } = await tx.query(`UPDATE trading_triggers SET status = 'canceled', done_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id`, [
      id,
      this.deps.clock(),
    ]);
    afterCommit(tx, () => this.index.remove(id));
    return rows.length > 0;
  }

  /** Rebuilds the index from the pending rows (at start: the index is memory, the rows are the truth). */
  async load(): Promise<number> {
    this.index.clear();
    let after = '0';
    for (;;) {
      const { rows } = await this.deps.db.query<Row>(
        `SELECT ${COLUMNS} FROM trading_triggers WHERE status = 'pending' AND trading_triggers.id > $1 ORDER BY trading_triggers.id LIMIT 5000`,
        [after],
      );
      for (const row of rows) this.index.add(tidy(row));
      if (rows.length < 5000) break;
      after = rows[rows.length - 1]!.id;
    }
    return this.index.size;
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
      for (const trigger of this.index.crossed(tick.symbol, this.pricesOf(tick))) this.queue.set(trigger.id, trigger as StoredTrigger);
    }
    if (this.queue.size && !this.draining) {
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
    while (this.queue.size) {
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
  async fire(trigger: StoredTrigger): Promise<TriggerOutcome | 'gone' | 'uncrossed'> {
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
          afterCommit(tx, () => this.index.remove(trigger.id));
          return 'gone' as const;
        }
        const outcome = await handler(tx, tidy(claimed.rows[0]), tick, now);
        if (outcome === 'skip') throw new Skip();
        if (outcome === 'keep') await tx.query(`UPDATE trading_triggers SET status = 'pending', done_at = NULL WHERE id = $1`, [trigger.id]);
        else afterCommit(tx, () => this.index.remove(trigger.id));
        return outcome;
      });
    } catch (error) {
      if (error instanceof Skip) return 'skip';
      throw error;
    }
  }
}
