import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { available, PLATFORM, type Mode } from '../ledger/ledger.js';
import { settleFunding, type FundingSettlement } from './settlement.js';

/**
 * The floor below which operators are alerted when no `pnpm ops insurance:floor` has set one for the mode (USDT;
 * server README, Insurance fund and auto-deleveraging).
 */
export const DEFAULT_INSURANCE_FLOOR = '10000';

const fundRef = (mode: Mode) => ({ holder: PLATFORM, mode, wallet: 'insurance' as const, asset: 'USDT' });

/** The fund's balance ("0" before it was ever funded). */
export const fundBalance = (q: Db, mode: Mode): Promise<string> => available(q, fundRef(mode));

/**
 * The fund's balance, its account row locked for the rest of the transaction: two liquidations at once must not
 * both count on the same balance (the fund never goes below zero). Taken only when a close has a shortfall, so
 * ordinary closes never queue on the fund's row. With it are locked every account the settlement's posting moves
 * (the user's contract USDT, the broker's and the fund's), in id order as post() locks them: locking the fund
 * first alone would hold it while waiting for the broker, which a liquidation paying into the fund (broker, then
 * fund) could hold while waiting for the fund — a deadlock. The broker is every bucket of it (ledger.ts
 * BUCKETED_WALLETS: which one the posting takes is the ledger's choice); the fund itself is one account.
 */
export async function lockedFund(tx: Db, mode: Mode, userId: string): Promise<string> {
  const { rows } = await tx.query<{ wallet: string; balance: string }>(
    `SELECT wallet, trim_scale(balance)::text AS balance FROM ledger_accounts
      WHERE mode = $2 AND asset = 'USDT'
        AND ((holder = $1 AND wallet IN ('insurance', 'broker') AND part = 'available') OR (holder = $3 AND wallet = 'contract'))
      ORDER BY id FOR UPDATE`,
    [PLATFORM, mode, userId],
  );
  return rows.find((row) => row.wallet === 'insurance')?.balance ?? '0';
}

/** The alert floor of a mode: the operator's, else the default. */
export async function floorOf(q: Db, mode: Mode): Promise<string> {
  const { rows } = await q.query<{ floor: string }>('SELECT trim_scale(floor)::text AS floor FROM insurance_floors WHERE mode = $1', [mode]);
  return rows[0]?.floor ?? DEFAULT_INSURANCE_FLOOR;
}

/**
 * After the fund paid a shortfall (`before` → now): when that took it from at or above its floor to below it,
 * an alert row operators read (`pnpm ops insurance:status`) and a warning in the server log. Once per crossing,
 * so a run of liquidations below the floor does not repeat it; a top-up above the floor re-arms it.
 */
export async function alertBelowFloor(tx: Db, input: { mode: Mode; before: string; positionId: string; now: Date; log?: FastifyBaseLogger | undefined }): Promise<boolean> {
  const floor = await floorOf(tx, input.mode);
  const balance = await fundBalance(tx, input.mode);
  if (new Dec(balance).gte(floor) || new Dec(input.before).lt(floor)) return false;
  await tx.query('INSERT INTO insurance_alerts (mode, balance, floor, position_id, created_at) VALUES ($1, $2, $3, $4, $5)', [input.mode, balance, floor, input.positionId, input.now]);
  input.log?.warn({ mode: input.mode, balance, floor, positionId: input.positionId }, 'insurance fund below its floor');
  return true;
}

/** settleFunding with the fund capped at its (locked) balance when the payment has a shortfall (the fund never goes below zero). */
export async function settleFundingCovered(tx: Db, input: Parameters<typeof settleFunding>[0]): Promise<FundingSettlement> {
  const plain = settleFunding(input);
  return plain.shortfall.lte(0) ? plain : settleFunding({ ...input, insurance: await lockedFund(tx, input.mode, input.userId) });
}
