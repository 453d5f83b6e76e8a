import { outcomeOf, payoutOf, type SecondsPushAction } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { drawHold, holdOf, releaseHold } from '../../platform-kit/product/holds.js';
import type { TradingEngine } from '../trading/engine.js';
import { contractPayload, SECONDS_STAKE_HOLD, settlementMoves, tickPayload, type ContractRow } from './contract.js';
import type { RecordedTickRow } from './recorder.js';
import { contractById, firstTickFrom, insertRefund, lockDueContracts, markSettled, tickById } from './storage.js';
import { closesOnTime, SETTLE_BATCH, SETTLE_TOLERANCE_MS } from './terms.js';

export type ContractPush = (tx: Db, row: ContractRow, action: SecondsPushAction) => void;

/** The end of contracts: settlement on the price at expiry, or a refund when none was recorded. */
export function createSettlement(deps: { engine: TradingEngine; push: ContractPush }) {
  const { engine, push } = deps;

  /** The id of a contract's stake hold. */
  async function stakeHoldOf(tx: Db, row: ContractRow): Promise<string> {
    const hold = await holdOf(tx, { kind: 'seconds', id: row.id }, SECONDS_STAKE_HOLD);
    if (!hold) throw new Error(`seconds contract ${row.id} has no stake hold`);
    return hold.id;
  }

  /** Settles one locked open contract on its close tick, in the caller's transaction. */
  async function settleLocked(tx: Db, row: ContractRow, close: RecordedTickRow, now: Date): Promise<ContractRow> {
    const outcome = outcomeOf(row.direction, row.openPrice, close.price);
    const payout = payoutOf(outcome, row.stake, row.payoutRatio);
    // the settlement's batch draws the whole stake hold (posting it), with a win's payout from the desk alongside
    await drawHold(tx, await stakeHoldOf(tx, row), { key: `seconds-settle:${row.id}`, cause: { type: 'seconds', id: row.id }, moves: settlementMoves(row, outcome) }, now);
    const open = (await tickById(tx, row.openTickId))!;
    const receipt = await engine.appendReceipt(tx, {
      kind: 'seconds-settle',
      chain: row.symbol,
      ref: `seconds:${row.id}`,
      payload: {
        ...contractPayload(row),
        payoutRatio: row.payoutRatio, expiresAt: row.expiresAt.toISOString(), openTick: tickPayload(open), closeTick: tickPayload(close),
        outcome, payout,
      },
    });
    const stored = await markSettled(tx, row.id, { tickId: close.id, price: close.price, at: now, receiptSeq: receipt.seq });
    // the database derives outcome and payout from the prices on its own; both derivations must agree
    if (stored?.outcome !== outcome || !new Dec(stored.payout).eq(payout)) {
      throw new Error(`seconds contract ${row.id}: settlement disagrees with the database (${outcome} ${payout} vs ${stored?.outcome} ${stored?.payout})`);
    }
    const settled = (await contractById(tx, row.id))!;
    push(tx, settled, 'SECOND_CONTRACT_SETTLE');
    return settled;
  }

  /**
   * Refunds one locked open contract of which no tick was recorded within SETTLE_TOLERANCE_MS of its expiry: the stake
   * back from escrow, a receipt naming the first tick recorded after the window. The ledger key is the settlement's,
   * so a contract is paid out once, by a settlement or by a refund.
   */
  async function refundLocked(tx: Db, row: ContractRow, firstAfter: RecordedTickRow, now: Date): Promise<ContractRow> {
    await releaseHold(tx, await stakeHoldOf(tx, row), now, { ledgerKey: `seconds-settle:${row.id}` });
    const open = (await tickById(tx, row.openTickId))!;
    const receipt = await engine.appendReceipt(tx, {
      kind: 'seconds-refund',
      chain: row.symbol,
      ref: `seconds:${row.id}`,
      payload: {
        ...contractPayload(row),
        expiresAt: row.expiresAt.toISOString(), toleranceMs: SETTLE_TOLERANCE_MS, openTick: tickPayload(open), firstTickAfter: tickPayload(firstAfter),
        reason: 'noPriceAtExpiry', refund: row.stake,
      },
    });
    await insertRefund(tx, row.id, now, receipt.seq);
    const refunded = (await contractById(tx, row.id))!;
    push(tx, refunded, 'SECOND_CONTRACT_SETTLE');
    return refunded;
  }

  /**
   * Settles every open contract whose expiry has passed and whose symbol has a recorded tick at or after it, on
   * the first such tick when it lies within SETTLE_TOLERANCE_MS of the expiry, else refunds it; at most `limit` of
   * them (the rest at the next run). Runs in the job's transaction; the status condition, the row lock and the
   * ledger key make each settlement happen once.
   */
  async function settleDue(tx: Db, now: Date, limit = SETTLE_BATCH): Promise<number> {
    let settled = 0;
    for (const id of await lockDueContracts(tx, now, limit)) {
      const row = (await contractById(tx, id, true))!;
      if (row.status !== 'open' || row.refundedAt) continue;
      const first = (await firstTickFrom(tx, row.symbol, row.expiresAt))!;
      if (closesOnTime(first, row.expiresAt)) await settleLocked(tx, row, first, now);
      else await refundLocked(tx, row, first, now);
      settled++;
    }
    return settled;
  }

  return { settleDue };
}
