import { AMOUNT_CEILING, WALLET_TYPE, WALLETS, type WalletName } from '@meridian/contracts';
import { refuse } from '../../http/refuse.js';
import { Dec as Decimal } from './decimal.js';
import type { Db } from '../../db/db.js';
import { actionForCause, pushToUser } from '../platform/user-events.js';

export type Mode = 'real' | 'demo';
/**
 * available: spendable; frozen: set aside by a module's own freeze (what has not moved onto named holds yet); held: set
 * aside by a named hold (platform-kit/product/holds.ts), proven against the open holds by verify(). Users see held
 * as part of frozen.
 */
export type Part = 'available' | 'frozen' | 'held';

/** A user's wallets (the spec's accounts), with the numeric account type some calls use (contract is 3): the wire's. */
export const USER_WALLETS = WALLETS;
export type UserWallet = WalletName;
export { WALLET_TYPE };

/**
 * The platform's own accounts (holder 0): what users hold came from one of them, so every asset sums to zero.
 * chain: deposits arrived from and withdrawals paid to blockchains; backoffice: deposits an operator recorded with
 * their evidence; fees: fees charged; desk: the conversion desk's side of conversions; loans: loans paid out;
 * demo: the virtual money of demo accounts (demo mode only); broker: the trading desk, the counterparty of every
 * spot fill and perpetual settlement (broker model); insurance: the insurance fund that absorbs liquidation
 * shortfalls and receives liquidation remainders.
 */
export const PLATFORM_WALLETS = ['chain', 'backoffice', 'fees', 'desk', 'loans', 'demo', 'broker', 'insurance'] as const;
export type PlatformWallet = (typeof PLATFORM_WALLETS)[number];
/** A product's reserve (platform-kit/product/reserves.ts): what backs its payouts, funded by an operator. */
export type ReserveWallet = `reserve:${string}`;

export const PLATFORM = '0';

/**
 * The platform wallets every fill writes (the trading desk and the fee account), split per (mode, asset) into
 * PLATFORM_BUCKETS accounts (column `bucket`, migration 0070) so that concurrent fills of different users do not
 * queue on one row: a posting's legs go to the bucket its users and assets hash to (platformBucket). A bucket is
 * an ordinary account of the one wallet, so every sum (a balance shown, `ledger verify`'s zero per asset) adds the
 * buckets and stays exact; a single bucket of a platform account may go below zero, the wallet's sum is what it holds.
 */
export const BUCKETED_WALLETS: readonly PlatformWallet[] = ['broker', 'fees'];
export const PLATFORM_BUCKETS = 16;

export interface AccountRef {
  /** A user id, or PLATFORM. */
  holder: string;
  mode: Mode;
  wallet: UserWallet | PlatformWallet | ReserveWallet;
  asset: string;
  part?: Part;
  /** A bucket of a BUCKETED_WALLETS platform account; unset: post() picks it (platformBucket), other accounts have only 0. */
  bucket?: number;
}

export interface Move {
  from: AccountRef;
  to: AccountRef;
  /** A positive decimal string. */
  amount: string;
}

export interface Posting {
  /** Unique per business operation: a retry with the same key changes nothing and answers replayed: true. */
  key: string;
  cause: { type: string; id: string };
  moves: Move[];
}

/** Amounts are kept to 18 decimals (NUMERIC(40,18)); anything finer would be silently rounded by the store. */
export const AMOUNT_SCALE = 18;
export const MAX_AMOUNT = new Decimal(AMOUNT_CEILING);

/** A positive decimal amount within the spec's maximum and the ledger's scale, or an "Invalid amount" refusal. */
export function parseAmount(value: unknown): Decimal {
  let amount: Decimal;
  try {
    amount = new Decimal(typeof value === 'number' ? String(value) : (value as string));
  } catch {
    throw refuse('invalidAmount');
  }
  if (!amount.isFinite() || amount.lte(0) || amount.gt(MAX_AMOUNT) || amount.decimalPlaces() > AMOUNT_SCALE) {
    throw refuse('invalidAmount');
  }
  return amount;
}

