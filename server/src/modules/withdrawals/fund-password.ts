import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { verifyPassword } from '../identity/passwords/hash.js';

export interface FundPasswordLimits {
  maxAttempts: number;
  lockMinutes: number;
}

/** How long a check in progress holds its try: far above a password hash, so only a dead process's lapses. */
const CHECK_LEASE_MS = 30_000;
/** How long a withdrawal waits for a try while others of the user are being checked, and how often it asks. */
const WAIT_FOR_TRY_MS = 10_000;
const RETRY_MS = 20;

/** SQL: the checks in progress of a fund_password_failures row `f` at `now` (a lapsed lease holds none). */
const inProgress = (now: string) => `(CASE WHEN f.checking_until > ${now} THEN f.checking ELSE 0 END)`;
/** SQL: the wrong passwords in a row that still count (a pause that has ended starts a fresh count). */
const counted = `(CASE WHEN f.locked_until IS NOT NULL THEN 0 ELSE f.failures END)`;

/**
 * Takes one try before the password is looked at, in one conditional statement (the row lock of ON CONFLICT DO
 * UPDATE orders a parallel burst on PostgreSQL, PGlite runs one statement at a time): allowed while the wrong
 * passwords in a row plus the checks in progress stay under maxAttempts, so at most maxAttempts guesses in a row
 * are ever evaluated. Answers 'taken', 'paused' (the pause is on) or 'busy' (every try is held by a check in
 * progress: the caller waits for them to end rather than count them as wrong).
 */
async function takeTry(db: Db, userId: string, limits: FundPasswordLimits, now: Date): Promise<'taken' | 'paused' | 'busy'> {
  const lease = new Date(now.getTime() + CHECK_LEASE_MS);
  const { rows } = await db.query(
    `INSERT INTO fund_password_failures AS f (user_id, failures, checking, checking_until)
       VALUES ($1, 0, 1, $4::timestamptz)
     ON CONFLICT (user_id) DO UPDATE SET
       failures = ${counted},
       locked_until = NULL,
       checking = ${inProgress('$3::timestamptz')} + 1,
       checking_until = $4::timestamptz
     WHERE (f.locked_until IS NULL OR f.locked_until <= $3::timestamptz)
       AND ${counted} + ${inProgress('$3::timestamptz')} < $2
     RETURNING f.user_id`,
    [userId, limits.maxAttempts, now, lease],
  );
  if (rows.length) return 'taken';
  const { rows: state } = await db.query<{ paused: boolean }>(
    'SELECT (locked_until IS NOT NULL AND locked_until > $2) AS paused FROM fund_password_failures WHERE user_id = $1',
    [userId, now],
  );
  return state[0]?.paused ? 'paused' : 'busy';
}

/**
 * The try's outcome: a right password clears the count, a wrong one adds to it and, at maxAttempts in a row, starts
 * the pause. Either way the try is given back.
 */
async function settleTry(db: Db, userId: string, right: boolean, limits: FundPasswordLimits, now: Date): Promise<void> {
  if (right) {
    await db.query('UPDATE fund_password_failures SET failures = 0, checking = GREATEST(checking - 1, 0) WHERE user_id = $1', [userId]);
    return;
  }
  await db.query(
    `UPDATE fund_password_failures SET
       failures = failures + 1,
       checking = GREATEST(checking - 1, 0),
       locked_until = CASE WHEN failures + 1 >= $2 THEN $3::timestamptz ELSE locked_until END
     WHERE user_id = $1`,
    [userId, limits.maxAttempts, new Date(now.getTime() + limits.lockMinutes * 60_000)],
  );
}

/**
 * Checks the fund password of a withdrawal. Like the login, guesses are limited: after maxAttempts wrong ones in a
 * row, withdrawals pause for lockMinutes (the session stays; only guessing stops). A right password clears the count
 * and never counts: parallel withdrawals with the right password (or retries of one) wait for each other's checks
 * instead of being refused. Each statement commits on its own, so a refused withdrawal still counts its wrong guess.
 */
export async function checkFundPassword(
  db: Db,
  user: { id: string; fundPasswordHash: string | null },
  password: string | undefined,
  limits: FundPasswordLimits,
  now: Date,
): Promise<void> {
  if (!user.fundPasswordHash) throw refuse('fundPasswordMissing');
  const waitUntil = Date.now() + WAIT_FOR_TRY_MS;
  for (;;) {
    const taken = await takeTry(db, user.id, limits, now);
    if (taken === 'taken') break;
    if (taken === 'paused' || Date.now() > waitUntil) throw refuse('fundPasswordLocked');
    await sleep(RETRY_MS);
  }
  let right: boolean;
  try {
    right = !!password && (await verifyPassword(user.fundPasswordHash, password));
  } catch (error) {
    // the check itself failed: the try is given back without counting as a wrong password
    await db.query('UPDATE fund_password_failures SET checking = GREATEST(checking - 1, 0) WHERE user_id = $1', [user.id]);
    throw error;
  }
  await settleTry(db, user.id, right, limits, now);
  if (!right) throw refuse('fundPasswordWrong');
}
