import type { Db } from '../../../db/db.js';

/** The longest a login lock lasts, however many came before it. */
export const MAX_LOCK_MINUTES = 24 * 60;

export interface LoginLimits {
  /** Failed logins in a row that lock the account. */
  lockAfter: number;
  /** The first lock's length; each further lock in a row lasts twice as long, at most MAX_LOCK_MINUTES. */
  lockMinutes: number;
}

/**
 * Whose failures a try counts against: the account's, for clients it does not know (the `users` row), or a client
 * it knows — a device holding its device cookie, or an address it logged in from — with a count of its own
 * (`login_trust`, login/trusted-clients.ts), so that guesses from elsewhere cannot lock the owner out of it.
 */
export type LoginCounter = { kind: 'device' | 'address'; key: string } | undefined;

export type Attempt = { allowed: true; failuresBefore: number } | { allowed: false; minutesLeft: number };

/** SQL: the end of the current lock of a row (as it is before any update); `minutes` names the lockMinutes parameter. */
const lockEnd = (minutes: string) => `locked_at + make_interval(mins => LEAST(${minutes}::int * power(2, GREATEST(login_locks, 1) - 1), ${MAX_LOCK_MINUTES})::int)`;

/** The row of a counter, its condition after `base` parameters, and those parameters' values. */
function counterRow(counter: LoginCounter, userId: string, base: number): { table: string; where: string; params: unknown[] } {
  if (!counter) return { table: 'users', where: 'id = $1', params: [userId] };
  return { table: 'login_trust', where: `user_id = $1 AND kind = $${base + 1} AND key = $${base + 2}`, params: [userId, counter.kind, counter.key] };
}

/** [userId, …extra, …counter params]: a counter's own parameters come after the statement's. */
function withCounter(row: { params: unknown[] }, extra: unknown[]): unknown[] {
  return [row.params[0], ...extra, ...row.params.slice(1)];
}

/**
 * Takes one try from the counter's allowance before the password is looked at, in one conditional UPDATE: the row
 * lock orders a parallel burst on PostgreSQL (PGlite runs one statement at a time), so at most lockAfter guesses in
 * a row are ever evaluated. The try that uses the last one locks at once (a right password then lifts it); a lock
 * that has ended starts a fresh count, and the next lock lasts twice as long.
 */
export async function takeLoginAttempt(db: Db, userId: string, limits: LoginLimits, now: Date, counter?: LoginCounter): Promise<Attempt> {
  const failures = 'CASE WHEN locked_at IS NOT NULL THEN 1 ELSE failed_logins + 1 END';
  const row = counterRow(counter, userId, 4);
  const { rows } = await db.query<{ failures: number }>(
    `UPDATE ${row.table} SET
       failed_logins = ${failures},
       locked_at = CASE WHEN ${failures} >= $2 THEN $3::timestamptz END,
       login_locks = CASE WHEN ${failures} >= $2 THEN login_locks + 1 ELSE login_locks END
     WHERE ${row.where} AND (locked_at IS NULL OR ${lockEnd('$4')} <= $3)
     RETURNING failed_logins AS failures`,
    withCounter(row, [limits.lockAfter, now, limits.lockMinutes]),
  );
  if (rows[0]) return { allowed: true, failuresBefore: Number(rows[0].failures) - 1 };
  return { allowed: false, minutesLeft: (await lockedMinutesLeft(db, userId, limits, now, counter)) ?? 1 };
}

/** The right password: the counter's tries, lock and lock growth start over. */
export async function clearLoginFailures(db: Db, userId: string, counter?: LoginCounter): Promise<void> {
  const row = counterRow(counter, userId, 1);
  await db.query(
    `UPDATE ${row.table} SET failed_logins = 0, locked_at = NULL, login_locks = 0
     WHERE ${row.where} AND (failed_logins <> 0 OR locked_at IS NOT NULL OR login_locks <> 0)`,
    row.params,
  );
}

/** Minutes until the counter's lock ends (at least 1), or null when it is not locked. */
export async function lockedMinutesLeft(db: Db, userId: string, limits: LoginLimits, now: Date, counter?: LoginCounter): Promise<number | null> {
  const row = counterRow(counter, userId, 2);
  const { rows } = await db.query<{ end: Date | null }>(
    `SELECT CASE WHEN locked_at IS NOT NULL THEN ${lockEnd('$2')} END AS "end" FROM ${row.table} WHERE ${row.where}`,
    withCounter(row, [limits.lockMinutes]),
  );
  const end = rows[0]?.end?.getTime();
  return end !== undefined && end > now.getTime() ? Math.max(1, Math.ceil((end - now.getTime()) / 60_000)) : null;
}
