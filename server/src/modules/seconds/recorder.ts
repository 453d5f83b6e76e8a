import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Tick } from '../market/feed/port.js';
import { STILL_OPEN } from './state.js';

/** How often the set of symbols to record is read back from the database (contracts settled, other processes). */
const REFRESH_MS = 10_000;
/**
 * A symbol watched this recently stays recorded whatever the database says: its contract's transaction may not
 * have committed when a refresh reads (a purchase commits within this, or is refused).
 */
const WATCH_GRACE_MS = 60_000;

export interface RecordedTickRow {
  id: string;
  symbol: string;
  feedTime: Date;
  price: string;
  bid: string;
  ask: string;
  source: 'simulated' | 'exchange';
}

export const TICK_COLUMNS = `id::text AS id, symbol, feed_time AS "feedTime", trim_scale(price)::text AS price, trim_scale(bid)::text AS bid,
  trim_scale(ask)::text AS ask, source`;

/**
 * Records the feed's ticks of every symbol that has an open seconds contract, as the feed gave them, so that
 * settlement can use "the first recorded tick at or after expiry" whenever it runs. Only those symbols: 18 crypto
 * symbols at the default 1 s tick rate would be 1.5 million rows a day whether anyone trades or not (see the
 * server README for the measurement). Writes are queued one after the other, so a tick is never stored after a
 * later one of the same batch sequence: when a later tick is visible, every earlier one is stored or was lost.
 */
export class TickRecorder {
  private active = new Set<string>();
  /** When each symbol was last watched (process time). */
  private watched = new Map<string, number>();
  private lastRefresh = 0;
  private chain: Promise<void> = Promise.resolve();
  /** Rows written since start (the README's write-volume figure). */
  written = 0;

  constructor(
    private readonly deps: { db: Db; clock: () => Date; source: (symbol: string) => 'simulated' | 'exchange'; log?: FastifyBaseLogger | undefined },
  ) {}

  /** Reads which symbols have open contracts (at start, and every REFRESH_MS after). */
  async load(): Promise<void> {
    const started = Date.now();
    const { rows } = await this.deps.db.query<{ symbol: string }>(`SELECT DISTINCT symbol FROM seconds_contracts WHERE ${STILL_OPEN}`);
    for (const [symbol, at] of this.watched) if (started - at >= WATCH_GRACE_MS) this.watched.delete(symbol);
    this.active = new Set([...rows.map((r) => r.symbol), ...this.watched.keys()]);
    this.lastRefresh = Date.now();
  }

  /** Starts recording a symbol (before a contract on it is accepted, so no tick after acceptance is missed). */
  watch(symbol: string): void {
    this.active.add(symbol);
    this.watched.set(symbol, Date.now());
  }

  isWatching(symbol: string): boolean {
    return this.active.has(symbol);
  }

  /** The market's tick batch: queues the ticks of watched symbols for writing. */
  onTicks(ticks: readonly Tick[]): void {
    const rows = ticks.filter((t) => this.active.has(t.symbol));
    const refresh = Date.now() - this.lastRefresh >= REFRESH_MS;
    if (!rows.length && !refresh) return;
    this.chain = this.chain
      .then(async () => {
        if (rows.length) await this.write(rows);
        if (refresh) await this.load();
      })
      .catch((err: unknown) => this.deps.log?.error({ err }, 'seconds: recording ticks failed'));
  }

  /** Waits for the queued writes. */
  idle(): Promise<void> {
    return this.chain;
  }

  private async write(ticks: readonly Tick[]): Promise<void> {
    const now = this.deps.clock();
    const params: unknown[] = [];
    const values = ticks.map((t) => {
      params.push(t.symbol, new Date(t.time), t.price, t.bid, t.ask, this.deps.source(t.symbol));
      const n = params.length;
      return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, $${ticks.length * 6 + 1})`;
    });
    const { rows } = await this.deps.db.query(
      `INSERT INTO seconds_ticks (symbol, feed_time, price, bid, ask, source, recorded_at) VALUES ${values.join(', ')}
       ON CONFLICT DO NOTHING RETURNING id`,
      [...params, now],
    );
    this.written += rows.length;
  }
}

/**
 * Records one tick now, in the caller's transaction (the opening tick of a contract), and answers the stored row:
 * the one just written, or the same tick recorded before (by the recorder).
 */
export async function recordTick(tx: Db, tick: Tick, source: 'simulated' | 'exchange', now: Date): Promise<RecordedTickRow> {
  await tx.query(
    `INSERT INTO seconds_ticks (symbol, feed_time, price, bid, ask, source, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT DO NOTHING`,
    [tick.symbol, new Date(tick.time), tick.price, tick.bid, tick.ask, source, now],
  );
  const { rows } = await tx.query<RecordedTickRow>(
    `SELECT ${TICK_COLUMNS} FROM seconds_ticks WHERE symbol = $1 AND feed_time = $2 AND price = $3 AND bid = $4 AND ask = $5 AND source = $6`,
    [tick.symbol, new Date(tick.time), tick.price, tick.bid, tick.ask, source],
  );
  return rows[0]!;
}