const isBucketed = (ref: AccountRef): boolean => ref.holder === PLATFORM && (BUCKETED_WALLETS as readonly string[]).includes(ref.wallet);

let oneBucket = false;

/**
 * Benchmarks only: every posting's bucketed legs go to bucket 0, the one account per (mode, asset) of before 0070,
 * which bench/orders.mjs compares the buckets with.
 */
export function onePlatformBucket(on: boolean): void {
  oneBucket = on;
}

/**
 * The bucket of a posting's BUCKETED_WALLETS legs: a hash (FNV-1a) of its users and assets (a user's fill of a
 * symbol: the user and the symbol's assets), so fills of different users spread over the buckets and one
 * operation's legs share one; 0 for a posting between platform accounts alone (an operator's transfer).
 */
export function platformBucket(moves: readonly Move[]): number {
  if (oneBucket) return 0;
  const refs = moves.flatMap((m) => [m.from, m.to]);
  const users = [...new Set(refs.filter((r) => r.holder !== PLATFORM).map((r) => r.holder))].sort();
  if (!users.length) return 0;
  const assets = [...new Set(refs.map((r) => r.asset))].sort();
  let hash = 0x811c9dc5;
  for (const char of `${users.join(',')}|${assets.join(',')}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % PLATFORM_BUCKETS;
}

/**
 * Finds or opens (at zero) the account; returns its id. Only a bucketed wallet's account names its bucket (the
 * others have bucket 0 alone, by the table's check), so this also runs on a ledger from before 0070.
 */
async function accountId(db: Db, ref: AccountRef): Promise<string> {
  const bucketed = isBucketed(ref);
  const key = [ref.holder, ref.mode, ref.wallet, ref.asset, ref.part ?? 'available', ...(bucketed ? [ref.bucket ?? 0] : [])];
  const find = `SELECT id FROM ledger_accounts WHERE holder = $1 AND mode = $2 AND wallet = $3 AND asset = $4 AND part = $5${bucketed ? ' AND bucket = $6' : ''}`;
  const found = await db.query<{ id: string }>(find, key);
  if (found.rows[0]) return found.rows[0].id;
  const opened = await db.query<{ id: string }>(
    bucketed
      ? 'INSERT INTO ledger_accounts (holder, mode, wallet, asset, part, bucket) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id'
      : 'INSERT INTO ledger_accounts (holder, mode, wallet, asset, part) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id',
    key,
  );
  if (opened.rows[0]) return opened.rows[0].id;
  // Opened by a concurrent request between the two statements.
  const again = await db.query<{ id: string }>(find, key);
  return again.rows[0]!.id;
}

/**
 * Opens (at zero) and locks one account until the caller's transaction ends; its balance. A check that must hold
 * until commit (a product's reserve covering a sale) takes this lock first, so its writers queue on it.
 */
export async function lockAccount(tx: Db, ref: AccountRef): Promise<string> {
  // one row is not a bucketed wallet's balance, and locking all its buckets would bring back the queue they remove
  if (isBucketed(ref)) throw new Error(`ledger: lockAccount takes one account, and the platform's ${ref.wallet} is split into buckets`);
  const id = await accountId(tx, ref);
  const { rows } = await tx.query<{ balance: string }>('SELECT balance::text AS balance FROM ledger_accounts WHERE id = $1 FOR UPDATE', [id]);
  return normalize(rows[0]!.balance);
}

function isInsufficient(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === 'ML001' || /ledger: insufficient balance/.test(e?.message ?? '');
}

/**
 * Posts one business operation: its batch (the idempotency key) and every move, in the caller's transaction when
 * there is one, all or nothing. A move that would take a user account below zero refuses the whole operation
 * with "Insufficient balance". The balances themselves are changed by the database trigger on each transfer.
 */
export async function post(db: Db, posting: Posting, now: Date): Promise<{ batchId: string; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const batch = await tx.query<{ id: string }>(
      `INSERT INTO ledger_batches (idempotency_key, cause_type, cause_id, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [posting.key, posting.cause.type, posting.cause.id, now],
    );
    if (!batch.rows[0]) {
      const existing = await tx.query<{ id: string }>('SELECT id FROM ledger_batches WHERE idempotency_key = $1', [posting.key]);
      return { batchId: existing.rows[0]!.id, replayed: true };
    }
    const batchId = batch.rows[0].id;
    const resolved = [];
    const bucket = platformBucket(posting.moves);
    const inBucket = (ref: AccountRef): AccountRef => (isBucketed(ref) && ref.bucket === undefined ? { ...ref, bucket } : ref);
    for (const move of posting.moves) {
      if (move.from.asset !== move.to.asset) throw new Error('ledger: a move keeps its asset');
      resolved.push({ amount: parseAmount(move.amount), debit: await accountId(tx, inBucket(move.from)), credit: await accountId(tx, inBucket(move.to)), asset: move.from.asset });
    }
    // Lock every account of the operation in one order (by id), so two operations touching the same accounts in
    // opposite directions (two conversions through the desk) wait for each other instead of deadlocking.
    const ids = [...new Set(resolved.flatMap((m) => [m.debit, m.credit]))];
    await tx.query('SELECT id FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
    for (const { amount, debit, credit, asset } of resolved) {
      try {
        await tx.query(
          `INSERT INTO ledger_transfers (batch_id, debit_account, credit_account, asset, amount, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [batchId, debit, credit, asset, amount.toFixed(), now],
        );
      } catch (error) {
        if (isInsufficient(error)) throw refuse('insufficientBalance');
        throw error;
      }
    }
    // every user whose balance moved hears of it once committed, in the mode of the accounts that moved
    for (const ref of posting.moves.flatMap((m) => [m.from, m.to])) {
      if (ref.holder !== PLATFORM) pushToUser(tx, ref.holder, { action: actionForCause(posting.cause.type), mode: ref.mode, cause: posting.cause.type, id: posting.cause.id });
    }
    return { batchId, replayed: false };
  });
}

