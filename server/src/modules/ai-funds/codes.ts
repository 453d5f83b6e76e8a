import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';

/** Wrong codes in a row before a pause, and the pause. */
export const MAX_WRONG_CODES = 5;
export const CODE_PAUSE_MS = 15 * 60_000;
export const CODE = /^[0-9]{4}$/;

/** scrypt with a random salt: "salt:hash" (hex). A code is 4 digits, so the pause, not the hash, is what protects it. */
export function hashCode(code: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(code, salt, 32).toString('hex')}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  return timingSafeEqual(scryptSync(code, Buffer.from(salt, 'hex'), 32), Buffer.from(hash, 'hex'));
}

/**
 * The access-code gate of a fund, for one user. Runs in its own transaction that commits whether the code is right
 * or not (a wrong one must count although the call is then refused): a fund without a code passes; while paused
 * every attempt is refused "aiFundCodeInvalid" without being checked; a wrong code counts, and the fifth in a row
 * pauses for 15 minutes ("aiFundCodeInvalid"); a right one clears the count.
 */
export async function checkFundCode(db: Db, userId: string, fundId: string, code: string | undefined, now: Date): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const fund = await tx.query<{ hash: string | null }>('SELECT code_hash AS hash FROM ai_funds WHERE id = $1', [fundId]);
    if (!fund.rows[0]) return 'unknown' as const;
    const stored = fund.rows[0].hash;
    if (!stored) return 'open' as const;
    await tx.query(
      `INSERT INTO ai_fund_code_attempts (user_id, fund_id, failures, last_at) VALUES ($1, $2, 0, $3) ON CONFLICT (user_id, fund_id) DO NOTHING`,
      [userId, fundId, now],
    );
    const { rows } = await tx.query<{ failures: number; pausedUntil: Date | null }>(
      'SELECT failures, paused_until AS "pausedUntil" FROM ai_fund_code_attempts WHERE user_id = $1 AND fund_id = $2 FOR UPDATE',
      [userId, fundId],
    );
    const state = rows[0]!;
    if (state.pausedUntil && state.pausedUntil > now) return 'paused' as const;
    // a pause that has run out starts a fresh count
    const failures = state.pausedUntil ? 0 : Number(state.failures);
    if (code !== undefined && CODE.test(code) && codeMatches(code, stored)) {
      await tx.query('UPDATE ai_fund_code_attempts SET failures = 0, paused_until = NULL, last_at = $3 WHERE user_id = $1 AND fund_id = $2', [userId, fundId, now]);
      return 'open' as const;
    }
    const next = failures + 1;
    const pause = next >= MAX_WRONG_CODES ? new Date(now.getTime() + CODE_PAUSE_MS) : null;
    await tx.query('UPDATE ai_fund_code_attempts SET failures = $3, paused_until = $4, last_at = $5 WHERE user_id = $1 AND fund_id = $2', [
      userId,
      fundId,
      pause ? 0 : next,
      pause,
      now,
    ]);
    return pause ? ('paused' as const) : ('wrong' as const);
  });
  if (outcome === 'unknown') throw refuse('aiFundNotFound');
  if (outcome === 'paused') throw refuse('aiFundCodeInvalid');
  if (outcome === 'wrong') throw refuse('aiFundCodeWrong', { left: String(MAX_WRONG_CODES - (await failuresOf(db, userId, fundId))) });
}

async function failuresOf(db: Db, userId: string, fundId: string): Promise<number> {
  const { rows } = await db.query<{ failures: number }>('SELECT failures FROM ai_fund_code_attempts WHERE user_id = $1 AND fund_id = $2', [userId, fundId]);
  return Number(rows[0]?.failures ?? 0);
}
