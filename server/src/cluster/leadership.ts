import pg from 'pg';

/**
 * Who owns the work that must happen once in the venue (the market feed, trigger evaluation). Single-process: this
 * process, always. Cluster mode: the holder of a PostgreSQL session-level advisory lock on a dedicated connection,
 * which PostgreSQL releases when that session ends (the process died or lost its connection), so a follower's next
 * poll takes over.
 */
export interface Leadership {
  readonly isLeader: boolean;
  /** Called on every change; the change waits for the listener (a new leader reloads before it owns the feed). */
  onChange(listener: (leader: boolean) => void | Promise<void>): () => void;
  start(): Promise<void>;
  /** Gives leadership up (its listeners run first, so the feed stops before another process can take it). */
  stop(): Promise<void>;
}

export const SINGLE_PROCESS: Leadership = {
  isLeader: true,
  onChange: () => () => undefined,
  start: async () => undefined,
  stop: async () => undefined,
};

/** The advisory lock's key: one venue per database, so the key is a constant. */
export const LEADER_LOCK_KEY = 4_207_310_023;

export class AdvisoryLeadership implements Leadership {
  private client: pg.Client | undefined;
  private leader = false;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private changing: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(leader: boolean) => void | Promise<void>>();

  constructor(
    private readonly url: string,
    private readonly options: { pollMs?: number; onError?: (err: unknown) => void } = {},
  ) {}

  get isLeader(): boolean {
    return this.leader;
  }

  onChange(listener: (leader: boolean) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? 1_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
    const client = this.client;
    this.client = undefined;
    if (this.leader) await this.set(false);
    await this.changing;
    if (client) {
      await client.query('SELECT pg_advisory_unlock($1)', [LEADER_LOCK_KEY]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }

  private poll(): Promise<void> {
    this.polling ??= this.check().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  private async check(): Promise<void> {
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.url });
        client.on('error', (err) => {
          this.options.onError?.(err);
          void this.lose(client);
        });
        await client.connect();
        this.client = client;
      }
      if (this.leader) {
        // the lock lives with the session: a session that still answers still holds it
        await this.client.query('SELECT 1');
        return;
      }
      const { rows } = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LEADER_LOCK_KEY]);
      if (rows[0]?.ok) await this.set(true);
    } catch (err) {
      this.options.onError?.(err);
      await this.lose(this.client);
    }
  }

  private async lose(client: pg.Client | undefined): Promise<void> {
    if (client && this.client === client) this.client = undefined;
    void client?.end().catch(() => undefined);
    if (this.leader) await this.set(false);
  }

  private set(leader: boolean): Promise<void> {
    this.leader = leader;
    this.changing = this.changing.then(async () => {
      for (const listener of this.listeners) {
        try {
          await listener(leader);
        } catch (err) {
          this.options.onError?.(err);
        }
      }
    });
    return this.changing;
  }
}
