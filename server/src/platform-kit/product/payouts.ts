import type { Db } from '../../db/db.js';
import { lockAccount, normalize, post, type Mode, type UserWallet } from '../../modules/ledger/ledger.js';
import { Dec } from '../../modules/ledger/decimal.js';
import { appendReceipt } from '../../modules/trading/receipts.js';
import type { JobDefinition } from '../jobs/job-runner.js';
import { releaseHold } from './holds.js';
import { reserveAccount } from './reserves.js';
import type { FrozenTerms } from './terms.js';

/**
 * Payouts as jobs. A purchase schedules every payment its holding will receive, each computed by the product's
 * pure rule from the holding's frozen terms (no route, command or column lets anyone choose an amount); the
 * product.payouts job claims the due ones (FOR UPDATE SKIP LOCKED, so two runners never take the same one) and
 * pays each from the product's reserve in the job's transaction, under a ledger key per payout, with a receipt in
 * the platform's receipt chain. A crash before commit leaves nothing; a payout once paid is never paid again.
 */
export interface PlannedPayout {
  /** 1, 2, … within the holding. */
  seq: number;
  dueAt: Date;
  /** Paid from the reserve (may be "0" for a payment that only returns the principal). */
  amount: string;
  /** The principal comes back at this payout: the holding's hold is released with it. */
  releasesHold?: boolean;
}

/** A product's pure payout rule: the schedule of a holding, from its frozen terms, its amount and its start. */
export type PayoutRule<T extends object> = (terms: T, principal: string, start: Date) => PlannedPayout[];

export interface Holding<T extends object> {
  product: string;
  holding: { kind: string; id: string };
  userId: string;
  mode: Mode;
  wallet: UserWallet;
  asset: string;
  principal: string;
  start: Date;
  frozen: FrozenTerms<T>;
  /** The hold that sets the principal aside, released by the payout that returns it. */
  holdId?: string;
}

/** The schedule the rule gives, and what it adds to the product's liability (the reserve must cover it). */
export function planPayouts<T extends object>(holding: Holding<T>, rule: PayoutRule<T>): { plan: PlannedPayout[]; liability: string } {
  const plan = rule(holding.frozen.terms, holding.principal, holding.start);
  const liability = plan.reduce((sum, p) => sum.plus(p.amount), new Dec(0));
  for (const p of plan) if (new Dec(p.amount).isNegative()) throw new Error('a payout is never negative');
  return { plan, liability: liability.toFixed() };
}

/** Writes the holding's schedule (in the purchase's transaction). Scheduling a holding again changes nothing. */
export async function schedulePayouts<T extends object>(tx: Db, holding: Holding<T>, plan: PlannedPayout[], now: Date): Promise<void> {
  for (const p of plan) {
    await tx.query(
      `INSERT INTO product_payouts (product_kind, holding_kind, holding_id, seq, user_id, mode, wallet, asset, amount, release_hold_id, due_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (holding_kind, holding_id, seq) DO NOTHING`,
      [holding.product, holding.holding.kind, holding.holding.id, p.seq, holding.userId, holding.mode, holding.wallet, holding.asset, p.amount,
        p.releasesHold ? (holding.holdId ?? null) : null, p.dueAt, now],
    );
  }
}

export interface PayoutRow {
  id: string;
  productKind: string;
  holdingKind: string;
  holdingId: string;
  seq: number;
  userId: string;
  mode: Mode;
  wallet: UserWallet;
  asset: string;
  amount: string;
  releaseHoldId: string | null;
  dueAt: Date;
  status: 'pending' | 'paid' | 'cancelled';
  paidAt: Date | null;
  receiptSeq: string | null;
}

const COLUMNS = `id::text AS id, product_kind AS "productKind", holding_kind AS "holdingKind", holding_id AS "holdingId", seq,
  user_id::text AS "userId", mode, wallet, asset, amount::text AS amount, release_hold_id::text AS "releaseHoldId", due_at AS "dueAt", status,
  paid_at AS "paidAt", receipt_seq::text AS "receiptSeq"`;

const payout = (row: PayoutRow): PayoutRow => ({ ...row, seq: Number(row.seq), amount: normalize(row.amount) });

