import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/db.js';
import { normalizeEmail, normalizePhone } from '../normalize.js';
import type { LoginCounter } from './attempts.js';

/**
 * Known clients (OWASP "device cookies"): a successful login gives the browser a device cookie — a random device id
 * bound to the account and signed with a key of the store's — and remembers the address it came from. A login from a
 * known device (a valid cookie for that account) or a known address counts its failures apart from the account's
 * unknown clients (login/attempts.ts), so ten wrong passwords from elsewhere lock out strangers, not the owner's
 * phone; and a known client passes the global login ceiling (http/abuse-limits.ts), which otherwise a flood from
 * anywhere can fill. Everything lives in the database (login_trust, server_secrets): any process sees it.
 */
export const DEVICE_COOKIE = 'meridian_device';
/** Where browsers send it: the login call only. */
export const DEVICE_COOKIE_PATH = '/asset/api/user/login';
/** Accounts one browser's cookie vouches for (shared computers): the most recent. */
const MAX_ACCOUNTS_PER_COOKIE = 5;
/** Known devices and addresses kept per account, of each kind: the most recent. */
const KEEP_PER_KIND = 20;
const COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

export interface DeviceToken {
  userId: string;
  deviceId: string;
}

/** The client of a login: its address and the Cookie header it sent. */
export interface LoginClient {
  ip: string;
  cookie?: string | undefined;
}

const secrets = new WeakMap<Db, Promise<Buffer>>();

/** The store's device-cookie key, created by the first process that needs it. */
function deviceKey(db: Db): Promise<Buffer> {
  let key = secrets.get(db);
  if (!key) {
    key = (async () => {
      await db.query("INSERT INTO server_secrets (name, secret, created_at) VALUES ('login-device', $1, $2) ON CONFLICT (name) DO NOTHING", [
        randomBytes(32).toString('base64url'),
        new Date(),
      ]);
      const { rows } = await db.query<{ secret: string }>("SELECT secret FROM server_secrets WHERE name = 'login-device'");
      return Buffer.from(rows[0]!.secret, 'base64url');
    })();
    key.catch(() => secrets.delete(db));
    secrets.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, userId: string, deviceId: string) => createHmac('sha256', key).update(`login-device:${userId}:${deviceId}`).digest('base64url');

/** The cookie's tokens as sent ("<uid>.<device id>.<signature>", joined by "|"), unchecked. */
function tokensOf(cookieHeader: string | undefined): { userId: string; deviceId: string; signature: string }[] {
  if (!cookieHeader) return [];
  const value = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  if (!value || value.length > 2048) return [];
  return value
    .split('|')
    .slice(0, MAX_ACCOUNTS_PER_COOKIE)
    .map((token) => token.split('.'))
    .filter((parts): parts is [string, string, string] => parts.length === 3 && /^[0-9]{1,18}$/.test(parts[0]!) && /^[A-Za-z0-9_-]{16,64}$/.test(parts[1]!))
    .map(([userId, deviceId, signature]) => ({ userId, deviceId, signature }));
}

/** The tokens of the Cookie header whose signature is right (a forged or foreign cookie vouches for nothing). */
export async function deviceTokens(db: Db, cookieHeader: string | undefined): Promise<DeviceToken[]> {
  const tokens = tokensOf(cookieHeader);
  if (!tokens.length) return [];
  const key = await deviceKey(db);
  return tokens
    .filter(({ userId, deviceId, signature }) => {
      const expected = Buffer.from(sign(key, userId, deviceId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    })
    .map(({ userId, deviceId }) => ({ userId, deviceId }));
}

/**
 * The counter a login try of this client counts against: its device's (a valid cookie for the account, still
 * remembered), else its address's (the account logged in from it before), else the account's (undefined).
 */
export async function counterFor(db: Db, userId: string, client: LoginClient): Promise<LoginCounter> {
  const devices = (await deviceTokens(db, client.cookie)).filter((token) => token.userId === userId).map((token) => token.deviceId);
  const { rows } = await db.query<{ kind: 'device' | 'address'; key: string }>(
    `SELECT kind, key FROM login_trust
     WHERE user_id = $1 AND ((kind = 'device' AND key = ANY($2::text[])) OR (kind = 'address' AND key = $3))
     ORDER BY kind = 'device' DESC LIMIT 1`,
    [userId, devices, client.ip],
  );
  return rows[0];
}

/**
 * After a successful login (or a registration): remembers the client's address and device (a new device id unless
 * its cookie already had one for this account) and answers the Set-Cookie header that gives the browser its cookie,
 * keeping the tokens it held for other accounts.
 */
export async function rememberClient(db: Db, userId: string, client: LoginClient, now: Date, secure: boolean): Promise<string> {
  const tokens = await deviceTokens(db, client.cookie);
  const deviceId = tokens.find((token) => token.userId === userId)?.deviceId ?? randomBytes(18).toString('base64url');
  for (const [kind, key] of [
    ['device', deviceId],
    ['address', client.ip],
  ] as const) {
    await db.query(
      `INSERT INTO login_trust (user_id, kind, key, last_login_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, kind, key) DO UPDATE SET last_login_at = EXCLUDED.last_login_at`,
      [userId, kind, key, now],
    );
    await db.query(
      `DELETE FROM login_trust WHERE user_id = $1 AND kind = $2 AND key NOT IN
         (SELECT key FROM login_trust WHERE user_id = $1 AND kind = $2 ORDER BY last_login_at DESC, key LIMIT ${KEEP_PER_KIND})`,
      [userId, kind],
    );
  }
  const key = await deviceKey(db);
  const kept = [{ userId, deviceId }, ...tokens.filter((token) => token.userId !== userId)].slice(0, MAX_ACCOUNTS_PER_COOKIE);
  const value = kept.map((token) => `${token.userId}.${token.deviceId}.${sign(key, token.userId, token.deviceId)}`).join('|');
  return `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** A password reset or an operator's unlock: the known clients' locks end too. */
export async function clearTrustedLocks(db: Db, userId: string): Promise<void> {
  await db.query(
    'UPDATE login_trust SET failed_logins = 0, locked_at = NULL, login_locks = 0 WHERE user_id = $1 AND (failed_logins <> 0 OR locked_at IS NOT NULL)',
    [userId],
  );
}

/**
 * For the global login ceiling: does this login request come from a client known to the account it names (a valid
 * device cookie for it, or an address it logged in from)? Read only when the ceiling is reached.
 */
export async function isKnownClient(db: Db, request: { body: unknown; ip: string; headers: { cookie?: string | undefined } }): Promise<boolean> {
  const body = (request.body ?? {}) as { email?: unknown; phone?: unknown; countryCode?: unknown };
  let account: { column: 'email' | 'phone'; value: string };
  try {
    if (typeof body.email === 'string' && body.email) account = { column: 'email', value: normalizeEmail(body.email) };
    else if (typeof body.phone === 'string' && body.phone) {
      account = { column: 'phone', value: normalizePhone(body.phone, typeof body.countryCode === 'string' && body.countryCode ? body.countryCode : '33') };
    } else return false;
  } catch {
    return false;
  }
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE ${account.column} = $1`, [account.value]);
  const userId = rows[0] && String(rows[0].id);
  if (!userId) return false;
  return (await counterFor(db, userId, { ip: request.ip, cookie: request.headers.cookie })) !== undefined;
}
