import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/db.js';
import { findSubmission, pendingSubmissions, reviewKyc } from '../modules/identity/kyc/service.js';
import { findUpload, readUpload } from '../modules/identity/upload/service.js';
import { lookupUser } from '../modules/identity/users/storage.js';
import type { Command, CommandContext } from './commands.js';
import { UsageError } from './usage-error.js';

async function userOrFail(db: Db, key: string | undefined) {
  if (!key) throw new UsageError('name a user: uid, e-mail, phone (+33...) or invitation code');
  const user = await lookupUser(db, key);
  if (!user) throw new UsageError(`No user "${key}"`);
  return user;
}

async function pendingOrFail(db: Db, id: string | undefined) {
  if (!id) throw new UsageError('name a submission id (see kyc:pending)');
  const submission = await findSubmission(db, id);
  if (!submission) throw new UsageError(`No KYC submission ${id}`);
  if (submission.status !== 'pending') throw new UsageError(`KYC submission ${id} is ${submission.status}, not pending`);
  return submission;
}

const iso = (date: Date | null) => (date ? date.toISOString() : '-');

/** Operator commands of the identity vertical (pnpm ops …); the changing ones are audited by runCommand. */
export const IDENTITY_COMMANDS: Command[] = [
  {
    name: 'kyc:pending',
    usage: 'kyc:pending',
    summary: 'List KYC submissions waiting for review, oldest first',
    changes: false,
    async run(_args, _db, context) {
      const pending = await pendingSubmissions(await context.db());
      if (!pending.length) context.print('No KYC submission is pending.');
      for (const s of pending) {
        context.print(
          [s.id, `user:${s.userId}`, s.submittedAt.toISOString(), `${s.firstName} ${s.lastName}`, s.documentType, s.idNumber, s.nation, s.frontImage, s.backImage].join('  '),
        );
      }
    },
  },
  {
    name: 'kyc:approve',
    usage: 'kyc:approve <submission>',
    summary: 'Verify a pending KYC submission',
    changes: true,
    async run(args, tx, context) {
      const submission = await pendingOrFail(tx!, args[0]);
      await reviewKyc(tx!, submission.id, { verdict: 'verified' }, context.operator, new Date());
      context.print(`KYC ${submission.id} of user ${submission.userId} verified.`);
      return { target: `user:${submission.userId}`, detail: { submission: submission.id } };
    },
  },
  {
    name: 'kyc:reject',
    usage: 'kyc:reject <submission> <reason…>',
    summary: 'Reject a pending KYC submission; the user sees the reason and may resubmit',
    changes: true,
    async run(args, tx, context) {
      const submission = await pendingOrFail(tx!, args[0]);
      const reason = args.slice(1).join(' ').trim();
      if (!reason) throw new UsageError('a rejection needs a reason');
      await reviewKyc(tx!, submission.id, { verdict: 'rejected', reason }, context.operator, new Date());
      context.print(`KYC ${submission.id} of user ${submission.userId} rejected: ${reason}`);
      return { target: `user:${submission.userId}`, detail: { submission: submission.id, reason } };
    },
  },
  {
    name: 'user:unlock',
    usage: 'user:unlock <user>',
    summary: 'Unlock an account locked by failed logins',
    changes: true,
    async run(args, tx, context) {
      const user = await userOrFail(tx!, args[0]);
      if (!user.lockedAt) throw new UsageError(`User ${user.id} is not locked`);
      await tx!.query('UPDATE users SET locked_at = NULL, failed_logins = 0, login_locks = 0 WHERE id = $1', [user.id]);
      context.print(`User ${user.id} unlocked.`);
      return { target: `user:${user.id}`, detail: { lockedAt: user.lockedAt.toISOString() } };
    },
  },
  {
    name: 'user:show',
    usage: 'user:show <user>',
    summary: 'Look a user up by uid, e-mail, phone or invitation code',
    changes: false,
    async run(args, _db, context: CommandContext) {
      const db = await context.db();
      const user = await userOrFail(db, args[0]);
      const { rows: uplines } = await db.query<{ level: number; upline: string }>(
        'SELECT level, upline_id AS upline FROM referrals WHERE user_id = $1 ORDER BY level',
        [user.id],
      );
      const { rows: sessions } = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()',
        [user.id],
      );
      const lines: [string, string][] = [
        ['uid', user.id],
        ['email', user.email ?? '-'],
        ['phone', user.phone ?? '-'],
        ['nickname', user.nickname],
        ['invitation code', user.invitationCode],
        ['invited with', user.invitedByCode],
        ['uplines', uplines.map((u) => `L${u.level}:${u.upline}`).join(' ') || '-'],
        ['kyc', user.kycStatus],
        ['locked', user.lockedAt ? `since ${iso(user.lockedAt)}` : `no (${user.failedLogins} failed logins)`],
        ['fund password', user.fundPasswordHash ? 'set' : 'not set'],
        ['demo since', iso(user.demoStartedAt)],
        ['live sessions', sessions[0]?.n ?? '0'],
        ['registered', iso(user.createdAt)],
      ];
      for (const [key, value] of lines) context.print(`${key.padEnd(16)}${value}`);
    },
  },
  {
    name: 'upload:export',
    usage: 'upload:export <path> <file>',
    summary: "Copy a user's uploaded image (e.g. a KYC document) to a local file",
    changes: true,
    async run(args, tx, context) {
      const [source, destination] = args;
      if (!source || !destination) throw new UsageError('usage: upload:export <path> <file>');
      if (!context.dataDir) throw new UsageError('DATA_DIR is not known to this command');
      const upload = await findUpload(tx!, source);
      if (!upload) throw new UsageError(`No upload "${source}"`);
      await writeFile(path.resolve(context.cwd ?? process.cwd(), destination), await readUpload(context.dataDir, upload.name), { flag: 'wx', mode: 0o600 });
      context.print(`Wrote ${upload.size} bytes (${upload.mime}) to ${path.resolve(destination)}.`);
      return { target: `user:${upload.userId}`, detail: { upload: upload.name } };
    },
  },
];
