import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import type { OfferRow } from './storage.js';

/** The allotment code rules (allotment-setting answers them). */
export const CODE_RULES = { codeLength: 4, maxWrongCodes: 5, pauseMinutes: 15 } as const;

/** What the offering keeps of its code: SHA-256 over its code name and the code (the code itself is never stored). */
export const codeHash = (offerCode: string, code: string): string => createHash('sha256').update(`${offerCode}:${code}`, 'utf8').digest('hex');

/**
 * Checks an allotment code for a user. Wrong codes are counted per user and offering in the database; the 5th in a
 * row pauses the user's checks for 15 minutes (so the 10,000 codes cannot be walked); a right one clears the
 * count. The count commits even though the call is then refused.
 */
export async function checkCode(db: Db, offer: OfferRow, userId: string, code: string, now: Date): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO token_offer_code_attempts (offer_id, user_id, wrong, updated_at) VALUES ($1, $2, 0, $3) ON CONFLICT (offer_id, user_id) DO NOTHING`,
      [offer.id, userId, now],
    );
    const { rows } = await tx.query<{ wrong: number; pausedUntil: Date | null }>(
      `SELECT wrong, paused_until AS "pausedUntil" FROM token_offer_code_attempts WHERE offer_id = $1 AND user_id = $2 FOR UPDATE`,
      [offer.id, userId],
    );
    const row = rows[0]!;
    if (row.pausedUntil && row.pausedUntil > now) return { paused: row.pausedUntil };
    if (offer.codeHash !== null && codeHash(offer.code, code) === offer.codeHash) {
      await tx.query(`UPDATE token_offer_code_attempts SET wrong = 0, paused_until = NULL, updated_at = $3 WHERE offer_id = $1 AND user_id = $2`, [offer.id, userId, now]);
      return { ok: true as const };
    }
    // a pause that has run out starts a new count
    const wrong = (row.pausedUntil ? 0 : Number(row.wrong)) + 1;
    const pausedUntil = wrong >= CODE_RULES.maxWrongCodes ? new Date(now.getTime() + CODE_RULES.pauseMinutes * 60_000) : null;
    await tx.query(`UPDATE token_offer_code_attempts SET wrong = $3, paused_until = $4, updated_at = $5 WHERE offer_id = $1 AND user_id = $2`, [
      offer.id,
      userId,
      pausedUntil ? 0 : wrong,
      pausedUntil,
      now,
    ]);
    return pausedUntil ? { paused: pausedUntil } : { wrong };
  });
  if ('ok' in outcome) return;
  if ('paused' in outcome && outcome.paused) throw refuse('offerCodePaused', { minutes: Math.max(1, Math.ceil((outcome.paused.getTime() - now.getTime()) / 60_000)) });
  throw refuse('wrongCode');
}
