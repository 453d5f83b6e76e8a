import { randomInt } from 'node:crypto';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/db.js';
import { IDENTITY_FAIL, refuse } from '../../../http/refuse.js';
import type { Outbox } from '../../outbox/service.js';
import type { IdentityAuth } from '../auth.js';
import { createCodes, type CodeChannel, type Codes } from '../codes/service.js';
import { clearLoginFailures, lockedMinutesLeft, takeLoginAttempt, type LoginLimits } from '../login/attempts.js';
import { clearTrustedLocks, counterFor, rememberClient } from '../login/trusted-clients.js';
import { checkNewPassword, normalizeEmail, normalizePhone } from '../normalize.js';
import { ownsUpload } from '../upload/service.js';
import { hashPassword, verifyDummy, verifyPassword } from '../passwords/hash.js';
import {
  findCountry,
  findCountryByIso,
  findUserByAccount,
  findUserById,
  type AccountMode,
  type KycStatus,
  type UserRow,
} from './storage.js';

/** What the client sends to name an account: an e-mail, or a phone with its dialling code. */
export interface AccountInput {
  email?: string | undefined;
  phone?: string | undefined;
  countryCode?: string | undefined;
}

export type Account = { email: string } | { phone: string };

export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** The Cookie header (the device cookie of login/trusted-clients.ts). */
  cookie?: string | undefined;
  /** Over HTTPS: the device cookie is then Secure. */
  secure?: boolean;
}

export interface UserInfo {
  uid: string;
  nickname: string;
  avatar: string;
  email: string;
  phone: string;
  country: { id: number; name: string; iso2: string; code: string } | null;
  invitationCode: string;
  kycStatus: KycStatus;
  customerServiceUrl: string;
  hasFundPassword: boolean;
  accountMode: AccountMode;
  hasDemo: boolean;
  demoStartedAt: Date | null;
  createdAt: Date;
}

