import type { Db } from '../../db/db.js';
import { operatorError } from '../../http/refuse.js';
import { simulatedTxHash } from '../deposits/chain-address.js';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM } from '../ledger/ledger.js';
import { postHold, type HoldDestination } from '../../platform-kit/product/holds.js';
import { notify } from '../notifications/service.js';
import { holdOfWithdrawal, recordOf, release, type WithdrawalRecord } from './service.js';
import { addEvent, findWithdrawal, leavePending, listWithdrawals, type WithdrawalRow } from './storage.js';

/** Explains a refused decision: the withdrawal is unknown, or already in another state. */
async function refuseNotPending(tx: Db, id: string): Promise<never> {
  const found = await findWithdrawal(tx, id);
  throw operatorError(found ? `Withdrawal ${id} is ${found.status}, not pending` : `No withdrawal ${id}`);
}

// Operator decisions (pnpm ops withdraw:…), run in the transaction that also writes their audit row.

/** Every pending withdrawal, oldest first. */
export async function pendingWithdrawals(db: Db): Promise<WithdrawalRow[]> {
  return (await listWithdrawals(db, { status: 'pending', limit: 1000, offset: 0, oldestFirst: true })).rows;
}

/**
 * Approves a pending withdrawal and, the chain being simulated, pays it out at once: Approved then Completed with a
 * transaction hash. The held amount leaves the user (its hold is posted): amount after fee to the platform's chain account, the fee to
 * its fees account.
 */
export async function approveWithdrawal(db: Db, id: string, operator: string, now: Date): Promise<WithdrawalRecord> {
  return db.transaction(async (tx) => {
    const pending = await findWithdrawal(tx, id);
    const row = pending && (await leavePending(tx, id, { status: 'completed', txHash: simulatedTxHash(pending.chain) }, now));
    if (!row) return refuseNotPending(tx, id);
    await addEvent(tx, { withdrawalId: id, status: 'approved', actorKind: 'operator', actor: operator }, now);
    await addEvent(tx, { withdrawalId: id, status: 'completed', actorKind: 'system' }, now);
    const paid: HoldDestination[] = [{ to: { holder: PLATFORM, mode: 'real', wallet: 'chain', asset: row.asset }, amount: row.amountAfterFee }];
    if (new Dec(row.fee).gt(0)) paid.push({ to: { holder: PLATFORM, mode: 'real', wallet: 'fees', asset: row.asset }, amount: row.fee });
    await postHold(tx, (await holdOfWithdrawal(tx, id)).id, paid, now);
    await notify(tx, {
      userId: row.userId,
      kind: 'withdrawal.approved',
      params: { id, asset: row.asset, amount: row.amount, amountAfterFee: row.amountAfterFee, fee: row.fee, address: row.address, txHash: row.txHash ?? '' },
      title: 'Withdrawal sent',
      body: `Your withdrawal of ${row.amount} ${row.asset} was approved and ${row.amountAfterFee} ${row.asset} was sent to ${row.address} (transaction ${row.txHash}).`,
      ref: { type: 'withdrawal', id },
    }, now);
    return recordOf(tx, id);
  });
}

/** Rejects a pending withdrawal with a reason the user sees; the frozen amount returns to available. */
export async function rejectWithdrawal(db: Db, id: string, operator: string, reason: string, now: Date): Promise<WithdrawalRecord> {
  return db.transaction(async (tx) => {
    const row = await leavePending(tx, id, { status: 'rejected', reason }, now);
    if (!row) return refuseNotPending(tx, id);
    await addEvent(tx, { withdrawalId: id, status: 'rejected', actorKind: 'operator', actor: operator, reason }, now);
    await release(tx, row, now);
    await notify(tx, {
      userId: row.userId,
      kind: 'withdrawal.rejected',
      params: { id, asset: row.asset, amount: row.amount, reason },
      title: 'Withdrawal rejected',
      body: `Your withdrawal of ${row.amount} ${row.asset} was rejected: ${reason}. The amount is available in your platform wallet again.`,
      ref: { type: 'withdrawal', id },
    }, now);
    return recordOf(tx, id);
  });
}