/** Whether an operation with this key has been posted (a retry can answer the first result without posting). */
export async function findBatch(db: Db, key: string): Promise<{ id: string; causeType: string; causeId: string } | undefined> {
  const { rows } = await db.query<{ id: string; causeType: string; causeId: string }>(
    'SELECT id, cause_type AS "causeType", cause_id AS "causeId" FROM ledger_batches WHERE idempotency_key = $1',
    [key],
  );
  return rows[0];
}

export interface Balance {
  wallet: UserWallet;
  asset: string;
  available: string;
  frozen: string;
  balance: string;
}

/** A holder's balances in one mode, one row per (wallet, asset) that has ever had an account. */
export async function balances(db: Db, holder: string, mode: Mode, wallet?: UserWallet): Promise<Balance[]> {
  const { rows } = await db.query<{ wallet: UserWallet; asset: string; available: string; frozen: string }>(
    `SELECT wallet, asset,
            COALESCE(SUM(balance) FILTER (WHERE part = 'available'), 0)::text AS available,
            COALESCE(SUM(balance) FILTER (WHERE part IN ('frozen', 'held')), 0)::text AS frozen
       FROM ledger_accounts
      WHERE holder = $1 AND mode = $2 AND ($3::text IS NULL OR wallet = $3)
      GROUP BY wallet, asset ORDER BY wallet, asset`,
    [holder, mode, wallet ?? null],
  );
  return rows.map((row) => ({
    ...row,
    available: normalize(row.available),
    frozen: normalize(row.frozen),
    balance: normalize(new Decimal(row.available).plus(row.frozen).toFixed()),
  }));
}

