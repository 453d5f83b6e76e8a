import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import type { Mode } from '../ledger/ledger.js';
import { refuse } from '../trading/refusal.js';
import type { PerpContext } from './context.js';
import { crossStanding } from './cross.js';
import { legOf } from './liquidation-price.js';
import { openCrossPositions } from './position-storage.js';

/** The contract wallet's port (transfers and demo resets of the wallet module). */
export function createWalletHooks(ctx: PerpContext) {
  return {
    /**
     * Money may leave the contract wallet only while the cross equity stays above maintenance after it (a transfer
     * that would make the cross positions liquidatable is refused instead).
     */
    async beforeWithdraw(tx: Db, change: { userId: string; mode: Mode; asset: string; amount: string }): Promise<void> {
      if (change.asset !== 'USDT') return;
      const rows = await openCrossPositions(tx, change.userId, change.mode, true);
      if (!rows.length) return;
      const free = new Dec(await ctx.available(tx, change.userId, change.mode)).minus(change.amount);
      const { equity, maintenance } = crossStanding({ free: free.toFixed(), legs: rows.map(legOf) }, (symbol) => ctx.engine.tick(symbol));
      if (equity.lte(maintenance)) throw refuse('transferBelowMaintenance', { maintenance: maintenance.toFixed() });
    },

    /** After the wallet module moved the contract wallet's USDT: the cross liquidation prices follow, in its transaction. */
    async walletChanged(tx: Db, change: { userId: string; mode: Mode; asset: string }): Promise<void> {
      if (change.asset === 'USDT') await ctx.seams.liquidation.refreshCross(tx, change.userId, change.mode);
    },
  };
}
