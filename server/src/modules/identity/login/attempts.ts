import type { Db } from '../../../db/db.js';

/** The longest a login lock lasts, however many came before it. */
export const MAX_LOCK_MINUTES = 24 * 60;

export interface LoginLimits {
  /** Failed logins in a row that lock the account. */
  lockAfter: number;
  /** The first lock's length; each further lock in a row lasts twice as long, at most MAX_LOCK_MINUTES. */
  lockMinutes: number;
}

export type Attempt = { allowed: true; failuresBefore: number } | { allowed: false; minutesLeft: number };

/** SQL: the end of the current lock of a users row (as it is before any update); `minutes` names the lockMinutes parameter. */
const lockEnd = (minutes: string) => `locked_at + make_interval(mins => LEAST(${minutes}::int * power(2, GREATEST(login_locks, 1) - 1), ${MAX_LOCK_MINUTES})::int)`;

/**
 * Takes one try from the account's allowance before the password is looked at, in one conditional UPDATE: the row
 * lock orders a parallel burst on PostgreSQL (PGlite runs one statement at a time), so at most lockAfter guesses in
 * a row are ever evaluated. The try that uses the last one locks the account at once (a right password then lifts
 * it); a lock that has ended starts a fresh count, and the next lock lasts twice as long.
 */
export async function takeLoginAttempt(db: Db, userId: string, limits: LoginLimits, now: Date): Promise<Attempt> {
  const failures = 'CASE WHEN locked_at IS NOT NULL THEN 1 ELSE failed_logins + 1 END';
  const { rows } = await db.query<{ failures: number }>(
    `UPDATE users SET
       failed_logins = ${failures},
       locked_at = CASE WHEN ${failures} >= $2 THEN $3::timestamptz END,
       login_locks = CASE WHEN ${failures} >= $2 THEN login_locks + 1 ELSE login_locks END
     WHERE id = $1 AND (locked_at IS NULL OR ${lockEnd('$4')} <= $3)
     RETURNING failed_logins AS failures`,
    [userId, limits.lockAfter, now, limits.lockMinutes],
  );
  if (rows[0]) return { allowed: true, failuresBefore: Number(rows[0].failures) - 1 };
  return { allowed: false, minutesLeft: (await lockedMinutesLeft(db, userId, limits, now)) ?? 1 };
}

/** The right password: the tries, the lock and its growth start over. */
export async function clearLoginFailures(db: Db, userId: string): Promise<void> {
  await db.query('UPDATE users SET failed_logins = 0, locked_at = NULL, login_locks = 0 WHERE id = $1 AND (failed_logins <> 0 OR locked_at IS NOT NULL OR login_locks <> 0)', [userId]);
}

/** Minutes until the account's lock ends (at least 1), or null when it is not locked. */
export async function lockedMinutesLeft(db: Db, userId: string, limits: LoginLimits, now: Date): Promise<number | null> {
  const { rows } = await db.query<{ end: Date | null }>(`SELECT CASE WHEN locked_at IS NOT NULL THEN ${lockEnd('$2')} END AS "end" FROM users WHERE id = $1`, [
    userId,
    limits.lockMinutes,
  ]);
  const end = rows[0]?.end?.getTime();
  return end !== undefined && end > now.getTime() ? Math.max(1, Math.ceil((end - now.getTime()) / 60_000)) : null;
}