/** The available amount of one wallet and asset ("0" when it has never held any); a bucketed platform wallet's buckets summed. */
export async function available(db: Db, ref: Omit<AccountRef, 'part' | 'bucket'>): Promise<string> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT COALESCE(SUM(balance), 0)::text AS balance FROM ledger_accounts
      WHERE holder = $1 AND mode = $2 AND wallet = $3 AND asset = $4 AND part = 'available'`,
    [ref.holder, ref.mode, ref.wallet, ref.asset],
  );
  return normalize(rows[0]!.balance);
}

export interface AccountChange {
  id: string;
  wallet: string;
  asset: string;
  /** A named hold's 'held' part is shown as frozen. */
  part: 'available' | 'frozen';
  /** Signed: positive when the account was credited. */
  amount: string;
  causeType: string;
  causeId: string;
  counterparty: string;
  createdAt: Date;
}

/** Every change of a holder's accounts in one mode, newest first (the account change history). */
export async function accountChanges(
  db: Db,
  holder: string,
  mode: Mode,
  options: { wallet?: string | undefined; asset?: string | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: AccountChange[] }> {
  const where = `a.holder = $1 AND a.mode = $2 AND ($3::text IS NULL OR a.wallet = $3) AND ($4::text IS NULL OR a.asset = $4)`;
  const changes = `
    SELECT t.id, a.wallet, a.asset, a.part, t.amount AS amount, b.cause_type, b.cause_id, o.wallet AS counterparty, t.created_at
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account JOIN ledger_accounts o ON o.id = t.debit_account
      JOIN ledger_batches b ON b.id = t.batch_id WHERE ${where}
    UNION ALL
    SELECT t.id, a.wallet, a.asset, a.part, -t.amount AS amount, b.cause_type, b.cause_id, o.wallet AS counterparty, t.created_at
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account JOIN ledger_accounts o ON o.id = t.credit_account
      JOIN ledger_batches b ON b.id = t.batch_id WHERE ${where}`;
  const params = [holder, mode, options.wallet ?? null, options.asset ?? null];
  const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM (${changes}) c`, params);
  const { rows } = await db.query<AccountChange & { amount: string }>(
    `SELECT id, wallet, asset, CASE WHEN part = 'held' THEN 'frozen' ELSE part END AS part, amount::text AS amount, cause_type AS "causeType", cause_id AS "causeId",
            counterparty, created_at AS "createdAt"
       FROM (${changes}) c ORDER BY id DESC, amount DESC LIMIT $5 OFFSET $6`,
    [...params, options.limit, options.offset],
  );
  return { total: Number(total.rows[0]!.count), rows: rows.map((row) => ({ ...row, amount: normalize(row.amount) })) };
}

export interface VerifyReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  problems: string[];
}

/**
 * The ledger's invariants: every (mode, asset) sums to zero over all accounts, every stored balance equals its
 * credits minus its debits, and no user account is below zero. Used by `pnpm ops ledger verify` and by the tests
 * after every scenario.
 */
