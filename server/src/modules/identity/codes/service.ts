import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/db.js';
import { IDENTITY_FAIL, refuse } from '../../../http/refuse.js';
import type { Outbox } from '../../outbox/service.js';

export type CodePurpose = 'register' | 'reset_password' | 'reset_fund_password' | 'change_email';
export type CodeChannel = 'email' | 'sms';

export const CODE_RULES = {
  ttlMs: 10 * 60_000,
  resendMs: 60_000,
  maxWrongTries: 5,
  /** The real limit on codes: each phone or e-mail gets at most this many an hour (besides the 60 s resend). */
  perRecipientPerHour: 5,
  /**
   * Per client address, only against one address spraying many recipients: high, because a carrier's NAT or an
   * office shows many people behind one address (the per-address request rate is limited in http/abuse-limits.ts).
   */
  perIpPerHour: 200,
} as const;

const HOUR_MS = 3_600_000;

const SUBJECTS: Record<CodePurpose, string> = {
  register: 'Your Meridian registration code',
  reset_password: 'Your Meridian password reset code',
  reset_fund_password: 'Your Meridian fund password reset code',
  change_email: 'Confirm your new Meridian e-mail address',
};

function digest(purpose: string, recipient: string, code: string): Buffer {
  return createHash('sha256').update(`${purpose}:${recipient}:${code}`).digest();
}

interface CodeRow {
  id: string;
  purpose: string;
  recipient: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

export interface Codes {
  /**
   * Creates and sends a 4-digit code; refuses a resend within 60 s and past the hourly limits. With
   * `deliver: false` the code is recorded (so the resend wait and the limits answer exactly as for a sent one)
   * but sent nowhere: password recovery for an account that does not exist must look the same as for one that does.
   */
  send(input: { purpose: CodePurpose; channel: CodeChannel; recipient: string; ip: string; userId?: string; deliver?: boolean }): Promise<void>;
  /**
   * Uses up the newest code of the purpose for the recipient and/or the user (at least one must be given).
   * "Invalid code" when there is none live (never sent, used, expired, or 5 wrong tries); "The verify code is
   * not correct" for a wrong one, which counts as a try.
   */
  consume(input: { purpose: CodePurpose; code: string; recipient?: string; userId?: string }): Promise<{ recipient: string }>;
}

export function createCodes(db: Db, outbox: Outbox, clock: () => Date): Codes {
  return {
    async send({ purpose, channel, recipient, ip, userId, deliver = true }) {
      const now = clock();
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      const expiresAt = new Date(now.getTime() + CODE_RULES.ttlMs);
      // The code and its delivery job commit together: a crash after this loses no message, and the job's
      // retries take over if the attempt below cannot reach the provider.
      const { id, queued } = await db.transaction(async (tx) => {
        // One send per recipient at a time (a transaction-scoped advisory lock: PostgreSQL sessions wait for it,
        // PGlite's one connection has it trivially), so a parallel burst cannot all pass the 60-second check.
        await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`verification-code:${recipient}`]);
        const { rows } = await tx.query<{ last: Date | null; n: string; ipN: string }>(
          `SELECT (SELECT max(created_at) FROM verification_codes WHERE recipient = $1) AS last,
                  (SELECT count(*) FROM verification_codes WHERE recipient = $1 AND created_at > $2) AS n,
                  (SELECT count(*) FROM verification_codes WHERE ip = $3 AND created_at > $2) AS "ipN"`,
          [recipient, hourAgo, ip],
        );
        const stats = rows[0]!;
        if (stats.last && now.getTime() - stats.last.getTime() < CODE_RULES.resendMs) throw refuse('resendWait', {}, IDENTITY_FAIL);
        if (Number(stats.n) >= CODE_RULES.perRecipientPerHour || Number(stats.ipN) >= CODE_RULES.perIpPerHour) {
          throw refuse('tooManyCodes', {}, IDENTITY_FAIL);
        }
        const { rows: inserted } = await tx.query<{ id: string }>(
          `INSERT INTO verification_codes (purpose, channel, recipient, user_id, code_hash, ip, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
          [purpose, channel, recipient, userId ?? null, digest(purpose, recipient, code).toString('hex'), ip, now, expiresAt],
        );
        const message = {
          channel,
          to: recipient,
          subject: SUBJECTS[purpose],
          body: `Your Meridian verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
          validUntil: expiresAt,
        };
        // a missing account's recovery code is recorded (same waits and limits) but goes nowhere
        return { id: inserted[0]!.id, queued: deliver ? await outbox.queue(tx, message, now) : undefined };
      });
      if (queued && (await outbox.deliverNow(queued, now)) === 'refused') {
        // Never sent: withdrawn, so it neither blocks an immediate new try (60 s rule) nor counts against the limits.
        await db.query('DELETE FROM verification_codes WHERE id = $1 AND consumed_at IS NULL', [id]);
        throw refuse('deliveryFailed', {}, IDENTITY_FAIL);
      }
    },

    async consume(input) {
      if (input.recipient === undefined && input.userId === undefined) throw new Error('consume: recipient or userId required');
      const now = clock();
      if (!/^[0-9]{4}$/.test(input.code)) throw refuse('invalidCode', {}, IDENTITY_FAIL);
      // Takes one try of the newest live code before comparing, in one conditional UPDATE: parallel guesses are
      // ordered by its row lock (PostgreSQL) or run one at a time (PGlite), so at most maxWrongTries are ever
      // compared. A right code then uses the code up; its try is not a wrong one, so it is given back.
      const { rows } = await db.query<CodeRow>(
        `UPDATE verification_codes SET attempts = attempts + 1
         WHERE id = (SELECT id FROM verification_codes
                     WHERE purpose = $1 AND ($2::text IS NULL OR recipient = $2) AND ($3::bigint IS NULL OR user_id = $3)
                     ORDER BY id DESC LIMIT 1)
           AND attempts < $4 AND consumed_at IS NULL AND expires_at > $5
         RETURNING id, purpose, recipient, code_hash AS "codeHash", attempts, expires_at AS "expiresAt"`,
        [input.purpose, input.recipient ?? null, input.userId ?? null, CODE_RULES.maxWrongTries, now],
      );
      const row = rows[0];
      if (!row) throw refuse('invalidCode', {}, IDENTITY_FAIL);
      if (!timingSafeEqual(digest(row.purpose, row.recipient, input.code), Buffer.from(row.codeHash, 'hex'))) throw refuse('wrongCode', {}, IDENTITY_FAIL);
      // Single use, also under concurrency: only one caller's UPDATE finds consumed_at still empty.
      const used = await db.query('UPDATE verification_codes SET consumed_at = $2, attempts = attempts - 1 WHERE id = $1 AND consumed_at IS NULL RETURNING id', [row.id, now]);
      if (!used.rows.length) throw refuse('invalidCode', {}, IDENTITY_FAIL);
      return { recipient: row.recipient };
    },
  };
}
