import type { PerpSide } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import { refuse } from '../trading/refusal.js';

/** TP above and SL below the mark for a long; the other way for a short. */
export function checkTriggers(side: PerpSide, mark: string, takeProfit: string | null | undefined, stopLoss: string | null | undefined): void {
  const m = new Dec(mark);
  if (takeProfit != null) {
    if (side === 'long' && !new Dec(takeProfit).gt(m)) throw refuse('takeProfitAboveMark', { mark });
    if (side === 'short' && !new Dec(takeProfit).lt(m)) throw refuse('takeProfitBelowMark', { mark });
  }
  if (stopLoss != null) {
    if (side === 'long' && !new Dec(stopLoss).lt(m)) throw refuse('stopLossBelowMark', { mark });
    if (side === 'short' && !new Dec(stopLoss).gt(m)) throw refuse('stopLossAboveMark', { mark });
  }
}

/**
 * A stop-loss past the liquidation price (at or below it on a long, at or above it on a short) could never fire:
 * the position is liquidated first. Refused, naming the liquidation price (none: nothing to check).
 */
export function checkStopLossBeforeLiquidation(side: PerpSide, stopLoss: string | null | undefined, liquidation: string | null): void {
  if (stopLoss == null || liquidation === null) return;
  if (side === 'long' && new Dec(stopLoss).lte(liquidation)) throw refuse('stopLossAboveLiquidation', { liquidation });
  if (side === 'short' && new Dec(stopLoss).gte(liquidation)) throw refuse('stopLossBelowLiquidation', { liquidation });
}
