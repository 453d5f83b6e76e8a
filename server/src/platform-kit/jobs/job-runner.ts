import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { claimJobs, completeJob, failJob, scheduleRecurring, type ClaimedJob } from './job-store.js';

/** What a job handler gets: the job, the transaction its work and its completion commit in, and the time. */
export interface JobRun {
  /** The transaction the runner opened: the handler's writes commit with the job's completion, or not at all. */
  db: Db;
  job: ClaimedJob;
  /** The runner's clock when the job was claimed (business time comes from the module's own clock). */
  now: Date;
}

/**
 * A kind of job a module runs. With `everyMs` the runner keeps one recurring schedule of it; without, its jobs are
 * one-offs enqueued with enqueueJob (job-store.ts). Handlers must be idempotent: a run whose runner crashed or
 * outlived its lease is run again (its transaction, not committed, leaves nothing behind).
 */
export interface JobDefinition {
  kind: string;
  everyMs?: number;
  /**
   * Work outside the database (a call to another service), run under the claim before `run`'s transaction opens,
   * so no transaction (on PGlite: the whole store) waits on the network. It is at least once: a crash before the
   * completion commits runs it again. A throw counts as the attempt's failure.
   */
  perform?(run: Omit<JobRun, 'db'>): Promise<void>;
  run(run: JobRun): Promise<unknown>;
}

export interface JobRunnerOptions {
  /** Names this process in locked_by (default host:pid:random). */
  id?: string;
  /** How often the runner looks for due jobs at most (default 1 s; a recurring job's shorter interval wins). */
  pollMs?: number;
  /** How long a claim holds before another runner may take the job over (default 60 s). */
  leaseMs?: number;
  /** Jobs claimed per statement (default 10). */
  batch?: number;
  /** Retry delay after the nth failed attempt: base × 2^(n−1), at most max (defaults 1 s and 10 min). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** The runner's time (due times, leases, backoff); the system clock unless a test sets one. */
  clock?: () => Date;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** Delay before the next attempt after `attempt` failed ones: exponential, capped. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

class LeaseLost extends Error {}

/**
 * Runs the jobs of the given definitions from the jobs table: claims the due ones (and those whose lease expired),
 * runs each handler in a transaction that also records its completion, and reschedules failures with backoff.
 */
export class JobRunner {
  readonly id: string;
  private readonly definitions: Map<string, JobDefinition>;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly clock: () => Date;
  private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    definitions: readonly JobDefinition[],
    options: JobRunnerOptions = {},
  ) {
    this.definitions = new Map();
    for (const definition of definitions) {
      if (this.definitions.has(definition.kind)) throw new Error(`Two job definitions share the kind "${definition.kind}"`);
      this.definitions.set(definition.kind, definition);
    }
    this.id = options.id ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const shortest = Math.min(...definitions.map((d) => d.everyMs ?? Infinity));
    this.pollMs = Math.max(1, Math.min(options.pollMs ?? 1000, shortest));
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batch = options.batch ?? 10;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.retryMaxMs = options.retryMaxMs ?? 600_000;
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log;
  }

  /**
   * Keeps the recurring schedules, then polls until stop(). A store that is down at start does not stop the app:
   * the schedules are written by the first tick that reaches it.
   */
  async start(): Promise<void> {
    if (!this.definitions.size || !this.stopped) return;
    this.stopped = false;
    await this.keepSchedules().catch((err: unknown) => this.log?.error({ err }, 'job runner: could not write the recurring schedules yet'));
    this.schedule();
  }

  private schedulesKept = false;

  private async keepSchedules(): Promise<void> {
    if (this.schedulesKept) return;
    for (const { kind, everyMs } of this.definitions.values()) {
      if (everyMs !== undefined) await scheduleRecurring(this.db, kind, everyMs, this.clock());
    }
    this.schedulesKept = true;
  }

  /** Stops polling and waits for the jobs in flight, so nothing touches the database after the app closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.inFlight;
  }

  /** One pass: claims and runs the due jobs until none is left (or the runner stops). Returns how many ran. */
  async tick(): Promise<number> {
    await this.keepSchedules();
    let ran = 0;
    for (;;) {
      const claimed = await claimJobs(this.db, {
        kinds: [...this.definitions.keys()],
        runner: this.id,
        now: this.clock(),
        leaseMs: this.leaseMs,
        limit: this.batch,
      });
      for (const job of claimed) {
        await this.runOne(job);
        ran += 1;
      }
      if (claimed.length < this.batch) return ran;
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.inFlight = this.tick()
        .then(
          () => undefined,
          (err: unknown) => this.log?.error({ err }, 'job runner: claiming jobs failed'),
        )
        .finally(() => {
          this.inFlight = undefined;
          this.schedule();
        });
    }, this.pollMs);
    // A pending poll never keeps the process alive on its own.
    this.timer.unref();
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const definition = this.definitions.get(job.kind)!;
    try {
      await definition.perform?.({ job, now: this.clock() });
      await this.db.transaction(async (tx) => {
        await definition.run({ db: tx, job, now: this.clock() });
        if (!(await completeJob(tx, job, this.id, this.clock()))) throw new LeaseLost();
      });
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.log?.warn({ job: job.id, kind: job.kind }, 'job runner: lease lost while running; the work was rolled back');
        return;
      }
      const delay = retryDelay(job.attempt, this.retryBaseMs, this.retryMaxMs);
      // A recurring job keeps at least its own interval between runs, failing or not.
      const retryIn = job.everyMs === null ? delay : Math.max(job.everyMs, delay);
      const message = err instanceof Error ? err.message : String(err);
      const status = await failJob(this.db, job, this.id, message, retryIn, this.clock());
      this.log?.error({ err, job: job.id, kind: job.kind, attempt: job.attempt, status }, `job ${job.kind} failed`);
    }
  }
}
