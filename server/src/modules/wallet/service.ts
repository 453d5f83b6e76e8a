import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { Dec } from '../ledger/decimal.js';
import {
  accountChanges,
  available,
  balances,
  normalize,
  parseAmount,
  PLATFORM,
  post,
  USER_WALLETS,
  WALLET_TYPE,
  type Mode,
  type UserWallet,
} from '../ledger/ledger.js';
import { idempotent, rowOfKey } from '../../platform-kit/idempotent.js';
import { CURRENCIES, findCurrency } from './currencies.js';

export interface WalletDeps {
  db: Db;
  clock: () => Date;
  /** The live USDT price of one unit of an asset (from the market feed), or undefined when the market has none. */
  priceInUsdt: (asset: string) => string | undefined;
  /** The virtual USDT a demo account starts with and gets back on reset. */
  demoBalance: string;
}

/** A wallet given by name ("spot") or by the spec's numeric account type ("2"); "Unknown wallet" otherwise. */
export function parseWallet(value: unknown): UserWallet {
  const text = String(value ?? '').trim().toLowerCase();
  const byName = USER_WALLETS.find((w) => w === text);
  const byType = USER_WALLETS.find((w) => String(WALLET_TYPE[w]) === text);
  const wallet = byName ?? byType;
  if (!wallet) throw refuse('unknownWallet');
  return wallet;
}

/** An amount in a currency: positive, at most 1e17, and no finer than the currency's decimals. */
export function parseCurrencyAmount(asset: string, value: unknown): string {
  const amount = parseAmount(value);
  if (amount.decimalPlaces() > findCurrency(asset).scale) throw refuse('invalidAmount');
  return amount.toFixed();
}

export interface AssetRow {
  asset: string;
  name: string;
  available: string;
  frozen: string;
  balance: string;
  /** The balance valued in USDT at the live price (2 decimals are for display; this is exact to 8). */
  valueUsdt: string;
}

export interface WalletView {
  wallet: UserWallet;
  accountType: number;
  totalUsdt: string;
  assets: AssetRow[];
}

export interface TransferRecord {
  id: string;
  fromWallet: UserWallet;
  toWallet: UserWallet;
  asset: string;
  amount: string;
  createdAt: Date;
}

/** Money of one asset that moved in or out of a user's wallet by a transfer or a demo reset. */
const TRANSFER_COLUMNS = 'id, from_wallet AS "fromWallet", to_wallet AS "toWallet", asset, amount::text AS amount, created_at AS "createdAt"';

export interface WalletChange {
  userId: string;
  mode: Mode;
  asset: string;
  /** Positive: what moved (in or out). */
  amount: string;
}

/**
 * A module that backs something with a wallet's balance (the perpetual module: cross positions on the contract
 * wallet) registers its rules here, so the wallet module depends on nothing of it. Both run in the transfer's
 * transaction: `beforeWithdraw` may refuse money leaving the wallet, `changed` follows a move in or out.
 */
export interface WalletWatcher {
  wallet: UserWallet;
  beforeWithdraw?(tx: Db, change: WalletChange): Promise<void>;
  changed?(tx: Db, change: WalletChange): Promise<void>;
}

