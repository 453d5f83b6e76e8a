import type { Db } from '../../../db/db.js';

export type KycStatus = 'unverified' | 'pending' | 'verified' | 'rejected';
export type AccountMode = 'real' | 'demo';

export interface UserRow {
  id: string;
  email: string | null;
  phone: string | null;
  countryId: number;
  nickname: string;
  avatar: string;
  passwordHash: string;
  fundPasswordHash: string | null;
  invitationCode: string;
  invitedByCode: string;
  kycStatus: KycStatus;
  failedLogins: number;
  lockedAt: Date | null;
  /** Set by an operator (pnpm ops user:lock) until one lifts it; apart from the temporary lockedAt. */
  operatorLockedAt: Date | null;
  operatorLockedBy: string | null;
  operatorLockReason: string | null;
  accountMode: AccountMode;
  demoStartedAt: Date | null;
  createdAt: Date;
}

export const USER_COLUMNS = `id, email, phone, country_id AS "countryId", nickname, avatar, password_hash AS "passwordHash",
  fund_password_hash AS "fundPasswordHash", invitation_code AS "invitationCode", invited_by_code AS "invitedByCode",
  kyc_status AS "kycStatus", failed_logins AS "failedLogins", locked_at AS "lockedAt",
  operator_locked_at AS "operatorLockedAt", operator_locked_by AS "operatorLockedBy", operator_lock_reason AS "operatorLockReason", account_mode AS "accountMode",
  demo_started_at AS "demoStartedAt", created_at AS "createdAt"`;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/** By stored (normalised) e-mail or phone. */
export async function findUserByAccount(db: Db, account: { email: string } | { phone: string }): Promise<UserRow | undefined> {
  const { rows } =
    'email' in account
      ? await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [account.email])
      : await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE phone = $1`, [account.phone]);
  return rows[0];
}

/** uid, e-mail, phone (as stored) or invitation code: what an operator types. */
export async function lookupUser(db: Db, key: string): Promise<UserRow | undefined> {
  const trimmed = key.trim();
  if (/^[0-9]{1,18}$/.test(trimmed)) {
    const byId = await findUserById(db, trimmed);
    if (byId) return byId;
  }
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE email = lower($1) OR phone = $1 OR invitation_code = upper($1) LIMIT 1`,
    [trimmed],
  );
  return rows[0];
}

export interface Country {
  id: number;
  name: string;
  iso2: string;
  code: string;
}

export async function listCountries(db: Db, keyword?: string): Promise<Country[]> {
  const { rows } = keyword
    ? await db.query<Country>(
        `SELECT id, name, iso2, code FROM countries
         WHERE name ILIKE '%' || $1 || '%' OR code = ltrim($1, '+') OR iso2 = upper($1) ORDER BY name`,
        [keyword.replace(/[%_\\]/g, '')],
      )
    : await db.query<Country>('SELECT id, name, iso2, code FROM countries ORDER BY name');
  return rows;
}

export async function findCountry(db: Db, id: number): Promise<Country | undefined> {
  const { rows } = await db.query<Country>('SELECT id, name, iso2, code FROM countries WHERE id = $1', [id]);
  return rows[0];
}

export async function findCountryByIso(db: Db, iso2: string): Promise<Country | undefined> {
  const { rows } = await db.query<Country>('SELECT id, name, iso2, code FROM countries WHERE iso2 = $1', [iso2.toUpperCase()]);
  return rows[0];
}