export type OtpType = 'register' | 'forgot' | 'forgotFund' | 'changeEmail';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return code;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createUsers(deps: {
  db: Db;
  config: Config;
  outbox: Outbox;
  auth: IdentityAuth;
  clock: () => Date;
  /** How a slowed-down login waits; tests record it instead. */
  sleep?: (ms: number) => Promise<void>;
}) {
  const { db, config, auth, clock } = deps;
  const sleep = deps.sleep ?? realSleep;
  const codes: Codes = createCodes(db, deps.outbox, clock);
  const loginLimits: LoginLimits = { lockAfter: config.loginLockAfter, lockMinutes: config.loginLockMinutes };
  const lockedError = (minutes: number) => refuse('loginLocked', { minutes }, IDENTITY_FAIL);

  async function defaultCountryCode(): Promise<string> {
    return (await findCountryByIso(db, 'FR'))?.code ?? '33';
  }

  /** Exactly one of e-mail and phone; the phone's dialling code defaults to France's. */
  async function toAccount(input: AccountInput): Promise<Account> {
    if (input.email && input.phone) throw refuse('emailOrPhone', {}, IDENTITY_FAIL);
    if (input.email) return { email: normalizeEmail(input.email) };
    if (input.phone) return { phone: normalizePhone(input.phone, input.countryCode || (await defaultCountryCode())) };
    throw refuse('emailOrPhoneRequired', {}, IDENTITY_FAIL);
  }

  const recipientOf = (account: Account) => ('email' in account ? account.email : account.phone);

  async function userInfo(user: UserRow): Promise<UserInfo> {
    const country = (await findCountry(db, user.countryId)) ?? null;
    return {
      uid: user.id,
      nickname: user.nickname,
      avatar: user.avatar,
      email: user.email ?? '',
      phone: user.phone ?? '',
      country,
      invitationCode: user.invitationCode,
      kycStatus: user.kycStatus,
      customerServiceUrl: config.customerServiceUrl,
      hasFundPassword: user.fundPasswordHash !== null,
      accountMode: user.accountMode,
      hasDemo: user.demoStartedAt !== null,
      demoStartedAt: user.demoStartedAt,
      createdAt: user.createdAt,
    };
  }

  async function mustUser(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user) throw refuse('accountMissing', {}, IDENTITY_FAIL);
    return user;
  }

  return {
    codes,
    userInfo,
    mustUser,
    toAccount,

    /** sendOtp (channel email) and SendSmsOtp (channel sms). */
    async sendOtp(channel: CodeChannel, input: AccountInput & { type: OtpType }, meta: RequestMeta, sessionUserId: () => Promise<string>) {
      if (input.type === 'forgotFund') {
        const user = await mustUser(await sessionUserId());
        const recipient = channel === 'email' ? user.email : user.phone;
        if (!recipient) throw refuse('accountMissing', {}, IDENTITY_FAIL);
        await codes.send({ purpose: 'reset_fund_password', channel, recipient, ip: meta.ip, userId: user.id });
        return;
      }
      const account = await toAccount(channel === 'email' ? { email: input.email ?? '' } : { phone: input.phone ?? '', countryCode: input.countryCode });
      const existing = await findUserByAccount(db, account);
      if (input.type === 'changeEmail') {
        if (channel !== 'email') throw refuse('invalidEmail', {}, IDENTITY_FAIL);
        const userId = await sessionUserId();
        if (existing) throw refuse('accountExists', {}, IDENTITY_FAIL);
        await codes.send({ purpose: 'change_email', channel, recipient: recipientOf(account), ip: meta.ip, userId });
        return;
      }
      // Registration keeps the spec's "This account already exists"; recovery answers the same whether or not the
      // account exists (no enumeration), and only an existing account is sent the code.
      if (input.type === 'register' && existing) throw refuse('accountExists', {}, IDENTITY_FAIL);
      await codes.send({
        purpose: input.type === 'register' ? 'register' : 'reset_password',
        channel,
        recipient: recipientOf(account),
        ip: meta.ip,
        ...(existing ? { userId: existing.id } : {}),
        deliver: input.type === 'register' || existing !== undefined,
      });
    },

    async register(
      input: AccountInput & { code: string; password: string; confirmPassword?: string; invitationCode?: string; countryId?: number },
      meta: RequestMeta,
    ) {
      const invitation = (input.invitationCode ?? '').trim().toUpperCase();
      if (!invitation) throw refuse('invitationRequired', {}, IDENTITY_FAIL);
      checkNewPassword(input.password, input.confirmPassword);
      const country = input.countryId === undefined ? await findCountryByIso(db, 'FR') : await findCountry(db, input.countryId);
      if (!country) throw refuse('invalidCountry', {}, IDENTITY_FAIL);
      const account = await toAccount({ ...input, countryCode: input.countryCode || country.code });
      if (await findUserByAccount(db, account)) throw refuse('accountExists', {}, IDENTITY_FAIL);
      const { rows: inviters } = await db.query<{ id: string | null }>(
        `SELECT id FROM users WHERE invitation_code = $1
         UNION ALL SELECT NULL FROM invitation_codes WHERE code = $1 LIMIT 1`,
        [invitation],
      );
      const isSeeded = config.seedInvitationCode !== '' && invitation === config.seedInvitationCode;
      if (!inviters.length && !isSeeded) throw refuse('invitationUnknown', {}, IDENTITY_FAIL);
      const inviterId = inviters[0]?.id ?? null;
      await codes.consume({ purpose: 'register', recipient: recipientOf(account), code: input.code });
      const passwordHash = await hashPassword(input.password);
      const nickname = 'email' in account ? account.email.split('@')[0]!.slice(0, 24) : `User${account.phone.slice(-4)}`;
      let userId: string;
      try {
        userId = await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            `INSERT INTO users (email, phone, country_id, nickname, password_hash, invitation_code, invited_by_code, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
            [
              'email' in account ? account.email : null,
              'phone' in account ? account.phone : null,
              country.id,
              nickname,
              passwordHash,
              newInvitationCode(),
              invitation,
              clock(),
            ],
          );
          const id = rows[0]!.id;
          if (inviterId !== null) {
            await tx.query('INSERT INTO referrals (user_id, level, upline_id) VALUES ($1, 1, $2)', [id, inviterId]);
            await tx.query(
              'INSERT INTO referrals (user_id, level, upline_id) SELECT $1, level + 1, upline_id FROM referrals WHERE user_id = $2 AND level < 3',
              [id, inviterId],
            );
          }
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refuse('accountExists', {}, IDENTITY_FAIL);
        throw error;
      }
      const token = await auth.sessions.create(userId, meta);
      // the device that signed up is the owner's: it gets its device cookie at once
      const deviceCookie = await rememberClient(db, userId, meta, clock(), meta.secure ?? false);
      return { token, userInfo: await userInfo(await mustUser(userId)), deviceCookie };
    },

    /**
     * The same answer for an unknown account and a wrong password; a locked account says for how long. Each try is
     * taken from the account's allowance before the password is checked (login/attempts.ts), so parallel guesses
     * cannot go past it. The lock is temporary and does not end the owner's sessions (anyone who can name an
     * account can set it off); a password reset lifts it. Failures are counted per client the account knows (its
     * device cookie, else an address it logged in from) and apart for every other client, so a lock set off from
     * elsewhere does not lock the owner's known device; a success gives the browser its device cookie. An account an operator locked answers the right password
     * with "Locked, contact customer service" and opens no session.
     */
    async login(input: AccountInput & { password: string }, meta: RequestMeta) {
      const account = await toAccount(input);
      const user = await findUserByAccount(db, account);
      if (!user) {
        await verifyDummy(input.password);
        throw refuse('badCredentials', {}, IDENTITY_FAIL);
      }
      // a device or address the account knows counts its own failures: guesses from elsewhere do not lock it out
      const counter = await counterFor(db, user.id, meta);
      const attempt = await takeLoginAttempt(db, user.id, loginLimits, clock(), counter);
      if (!attempt.allowed) throw lockedError(attempt.minutesLeft);
      if (attempt.failuresBefore >= 2 && config.loginSlowdownMs > 0) {
        await sleep(Math.min(config.loginSlowdownMs * (attempt.failuresBefore - 1), 5_000));
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        const minutesLeft = await lockedMinutesLeft(db, user.id, loginLimits, clock(), counter);
        if (minutesLeft !== null) throw lockedError(minutesLeft);
        throw refuse('badCredentials', {}, IDENTITY_FAIL);
      }
      // the counter this client used starts over (a known client's success leaves the strangers' count as it is)
      await clearLoginFailures(db, user.id, counter);
      // An operator's lock is told only to someone who knows the password: to the rest it looks like any account.
      if (user.operatorLockedAt) throw refuse('locked', {}, IDENTITY_FAIL);
      const token = await auth.sessions.create(user.id, meta);
      const deviceCookie = await rememberClient(db, user.id, meta, clock(), meta.secure ?? false);
      return { token, userInfo: await userInfo(user), deviceCookie };
    },

    /** forgot-password: a new login password by a code sent to the account; every session ends. */
    async forgotPassword(input: AccountInput & { code: string; password: string; confirmPassword?: string }) {
      checkNewPassword(input.password, input.confirmPassword);
      const account = await toAccount(input);
      const user = await findUserByAccount(db, account);
      // A missing account answers as a wrong or dead code does (its recorded code was never sent), so this step
      // tells no more than sending the code did.
      await codes.consume({ purpose: 'reset_password', recipient: recipientOf(account), code: input.code });
      if (!user) throw refuse('invalidCode', {}, IDENTITY_FAIL);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // the owner's way back in: a login lock set off by someone else's guesses ends too
        await tx.query('UPDATE users SET password_hash = $2, failed_logins = 0, locked_at = NULL, login_locks = 0 WHERE id = $1', [user.id, passwordHash]);
        await clearTrustedLocks(tx, user.id);
      });
      await auth.sessions.revokeAll(user.id);
    },

    async changePassword(userId: string, sessionId: string, input: { oldPassword: string; password: string; confirmPassword?: string }) {
      checkNewPassword(input.password, input.confirmPassword);
      const user = await mustUser(userId);
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw refuse('oldPasswordWrong', {}, IDENTITY_FAIL);
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, await hashPassword(input.password)]);
      await auth.sessions.revokeAll(userId, sessionId);
    },

    /** Sets the fund password when there is none; changing it needs the old one. */
    async setFundPassword(userId: string, input: { oldPassword?: string; password: string; confirmPassword?: string }) {
      checkNewPassword(input.password, input.confirmPassword);
      const user = await mustUser(userId);
      if (user.fundPasswordHash !== null) {
        if (!input.oldPassword || !(await verifyPassword(user.fundPasswordHash, input.oldPassword))) {
          throw refuse('oldPasswordWrong', {}, IDENTITY_FAIL);
        }
      } else if (input.oldPassword) {
        throw refuse('fundPasswordMissing', {}, IDENTITY_FAIL);
      }
      await db.query('UPDATE users SET fund_password_hash = $2 WHERE id = $1', [userId, await hashPassword(input.password)]);
    },

    async forgotFundPassword(userId: string, input: { code: string; password: string; confirmPassword?: string }) {
      checkNewPassword(input.password, input.confirmPassword);
      await codes.consume({ purpose: 'reset_fund_password', userId, code: input.code });
      await db.query('UPDATE users SET fund_password_hash = $2 WHERE id = $1', [userId, await hashPassword(input.password)]);
    },

    /** For withdrawals (a later issue): true only when a fund password is set and matches. */
    async verifyFundPassword(userId: string, password: string): Promise<boolean> {
      const user = await findUserById(db, userId);
      return !!user?.fundPasswordHash && (await verifyPassword(user.fundPasswordHash, password));
    },

    async setNickname(userId: string, nickname: string) {
      const trimmed = nickname.trim();
      if (!trimmed || trimmed.length > 32) throw refuse('nicknameLength', {}, IDENTITY_FAIL);
      await db.query('UPDATE users SET nickname = $2 WHERE id = $1', [userId, trimmed]);
    },

    async setAvatar(userId: string, avatar: string) {
      if (!(await ownsUpload(db, userId, avatar))) throw refuse('invalidImage', {}, IDENTITY_FAIL);
      await db.query('UPDATE users SET avatar = $2 WHERE id = $1', [userId, avatar]);
    },

    async changeEmail(userId: string, input: { email: string; code: string }) {
      const email = normalizeEmail(input.email);
      if (await findUserByAccount(db, { email })) throw refuse('accountExists', {}, IDENTITY_FAIL);
      await codes.consume({ purpose: 'change_email', recipient: email, userId, code: input.code });
      try {
        await db.query('UPDATE users SET email = $2 WHERE id = $1', [userId, email]);
      } catch (error) {
        if (isUniqueViolation(error)) throw refuse('accountExists', {}, IDENTITY_FAIL);
        throw error;
      }
    },

    async switchMode(userId: string, mode: AccountMode) {
      const { rows } = await db.query<{ accountMode: AccountMode; demoStartedAt: Date | null }>(
        `UPDATE users SET account_mode = $2,
           demo_started_at = CASE WHEN $2 = 'demo' AND demo_started_at IS NULL THEN $3::timestamptz ELSE demo_started_at END
         WHERE id = $1 RETURNING account_mode AS "accountMode", demo_started_at AS "demoStartedAt"`,
        [userId, mode, clock()],
      );
      const row = rows[0];
      if (!row) throw refuse('accountMissing', {}, IDENTITY_FAIL);
      return { userType: row.accountMode, hasDemo: row.demoStartedAt !== null, demoStartedAt: row.demoStartedAt };
    },
  };
}

export type Users = ReturnType<typeof createUsers>;
