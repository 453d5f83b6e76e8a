import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/db.js';
import { AppError } from '../../../http/envelope.js';
import type { Outbox } from '../../outbox/service.js';
import { FAIL, MSG } from '../messages.js';

export type CodePurpose = 'register' | 'reset_password' | 'reset_fund_password' | 'change_email';
export type CodeChannel = 'email' | 'sms';

export const CODE_RULES = {
  ttlMs: 10 * 60_000,
  resendMs: 60_000,
  maxWrongTries: 5,
  perRecipientPerHour: 5,
  perIpPerHour: 20,
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
  /** Creates and sends a 4-digit code; refuses a resend within 60 s and past the hourly limits. */
  send(input: { purpose: CodePurpose; channel: CodeChannel; recipient: string; ip: string; userId?: string }): Promise<void>;
  /**
   * Uses up the newest code of the purpose for the recipient and/or the user (at least one must be given).
   * "Invalid code" when there is none live (never sent, used, expired, or 5 wrong tries); "The verify code is
   * not correct" for a wrong one, which counts as a try.
   */
  consume(input: { purpose: CodePurpose; code: string; recipient?: string; userId?: string }): Promise<{ recipient: string }>;
}

export function createCodes(db: Db, outbox: Outbox, clock: () => Date): Codes {
  return {
    async send({ purpose, channel, recipient, ip, userId }) {
      const now = clock();
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const { rows } = await db.query<{ last: Date | null; n: string; ipN: string }>(
        `SELECT (SELECT max(created_at) FROM verification_codes WHERE recipient = $1) AS last,
                (SELECT count(*) FROM verification_codes WHERE recipient = $1 AND created_at > $2) AS n,
                (SELECT count(*) FROM verification_codes WHERE ip = $3 AND created_at > $2) AS "ipN"`,
        [recipient, hourAgo, ip],
      );
      const stats = rows[0]!;
      if (stats.last && now.getTime() - stats.last.getTime() < CODE_RULES.resendMs) throw new AppError(FAIL, MSG.resendWait);
      if (Number(stats.n) >= CODE_RULES.perRecipientPerHour || Number(stats.ipN) >= CODE_RULES.perIpPerHour) {
        throw new AppError(FAIL, MSG.tooManyCodes);
      }
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      await db.query(
        `INSERT INTO verification_codes (purpose, channel, recipient, user_id, code_hash, ip, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [purpose, channel, recipient, userId ?? null, digest(purpose, recipient, code).toString('hex'), ip, now, new Date(now.getTime() + CODE_RULES.ttlMs)],
      );
      await outbox.sendMessage({
        channel,
        to: recipient,
        subject: SUBJECTS[purpose],
        body: `Your Meridian verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
      });
    },

    async consume(input) {
      if (input.recipient === undefined && input.userId === undefined) throw new Error('consume: recipient or userId required');
      const now = clock();
      const { rows } = await db.query<CodeRow>(
        `SELECT id, purpose, recipient, code_hash AS "codeHash", attempts, expires_at AS "expiresAt"
         FROM verification_codes
         WHERE purpose = $1 AND ($2::text IS NULL OR recipient = $2) AND ($3::bigint IS NULL OR user_id = $3)
         ORDER BY id DESC LIMIT 1`,
        [input.purpose, input.recipient ?? null, input.userId ?? null],
      );
      const row = rows[0];
      if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= CODE_RULES.maxWrongTries || !/^[0-9]{4}$/.test(input.code)) {
        throw new AppError(FAIL, MSG.invalidCode);
      }
      const matches = timingSafeEqual(digest(row.purpose, row.recipient, input.code), Buffer.from(row.codeHash, 'hex'));
      if (!matches) {
        const counted = await db.query(
          'UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 AND consumed_at IS NULL RETURNING id',
          [row.id, CODE_RULES.maxWrongTries],
        );
        throw new AppError(FAIL, counted.rows.length ? MSG.wrongCode : MSG.invalidCode);
      }
      // Single use, also under concurrency: only one caller's UPDATE finds consumed_at still empty.
      const used = await db.query(
        'UPDATE verification_codes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL AND attempts < $3 RETURNING id',
        [row.id, now, CODE_RULES.maxWrongTries],
      );
      if (!used.rows.length) throw new AppError(FAIL, MSG.invalidCode);
      return { recipient: row.recipient };
    },
  };
}
