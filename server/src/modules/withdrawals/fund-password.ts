import type { Db } from '../../db/db.js';
import { AppError } from '../../http/envelope.js';
import { verifyPassword } from '../identity/passwords/hash.js';
import { MONEY_FAIL, MONEY_MSG } from '../ledger/messages.js';

export const FUND_PASSWORD_LOCKED = 'Too many wrong fund passwords, please try again later';

export interface FundPasswordLimits {
  maxAttempts: number;
  lockMinutes: number;
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
  if (!user.fundPasswordHash) throw new AppError(MONEY_FAIL, MONEY_MSG.fundPasswordMissing);
  const { rows } = await db.query<{ lockedUntil: Date | null }>('SELECT locked_until AS "lockedUntil" FROM fund_password_failures WHERE user_id = $1', [user.id]);
  if (rows[0]?.lockedUntil && rows[0].lockedUntil.getTime() > now.getTime()) throw new AppError(MONEY_FAIL, FUND_PASSWORD_LOCKED);
  if (password && (await verifyPassword(user.fundPasswordHash, password))) {
    await db.query('DELETE FROM fund_password_failures WHERE user_id = $1', [user.id]);
    return;
  }
  const lockUntil = new Date(now.getTime() + limits.lockMinutes * 60_000);
  await db.query(
    `INSERT INTO fund_password_failures (user_id, failures, locked_until) VALUES ($1, 1, NULL)
     ON CONFLICT (user_id) DO UPDATE SET failures = fund_password_failures.failures + 1`,
    [user.id],
  );
  // Reaching the limit starts the pause and a fresh count for after it.
  await db.query('UPDATE fund_password_failures SET failures = 0, locked_until = $3 WHERE user_id = $1 AND failures >= $2', [
    user.id,
    limits.maxAttempts,
    lockUntil,
  ]);
  throw new AppError(MONEY_FAIL, MONEY_MSG.fundPasswordWrong);
}
