import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { verifyPassword } from '../identity/passwords/hash.js';

export interface FundPasswordLimits {
  maxAttempts: number;
  lockMinutes: number;
}

/**
 * Takes one guess from the allowance before the password is looked at, in one conditional statement: a burst of
 * parallel guesses cannot all read "not locked yet" (the row lock of ON CONFLICT DO UPDATE orders them on
 * PostgreSQL, PGlite runs one statement at a time), so at most maxAttempts guesses in a row are ever evaluated.
 * The guess that uses the last try starts the pause at once; a right password then clears it. A pause that has
 * ended starts a fresh count. Answers false when paused.
 */
async function takeAttempt(db: Db, userId: string, limits: FundPasswordLimits, now: Date): Promise<boolean> {
  const lockUntil = new Date(now.getTime() + limits.lockMinutes * 60_000);
  const { rows } = await db.query(
    `INSERT INTO fund_password_failures AS f (user_id, failures, locked_until)
       VALUES ($1, 1, CASE WHEN 1 >= $2 THEN $4::timestamptz END)
     ON CONFLICT (user_id) DO UPDATE SET
       failures = CASE WHEN f.locked_until IS NOT NULL THEN 1 ELSE f.failures + 1 END,
       locked_until = CASE WHEN (CASE WHEN f.locked_until IS NOT NULL THEN 1 ELSE f.failures + 1 END) >= $2
                           THEN $4::timestamptz END
     WHERE f.locked_until IS NULL OR f.locked_until <= $3
     RETURNING f.failures`,
    [userId, limits.maxAttempts, now, lockUntil],
  );
  return rows.length > 0;
}

/**
 * Checks the fund password of a withdrawal. Like the login, guesses are limited: after maxAttempts wrong ones in a
 * row, withdrawals pause for lockMinutes (the session stays; only guessing stops). A right password clears the count.
 * Each statement commits on its own, so a refused withdrawal still counts its wrong guess.
 */
export async function checkFundPassword(
  db: Db,
  user: { id: string; fundPasswordHash: string | null },
  password: string | undefined,
  limits: FundPasswordLimits,
  now: Date,
): Promise<void> {
  if (!user.fundPasswordHash) throw refuse('fundPasswordMissing');
  if (!(await takeAttempt(db, user.id, limits, now))) throw refuse('fundPasswordLocked');
  if (password && (await verifyPassword(user.fundPasswordHash, password))) {
    await db.query('DELETE FROM fund_password_failures WHERE user_id = $1', [user.id]);
    return;
  }
  throw refuse('fundPasswordWrong');
}