export function createWallets(deps: WalletDeps) {
  const { db, clock } = deps;
  const watchers: WalletWatcher[] = [];
  const watching = (wallet: UserWallet) => watchers.filter((w) => w.wallet === wallet);

  const value = (asset: string, amount: string): string => {
    const price = asset === 'USDT' ? '1' : deps.priceInUsdt(asset);
    return price ? new Dec(amount).times(price).toDecimalPlaces(8, Dec.ROUND_DOWN).toFixed() : '0';
  };

  /** A demo account's first virtual balance, issued on its first demo request (once: the generation is unique). */
  async function ensureDemoIssued(userId: string): Promise<void> {
    const issued = await db.query('SELECT 1 FROM demo_issues WHERE user_id = $1 LIMIT 1', [userId]);
    if (issued.rows.length) return;
    await issueDemo(userId, 1).catch((error: { code?: string }) => {
      // A concurrent first request issued it.
      if (error?.code !== '23505' && !/demo_issues_user_id_generation_key|unique/i.test(String((error as Error).message))) throw error;
    });
  }

  async function issueDemo(userId: string, generation: number): Promise<void> {
    await db.transaction(async (tx) => {
      const now = clock();
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO demo_issues (user_id, generation, amount, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
        [userId, generation, deps.demoBalance, now],
      );
      await post(tx, {
        key: `demo-issue:${userId}:${generation}`,
        cause: { type: 'demo_issue', id: rows[0]!.id },
        moves: [{ from: { holder: PLATFORM, mode: 'demo', wallet: 'demo', asset: 'USDT' }, to: { holder: userId, mode: 'demo', wallet: 'platform', asset: 'USDT' }, amount: deps.demoBalance }],
      }, now);
    });
  }

  return {
    ensureDemoIssued,

    /** Registers another module's rules on a wallet (see WalletWatcher). */
    watch(watcher: WalletWatcher): void {
      watchers.push(watcher);
    },

    /** Every wallet of the user in this mode, with each asset it holds (USDT always listed), valued in USDT. */
    async overview(userId: string, mode: Mode): Promise<{ totalUsdt: string; wallets: WalletView[] }> {
      if (mode === 'demo') await ensureDemoIssued(userId);
      const rows = await balances(db, userId, mode);
      const wallets = USER_WALLETS.map((wallet): WalletView => {
        const held = rows.filter((r) => r.wallet === wallet);
        if (!held.some((r) => r.asset === 'USDT')) held.unshift({ wallet, asset: 'USDT', available: '0', frozen: '0', balance: '0' });
        const assets = held.map((r) => ({
          asset: r.asset,
          name: CURRENCIES.find((c) => c.asset === r.asset)?.name ?? r.asset,
          available: r.available,
          frozen: r.frozen,
          balance: r.balance,
          valueUsdt: value(r.asset, r.balance),
        }));
        const total = assets.reduce((sum, a) => sum.plus(a.valueUsdt), new Dec(0));
        return { wallet, accountType: WALLET_TYPE[wallet], totalUsdt: total.toFixed(), assets };
      });
      const totalUsdt = wallets.reduce((sum, w) => sum.plus(w.totalUsdt), new Dec(0)).toFixed();
      return { totalUsdt, wallets };
    },

    async available(userId: string, mode: Mode, wallet: UserWallet, asset: string): Promise<string> {
      if (mode === 'demo') await ensureDemoIssued(userId);
      return available(db, { holder: userId, mode, wallet, asset: findCurrency(asset).asset });
    },

    /**
     * Moves an amount between two of the user's wallets. requestId makes a retry answer the first transfer
     * instead of moving the money twice.
     */
    async transfer(
      userId: string,
      mode: Mode,
      input: { fromWallet: unknown; toWallet: unknown; asset: unknown; amount: unknown; requestId: string },
    ): Promise<TransferRecord> {
      const fromWallet = parseWallet(input.fromWallet);
      const toWallet = parseWallet(input.toWallet);
      if (fromWallet === toWallet) throw refuse('sameWallet');
      const asset = findCurrency(input.asset).asset;
      const amount = parseCurrencyAmount(asset, input.amount);
      if (mode === 'demo') await ensureDemoIssued(userId);
      const { requestId, ...request } = input;
      const call = await idempotent<TransferRecord>(db, clock, {
        key: { scope: 'transfer', userId, mode, requestId },
        request: { ...request, mode },
        replay: rowOfKey(`SELECT ${TRANSFER_COLUMNS} FROM wallet_transfers WHERE request_key = $1`, (row: TransferRecord) => ({ ...row, amount: normalize(row.amount) })),
      });
      if (call.first) return call.first;
      const requestKey = call.key;
      return call.transaction(async (tx, now) => {
        const inserted = await tx.query<TransferRecord>(
          `INSERT INTO wallet_transfers (user_id, mode, from_wallet, to_wallet, asset, amount, request_key, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${TRANSFER_COLUMNS}`,
          [userId, mode, fromWallet, toWallet, asset, amount, requestKey, now],
        );
        const record = inserted.rows[0]!;
        const change = { userId, mode, asset, amount };
        for (const w of watching(fromWallet)) await w.beforeWithdraw?.(tx, change);
        await post(tx, {
          key: requestKey,
          cause: { type: 'transfer', id: record.id },
          moves: [{ from: { holder: userId, mode, wallet: fromWallet, asset }, to: { holder: userId, mode, wallet: toWallet, asset }, amount }],
        }, now);
        for (const w of [...watching(fromWallet), ...watching(toWallet)]) await w.changed?.(tx, change);
        return { ...record, amount: normalize(record.amount) };
      });
    },

    async transferLog(userId: string, mode: Mode, page: { limit: number; offset: number }): Promise<{ total: number; rows: TransferRecord[] }> {
      const total = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM wallet_transfers WHERE user_id = $1 AND mode = $2', [userId, mode]);
      const { rows } = await db.query<TransferRecord>(
        `SELECT ${TRANSFER_COLUMNS} FROM wallet_transfers WHERE user_id = $1 AND mode = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
        [userId, mode, page.limit, page.offset],
      );
      return { total: Number(total.rows[0]!.count), rows: rows.map((r) => ({ ...r, amount: normalize(r.amount) })) };
    },

    changes(userId: string, mode: Mode, options: { wallet?: string | undefined; asset?: string | undefined; limit: number; offset: number }) {
      return accountChanges(db, userId, mode, {
        ...options,
        wallet: options.wallet ? parseWallet(options.wallet) : undefined,
        // any asset the ledger may hold (a token offering's token is not a deposit currency): an unknown one has no
        // changes, it is not refused (the call's contract lists no such refusal)
        asset: options.asset ? options.asset.trim().toUpperCase() : undefined,
      });
    },

    /**
     * Gives a demo account a fresh start: every available demo balance goes back to the demo issuer and the
     * starting balance is issued again. Real money is never touched (the ledger refuses mixing modes).
     */
    async resetDemo(userId: string): Promise<void> {
      await ensureDemoIssued(userId);
      await db.transaction(async (tx) => {
        const now = clock();
        const last = await tx.query<{ generation: number }>('SELECT max(generation) AS generation FROM demo_issues WHERE user_id = $1', [userId]);
        const generation = Number(last.rows[0]!.generation) + 1;
        const held = (await balances(tx, userId, 'demo')).filter((r) => new Dec(r.available).gt(0));
        const { rows } = await tx.query<{ id: string }>(
          'INSERT INTO demo_issues (user_id, generation, amount, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
          [userId, generation, deps.demoBalance, now],
        );
        const issue = rows[0]!.id;
        const demoIssuer = (asset: string) => ({ holder: PLATFORM, mode: 'demo' as const, wallet: 'demo' as const, asset });
        await post(tx, {
          key: `demo-issue:${userId}:${generation}`,
          cause: { type: 'demo_reset', id: issue },
          moves: [
            ...held.map((r) => ({ from: { holder: userId, mode: 'demo' as const, wallet: r.wallet, asset: r.asset }, to: demoIssuer(r.asset), amount: r.available })),
            { from: demoIssuer('USDT'), to: { holder: userId, mode: 'demo', wallet: 'platform', asset: 'USDT' }, amount: deps.demoBalance },
          ],
        }, now);
        // a reset empties every wallet (a reset is never refused: demo money is the user's to throw away)
        for (const r of held) for (const w of watching(r.wallet)) await w.changed?.(tx, { userId, mode: 'demo', asset: r.asset, amount: r.available });
      });
    },
  };
}

export type Wallets = ReturnType<typeof createWallets>;
