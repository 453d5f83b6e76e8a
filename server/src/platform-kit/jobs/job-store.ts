import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.js';

/** A job as a runner claimed it. */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  everyMs: number | null;
  runAt: Date;
  /** This claim's number (1 for the first run); with the runner's id it fences the completion. */
  attempt: number;
  maxAttempts: number;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobRow extends ClaimedJob {
  status: JobStatus;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  finishedAt: Date | null;
}

interface Row {
  id: string;
  kind: string;
  key: string;
  payload: unknown;
  every_ms: number | null;
  status: JobStatus;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  finished_at: Date | null;
}

const toJob = (row: Row): JobRow => ({
  id: row.id,
  kind: row.kind,
  key: row.key,
  payload: row.payload,
  everyMs: row.every_ms,
  runAt: row.run_at,
  attempt: row.attempts,
  maxAttempts: row.max_attempts,
  status: row.status,
  lockedBy: row.locked_by,
  lockedUntil: row.locked_until,
  lastError: row.last_error,
  finishedAt: row.finished_at,
});

/**
 * Keeps a recurring schedule: created due one interval from now, or, when it exists, given the (possibly new)
 * interval and brought forward if the new interval makes it due sooner. A restart never resets a due time.
 */
export async function scheduleRecurring(db: Db, kind: string, everyMs: number, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO jobs (kind, key, every_ms, run_at, created_at, updated_at)
     VALUES ($1, $1, $2::integer, $3::timestamptz + make_interval(secs => $2::integer / 1000.0), $3, $3)
     ON CONFLICT (kind, key) DO UPDATE SET
       every_ms = EXCLUDED.every_ms,
       run_at = CASE WHEN jobs.status = 'pending' THEN LEAST(jobs.run_at, EXCLUDED.run_at) ELSE jobs.run_at END,
       updated_at = EXCLUDED.updated_at`,
    [kind, everyMs, now],
  );
}

export interface EnqueueJob {
  kind: string;
  /** Names the work: enqueueing the same kind and key again is a no-op (default: a fresh random key). */
  key?: string;
  payload?: unknown;
  /** When it becomes due (default: now). */
  runAt?: Date;
  /** Claims before it is marked failed (default 10). */
  maxAttempts?: number;
}

/**
 * Schedules a one-off job; pass the transaction of the change that calls for it, so both commit together.
 * Returns the job's id, or undefined when a job of that kind and key already exists.
 */
export async function enqueueJob(db: Db, job: EnqueueJob, now: Date): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO jobs (kind, key, payload, run_at, max_attempts, created_at, updated_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $6)
     ON CONFLICT (kind, key) DO NOTHING RETURNING id::text AS id`,
    [job.kind, job.key ?? randomUUID(), JSON.stringify(job.payload ?? {}), job.runAt ?? now, job.maxAttempts ?? 10, now],
  );
  return rows[0]?.id;
}

/**
 * Claims up to `limit` jobs of the given kinds that are due, or whose lease expired, in one statement. On
 * PostgreSQL, FOR UPDATE SKIP LOCKED lets concurrent runners pass over rows another one is claiming, and the
 * claim's own update makes them ineligible once committed; PGlite runs statements one at a time, so the same
 * SQL is trivially exclusive there.
 */
export async function claimJobs(
  db: Db,
  options: { kinds: readonly string[]; runner: string; now: Date; leaseMs: number; limit: number },
): Promise<ClaimedJob[]> {
  const { rows } = await db.query<Row>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $2,
       locked_until = $3::timestamptz + make_interval(secs => $4::double precision / 1000), updated_at = $3
     WHERE id IN (
       SELECT id FROM jobs
       WHERE kind = ANY($1::text[])
         AND ((status = 'pending' AND run_at <= $3) OR (status = 'running' AND locked_until <= $3))
       ORDER BY run_at, id
       LIMIT $5
       FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, kind, key, payload, every_ms, status, run_at, attempts, max_attempts, locked_by,
       locked_until, last_error, finished_at`,
    [options.kinds, options.runner, options.now, options.leaseMs, options.limit],
  );
  return rows.map(toJob).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || Number(a.id) - Number(b.id));
}

/**
 * Records a successful run, only if this runner still holds the claim (false otherwise: the lease expired and
 * another runner took the job, so the caller rolls back). A recurring job becomes due again one interval after
 * it was due, or one interval from now if it fell behind (no burst of catch-up runs); a one-off job is done.
 */
export async function completeJob(db: Db, job: ClaimedJob, runner: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE jobs SET
       status = CASE WHEN every_ms IS NULL THEN 'done' ELSE 'pending' END,
       run_at = CASE WHEN every_ms IS NULL THEN run_at
                     WHEN run_at + make_interval(secs => every_ms / 1000.0) > $4 THEN run_at + make_interval(secs => every_ms / 1000.0)
                     ELSE $4::timestamptz + make_interval(secs => every_ms / 1000.0) END,
       attempts = CASE WHEN every_ms IS NULL THEN attempts ELSE 0 END,
       finished_at = CASE WHEN every_ms IS NULL THEN $4 ELSE NULL END,
       locked_by = NULL, locked_until = NULL, last_error = NULL, updated_at = $4
     WHERE id = $1 AND status = 'running' AND locked_by = $2 AND attempts = $3
     RETURNING id`,
    [job.id, runner, job.attempt, now],
  );
  return rows.length > 0;
}

/**
 * Records a failed run (again only under this runner's claim): due again after `retryInMs`, or, for a one-off job
 * out of attempts, failed for good (kept with its error for operators: `pnpm ops job:retry`).
 */
export async function failJob(db: Db, job: ClaimedJob, runner: string, error: string, retryInMs: number, now: Date): Promise<JobStatus | undefined> {
  const { rows } = await db.query<{ status: JobStatus }>(
    `UPDATE jobs SET
       status = CASE WHEN every_ms IS NULL AND attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
       finished_at = CASE WHEN every_ms IS NULL AND attempts >= max_attempts THEN $6::timestamptz ELSE NULL END,
       run_at = $6::timestamptz + make_interval(secs => $5::double precision / 1000),
       locked_by = NULL, locked_until = NULL, last_error = $4, updated_at = $6
     WHERE id = $1 AND status = 'running' AND locked_by = $2 AND attempts = $3
     RETURNING status`,
    [job.id, runner, job.attempt, error.slice(0, 2000), retryInMs, now],
  );
  return rows[0]?.status;
}

/** Jobs for operators, newest first; `status` filters. */
export async function listJobs(db: Db, options: { status?: JobStatus; limit: number }): Promise<JobRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT id::text AS id, kind, key, payload, every_ms, status, run_at, attempts, max_attempts, locked_by, locked_until,
       last_error, finished_at
     FROM jobs WHERE ($1::text IS NULL OR status = $1) ORDER BY id DESC LIMIT $2`,
    [options.status ?? null, options.limit],
  );
  return rows.map(toJob);
}

/** Makes a failed one-off job due again now with a fresh set of attempts; false if it is not failed. */
export async function retryFailedJob(db: Db, id: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE jobs SET status = 'pending', attempts = 0, run_at = $2, finished_at = NULL, updated_at = $2
     WHERE id = $1 AND status = 'failed' RETURNING id`,
    [id, now],
  );
  return rows.length > 0;
}
