import { createHmac } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import type { AuthUser } from '../identity/auth.js';
import { normalize } from '../ledger/ledger.js';
import { CHAINS, CURRENCIES, findChain, findCurrency } from '../wallet/currencies.js';
import { parseCurrencyAmount } from '../wallet/service.js';
import { addressKey, renderAddress } from './chain-address.js';
import { depositAddress, recordBackofficeDeposit, requiredConfirmations, type DepositSettings } from './service.js';

/** Further addresses one user may keep per coin and chain (besides the primary one). */
export const MAX_EXTRA_ADDRESSES = 9;

interface AddressRow { id: string; asset: string; chain: string; address: string; label: string; slot: number; createdAt: Date }
interface ReportRow { id: string; userId: string; asset: string; chain: string; txHash: string; amount: string; status: 'pending' | 'confirmed' | 'rejected'; reason: string; createdAt: Date; decidedAt: Date | null }

const ADDRESS = `id::text AS id, asset, chain, address, label, slot, created_at AS "createdAt"`;
const REPORT = `id::text AS id, user_id::text AS "userId", asset, chain, tx_hash AS "txHash", amount::text AS amount, status, reason, created_at AS "createdAt", decided_at AS "decidedAt"`;

const addressView = (r: AddressRow) => ({ id: r.id, asset: r.asset, chain: r.chain, chainName: CHAINS[r.chain]?.name ?? r.chain, address: r.address, label: r.label, primary: r.slot === 0, createdAt: r.createdAt });
export const reportView = (r: ReportRow) => ({ id: r.id, asset: r.asset, chain: r.chain, txHash: r.txHash, amount: normalize(r.amount), status: r.status, reason: r.reason, createdAt: r.createdAt, decidedAt: r.decidedAt });

/** The address of a further slot: derived like the primary one, with the slot in the derivation. */
const slotAddress = (secret: string, userId: string, asset: string, chain: string, slot: number) =>
  renderAddress(chain, createHmac('sha256', secret).update(`${userId}|${asset}|${chain}|slot:${slot}`).digest());

function requireReal(user: Pick<AuthUser, 'mode'>): void {
  // Deposits belong to the real account (as deposit-address-new).
  if (user.mode !== 'real') throw refuse('depositRealOnly');
}