export async function verify(db: Db): Promise<VerifyReport> {
  const problems: string[] = [];
  const sums = await db.query<{ mode: string; asset: string; total: string }>(
    `SELECT mode, asset, SUM(balance)::text AS total FROM ledger_accounts GROUP BY mode, asset HAVING SUM(balance) <> 0`,
  );
  for (const row of sums.rows) problems.push(`${row.mode} ${row.asset} sums to ${normalize(row.total)}, not 0`);
  const drift = await db.query<{ id: string; holder: string; wallet: string; asset: string; balance: string; computed: string }>(
    `SELECT a.id, a.holder, a.wallet, a.asset, a.balance::text AS balance,
            (COALESCE(c.total, 0) - COALESCE(d.total, 0))::text AS computed
       FROM ledger_accounts a
       LEFT JOIN (SELECT credit_account AS id, SUM(amount) AS total FROM ledger_transfers GROUP BY credit_account) c ON c.id = a.id
       LEFT JOIN (SELECT debit_account AS id, SUM(amount) AS total FROM ledger_transfers GROUP BY debit_account) d ON d.id = a.id
      WHERE a.balance <> COALESCE(c.total, 0) - COALESCE(d.total, 0)`,
  );
  for (const row of drift.rows) {
    problems.push(`account ${row.id} (holder ${row.holder} ${row.wallet} ${row.asset}) holds ${normalize(row.balance)} but its transfers add up to ${normalize(row.computed)}`);
  }
  const negative = await db.query<{ id: string; balance: string }>(
    `SELECT id, balance::text AS balance FROM ledger_accounts WHERE holder <> 0 AND balance < 0`,
  );
  for (const row of negative.rows) problems.push(`user account ${row.id} is negative: ${normalize(row.balance)}`);
  problems.push(...(await heldWithoutHolds(db)));
  problems.push(...(await frozenWithoutOwners(db)));
  const counts = await db.query<{ accounts: string; transfers: string }>(
    `SELECT (SELECT count(*) FROM ledger_accounts)::text AS accounts, (SELECT count(*) FROM ledger_transfers)::text AS transfers`,
  );
  return { ok: problems.length === 0, accounts: Number(counts.rows[0]!.accounts), transfers: Number(counts.rows[0]!.transfers), problems };
}

/**
 * Every 'held' account equals the sum of its holder's open holds of that wallet and asset: money set aside by a
 * named hold is always attributable to one ('frozen' parts have their own check: frozenWithoutOwners).
 */
async function heldWithoutHolds(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ holder: string; mode: string; wallet: string; asset: string; held: string; holds: string }>(
    `SELECT holder::text AS holder, mode, wallet, asset, COALESCE(a.balance, 0)::text AS held, COALESCE(h.total, 0)::text AS holds
       FROM (SELECT holder, mode, wallet, asset, balance FROM ledger_accounts WHERE part = 'held') a
       FULL JOIN (SELECT user_id AS holder, mode, wallet, asset, SUM(amount - drawn) AS total FROM holds WHERE status = 'open'
                   GROUP BY user_id, mode, wallet, asset) h USING (holder, mode, wallet, asset)
      WHERE COALESCE(a.balance, 0) <> COALESCE(h.total, 0)`,
  );
  return rows.map((r) => `holder ${r.holder} ${r.mode} ${r.wallet} ${r.asset} holds ${normalize(r.held)} but its open holds add up to ${normalize(r.holds)}`);
}

/**
 * Every 'frozen' account equals what its owners hold (the view ledger_frozen_owners, migrations 0068 and 0069: an
 * open perpetual or forex position's margin): no frozen unit without a position behind it.
 */
async function frozenWithoutOwners(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ holder: string; mode: string; wallet: string; asset: string; frozen: string; owned: string }>(
    `SELECT holder::text AS holder, mode, wallet, asset, COALESCE(a.balance, 0)::text AS frozen, COALESCE(o.total, 0)::text AS owned
       FROM (SELECT holder, mode, wallet, asset, balance FROM ledger_accounts WHERE part = 'frozen') a
       FULL JOIN (SELECT holder, mode, wallet, asset, SUM(amount) AS total FROM ledger_frozen_owners GROUP BY holder, mode, wallet, asset) o
         USING (holder, mode, wallet, asset)
      WHERE COALESCE(a.balance, 0) <> COALESCE(o.total, 0)`,
  );
  return rows.map((r) => `holder ${r.holder} ${r.mode} ${r.wallet} ${r.asset} has ${normalize(r.frozen)} frozen but its positions hold ${normalize(r.owned)}`);
}

/** NUMERIC text without trailing zeros ("12.500000000000000000" → "12.5"). */
export function normalize(value: string): string {
  return new Decimal(value).toFixed();
}
