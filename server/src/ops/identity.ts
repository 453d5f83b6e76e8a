import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/db.js';
import { findSubmission, pendingSubmissions, reviewKyc } from '../modules/identity/kyc/service.js';
import { findUpload, readUpload } from '../modules/identity/upload/service.js';
import { clearTrustedLocks } from '../modules/identity/login/trusted-clients.js';
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
    name: 'user:lock',
    usage: 'user:lock <user> <reason…>',
    summary: 'Lock an account until user:unlock and end its sessions (its login answers "Locked, contact customer service")',
    changes: true,
    async run(args, tx, context) {
      const user = await userOrFail(tx!, args[0]);
      const reason = args.slice(1).join(' ').trim();
      if (!reason) throw new UsageError('a lock needs a reason (kept with the account and in audit_log)');
      if (user.operatorLockedAt) throw new UsageError(`User ${user.id} is already locked by ${user.operatorLockedBy ?? '-'} since ${iso(user.operatorLockedAt)}`);
      const now = (context.clock ?? (() => new Date()))();
      await tx!.query('UPDATE users SET operator_locked_at = $2, operator_locked_by = $3, operator_lock_reason = $4 WHERE id = $1', [
        user.id,
        now,
        context.operator,
        reason,
      ]);
      // Ended in the table: every server process's streams close these sessions' sockets at their next check.
      const { rows } = await tx!.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING id', [user.id, now]);
      context.print(`User ${user.id} locked; ${rows.length} session(s) ended.`);
      return { target: `user:${user.id}`, detail: { reason, sessionsEnded: rows.length } };
    },
  },
  {
    name: 'user:unlock',
    usage: 'user:unlock <user>',
    summary: "Lift an operator's lock (user:lock) and the temporary lock after failed logins",
    changes: true,
    async run(args, tx, context) {
      const user = await userOrFail(tx!, args[0]);
      const { rows: trusted } = await tx!.query<{ n: string }>('SELECT count(*)::text AS n FROM login_trust WHERE user_id = $1 AND locked_at IS NOT NULL', [user.id]);
      const knownClientsLocked = Number(trusted[0]?.n ?? 0);
      if (!user.lockedAt && !user.operatorLockedAt && !knownClientsLocked) throw new UsageError(`User ${user.id} is not locked`);
      await tx!.query(
        `UPDATE users SET locked_at = NULL, failed_logins = 0, login_locks = 0,
           operator_locked_at = NULL, operator_locked_by = NULL, operator_lock_reason = NULL WHERE id = $1`,
        [user.id],
      );
      await clearTrustedLocks(tx!, user.id);
      if (user.operatorLockedAt) context.print(`User ${user.id}: the lock by ${user.operatorLockedBy ?? '-'} (${user.operatorLockReason ?? ''}) is lifted.`);
      if (user.lockedAt) context.print(`User ${user.id}: the lock after failed logins is lifted.`);
      if (knownClientsLocked) context.print(`User ${user.id}: ${knownClientsLocked} known device(s)/address(es) locked after failed logins unlocked.`);
      context.print(`User ${user.id} unlocked.`);
      return {
        target: `user:${user.id}`,
        detail: {
          ...(user.lockedAt ? { lockedAt: user.lockedAt.toISOString() } : {}),
          ...(knownClientsLocked ? { knownClientsLocked } : {}),
          ...(user.operatorLockedAt
            ? { operatorLock: { at: user.operatorLockedAt.toISOString(), by: user.operatorLockedBy, reason: user.operatorLockReason } }
            : {}),
        },
      };
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
      const { rows: known } = await db.query<{ kind: string; n: string; locked: string }>(
        "SELECT kind, count(*)::text AS n, count(*) FILTER (WHERE locked_at IS NOT NULL)::text AS locked FROM login_trust WHERE user_id = $1 GROUP BY kind ORDER BY kind",
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
        [
          'operator lock',
          user.operatorLockedAt ? `since ${iso(user.operatorLockedAt)} by ${user.operatorLockedBy ?? '-'}: ${user.operatorLockReason ?? ''}` : 'no',
        ],
        ['fund password', user.fundPasswordHash ? 'set' : 'not set'],
        ['demo since', iso(user.demoStartedAt)],
        ['live sessions', sessions[0]?.n ?? '0'],
        ['known clients', known.map((k) => `${k.kind} ${k.n} (${k.locked} locked)`).join(', ') || '-'],
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