export async function payoutsOf(db: Db, holding: { kind: string; id: string }): Promise<PayoutRow[]> {
  const { rows } = await db.query<PayoutRow>(`SELECT ${COLUMNS} FROM product_payouts WHERE holding_kind = $1 AND holding_id = $2 ORDER BY seq`, [holding.kind, holding.id]);
  return rows.map(payout);
}

/**
 * Cancels the holdings' payouts still pending and due after `after` (a holding ended early: what it would have
 * been paid later is no longer owed, so it leaves the product's liability), in the caller's transaction. A payout
 * already due stays pending and is paid by the job: it was earned. Returns the cancelled payouts.
 */
export async function cancelFuturePayouts(tx: Db, holdings: { kind: string; id: string }[], after: Date, now: Date): Promise<PayoutRow[]> {
  if (!holdings.length) return [];
  const { rows } = await tx.query<PayoutRow>(
    `UPDATE product_payouts SET status = 'cancelled', cancelled_at = $3
      WHERE (holding_kind, holding_id) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND status = 'pending' AND due_at > $4
      RETURNING ${COLUMNS}`,
    [holdings.map((h) => h.kind), holdings.map((h) => h.id), now, after],
  );
  return rows.map(payout);
}

/** Pays one claimed payout (its row locked by the caller): reserve → user, the hold it releases, its receipt. */
async function payOne(tx: Db, p: PayoutRow, now: Date): Promise<void> {
  // the reserve before the user's accounts: the order a purchase's coverage check locks them in. A platform
  // account may go below zero in the ledger; a reserve must not: a short reserve fails the run (retried), it
  // never pays out money nobody funded.
  const reserve = await lockAccount(tx, reserveAccount(p.productKind, p.mode, p.asset));
  if (new Dec(reserve).lt(p.amount)) throw new Error(`reserve:${p.productKind} ${p.mode} ${p.asset} holds ${reserve}, short of payout ${p.id} (${p.amount})`);
  const user = { holder: p.userId, mode: p.mode, wallet: p.wallet, asset: p.asset };
  let batchId: string | null = null;
  if (new Dec(p.amount).gt(0)) {
    ({ batchId } = await post(tx, { key: `payout:${p.id}`, cause: { type: 'product-payout', id: p.id }, moves: [{ from: reserveAccount(p.productKind, p.mode, p.asset), to: user, amount: p.amount }] }, now));
  }
  const released = p.releaseHoldId ? await releaseHold(tx, p.releaseHoldId, now) : undefined;
  const receipt = await appendReceipt(tx, {
    kind: 'payout',
    ref: `payout:${p.id}`,
    payload: { product: p.productKind, holding: `${p.holdingKind}:${p.holdingId}`, seq: p.seq, user: p.userId, mode: p.mode, wallet: p.wallet, asset: p.asset,
      amount: p.amount, dueAt: p.dueAt.toISOString(), batch: batchId, releasedHold: released ? { id: released.id, amount: released.amount } : null },
  }, now);
  await tx.query(`UPDATE product_payouts SET status = 'paid', paid_at = $2, receipt_seq = $3 WHERE id = $1`, [p.id, now, receipt.seq]);
}

/**
 * Claims up to `limit` due payouts and pays them, in the caller's transaction (the job's): rows another runner is
 * paying are skipped, not waited for, and a row paid meanwhile is no longer pending. Returns the ids paid.
 */
export async function payDuePayouts(tx: Db, now: Date, limit = 100): Promise<string[]> {
  const { rows } = await tx.query<PayoutRow>(
    `SELECT ${COLUMNS} FROM product_payouts WHERE status = 'pending' AND due_at <= $1 ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
  for (const row of rows) await payOne(tx, payout(row), now);
  return rows.map((r) => r.id);
}

export const PAYOUT_JOB = 'product.payouts';

/** The recurring job of the kit: pays what is due, a batch per run (a backlog is drained by the next runs). */
export function payoutJob(clock: () => Date, everyMs = 60_000): JobDefinition {
  return { kind: PAYOUT_JOB, everyMs, run: ({ db }) => payDuePayouts(db, clock()) };
}