/** userrechange/*: chains and coins, a user's labelled addresses, and manual deposit reports. */
export function createAddressBook(deps: { db: Db; clock: () => Date; settings: DepositSettings }) {
  const { db, clock, settings } = deps;

  async function own(userId: string, id: string): Promise<AddressRow> {
    const { rows } = await db.query<AddressRow>(`SELECT ${ADDRESS} FROM deposit_addresses WHERE id = $1 AND user_id = $2 AND removed_at IS NULL`, [id, userId]);
    if (!rows[0]) throw refuse('notFound');
    return rows[0];
  }

  return {
    chains: () => Object.values(CHAINS).map((c) => ({ id: c.id, name: c.name, confirmations: requiredConfirmations(c.id, settings) })),
    coins: () => CURRENCIES.map((c) => ({ asset: c.asset, name: c.name, chains: [...c.chains] })),

    async list(user: AuthUser, filter: { asset?: string | undefined; chain?: string | undefined }) {
      requireReal(user);
      if (filter.asset) {
        // the primary address of the coin's chain exists from the first look
        await depositAddress(db, settings, user.id, { asset: filter.asset, ...(filter.chain ? { chain: filter.chain } : {}) }, clock());
      }
      const asset = filter.asset ? findCurrency(filter.asset).asset : null;
      const { rows } = await db.query<AddressRow>(
        `SELECT ${ADDRESS} FROM deposit_addresses WHERE user_id = $1 AND removed_at IS NULL AND ($2::text IS NULL OR asset = $2) AND ($3::text IS NULL OR chain = $3)
         ORDER BY asset, chain, slot`,
        [user.id, asset, filter.chain?.toUpperCase() ?? null],
      );
      return rows.map(addressView);
    },

    async create(user: AuthUser, input: { asset: string; chain: string; label?: string | undefined }) {
      requireReal(user);
      const currency = findCurrency(input.asset);
      const chain = findChain(currency, input.chain);
      await depositAddress(db, settings, user.id, { asset: currency.asset, chain: chain.id }, clock());
      return db.transaction(async (tx) => {
        // one user's creations one at a time (the slot is the next free one)
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const { rows: used } = await tx.query<{ n: string; top: string }>(
          `SELECT count(*) FILTER (WHERE removed_at IS NULL AND slot > 0)::text AS n, max(slot)::text AS top FROM deposit_addresses WHERE user_id = $1 AND asset = $2 AND chain = $3`,
          [user.id, currency.asset, chain.id],
        );
        if (Number(used[0]!.n) >= MAX_EXTRA_ADDRESSES) throw refuse('tooManyAddresses', { max: MAX_EXTRA_ADDRESSES + 1 });
        const slot = Number(used[0]!.top ?? 0) + 1;
        const address = slotAddress(settings.addressSecret, user.id, currency.asset, chain.id, slot);
        const { rows } = await tx.query<AddressRow>(
          `INSERT INTO deposit_addresses (user_id, asset, chain, address, address_key, created_at, slot, label) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ADDRESS}`,
          [user.id, currency.asset, chain.id, address, addressKey(chain.id, address), clock(), slot, input.label?.trim() ?? ''],
        );
        return addressView(rows[0]!);
      });
    },

    async update(user: AuthUser, id: string, label: string) {
      await own(user.id, id);
      const { rows } = await db.query<AddressRow>(`UPDATE deposit_addresses SET label = $3 WHERE id = $1 AND user_id = $2 RETURNING ${ADDRESS}`, [id, user.id, label.trim()]);
      return addressView(rows[0]!);
    },

    /** Hidden from the list, never deleted: a deposit sent to it later still finds its owner. */
    async remove(user: AuthUser, id: string) {
      const row = await own(user.id, id);
      if (row.slot === 0) throw refuse('invalidRequest');
      await db.query(`UPDATE deposit_addresses SET removed_at = $3 WHERE id = $1 AND user_id = $2`, [id, user.id, clock()]);
      return { id };
    },

    /** The user's reports, newest first: what they said, and what staff decided. */
    async reports(user: AuthUser) {
      const { rows } = await db.query<ReportRow>(`SELECT ${REPORT} FROM deposit_reports WHERE user_id = $1 ORDER BY id DESC LIMIT 50`, [user.id]);
      return rows.map(reportView);
    },

    async report(user: AuthUser, input: { asset: string; chain: string; txHash: string; amount: string }) {
      requireReal(user);
      const currency = findCurrency(input.asset);
      const chain = findChain(currency, input.chain);
      const amount = parseCurrencyAmount(currency.asset, input.amount);
      const { rows } = await db.query<ReportRow>(
        `INSERT INTO deposit_reports (user_id, asset, chain, tx_hash, amount, status, created_at) VALUES ($1, $2, $3, $4, $5, 'pending', $6)
         ON CONFLICT (user_id, chain, tx_hash) DO NOTHING RETURNING ${REPORT}`,
        [user.id, currency.asset, chain.id, input.txHash, amount, clock()],
      );
      if (!rows[0]) throw refuse('depositReportExists');
      return reportView(rows[0]);
    },
  };
}

export async function pendingReports(db: Db): Promise<ReportRow[]> {
  return (await db.query<ReportRow>(`SELECT ${REPORT} FROM deposit_reports WHERE status = 'pending' ORDER BY id`)).rows;
}

/**
 * An operator's decision on a report, once (it must be pending): confirmed, a back-office deposit with the report
 * as its evidence credits the user (the ledger's once-only key is that deposit's); rejected, nothing moves.
 */
export async function decideReport(db: Db, id: string, decision: 'confirm' | 'reject', reason: string, operator: string, now: Date) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ReportRow>(`SELECT ${REPORT} FROM deposit_reports WHERE id = $1 FOR UPDATE`, [id]);
    const report = rows[0];
    if (!report) throw new Error(`No deposit report ${id}`);
    if (report.status !== 'pending') throw new Error(`Deposit report ${id} is already ${report.status}`);
    let depositId: string | null = null;
    if (decision === 'confirm') {
      const deposit = await recordBackofficeDeposit(tx, { userId: report.userId, asset: report.asset, amount: normalize(report.amount), evidence: `report ${id}: ${report.chain} ${report.txHash}`, operator }, now);
      depositId = String(deposit.id);
    }
    const updated = await tx.query<ReportRow>(
      `UPDATE deposit_reports SET status = $2, reason = $3, decided_at = $4, decided_by = $5, deposit_id = $6 WHERE id = $1 RETURNING ${REPORT}`,
      [id, decision === 'confirm' ? 'confirmed' : 'rejected', reason, now, operator, depositId],
    );
    return { ...updated.rows[0]!, depositId };
  });
}
