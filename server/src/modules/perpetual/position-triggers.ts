import type { Db } from '../../db/db.js';
import { AppError } from '../../http/envelope.js';
import type { AuthUser } from '../identity/auth.js';
import type { Tick } from '../market/feed/port.js';
import type { StoredTrigger, TriggerOutcome } from '../trading/triggers.js';
import { OWNERS, type PerpContext } from './context.js';
import { lockPosition, ownOpenPosition, setPositionTrigger, setTpSlPrices } from './position-storage.js';
import { markOf, type PositionRow } from './storage.js';
import { checkStopLossBeforeLiquidation, checkTriggers } from './tpsl-rules.js';

/** A position's take-profit, stop-loss and liquidation triggers in the engine's trigger book. */
export function createPositionTriggers(ctx: PerpContext) {
  const { engine } = ctx;

  /** Replaces a position's TP, SL or liquidation trigger (null: none). */
  async function setTrigger(tx: Db, pos: PositionRow, which: 'tp' | 'sl' | 'liq', price: string | null): Promise<string | null> {
    const current = { tp: pos.tpTriggerId, sl: pos.slTriggerId, liq: pos.liqTriggerId }[which];
    if (current) await engine.triggers.cancel(tx, current);
    let id: string | null = null;
    if (price !== null) {
      // long: TP when the mark rises to it, SL and liquidation when it falls to them; short the other way
      const rising = (which === 'tp') === (pos.side === 'long');
      const owner = { tp: OWNERS.takeProfit, sl: OWNERS.stopLoss, liq: OWNERS.liquidation }[which];
      const trigger = await engine.triggers.add(tx, { owner, ref: pos.id, mode: pos.mode, symbol: pos.symbol, direction: rising ? 'gte' : 'lte', watch: 'mark', price });
      id = trigger.id;
    }
    await setPositionTrigger(tx, pos.id, which, id);
    return id;
  }

  /** A TP or SL the mark reached: the whole position closes as a market order would. */
  const positionHandler = (kind: 'take_profit' | 'stop_loss') => async (tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> => {
    const pos = await lockPosition(tx, trigger.ref);
    if (!pos || pos.status !== 'open') return 'fired';
    try {
      await ctx.seams.closing.closeLocked(tx, pos, pos.quantity, kind, tick, now, `perp-${kind}:${trigger.id}`);
    } catch (error) {
      // a book too thin for the whole size refuses it as it refuses a manual close: nothing moves, the trigger stays
      // pending and the next crossing tick (a new book) tries again; liquidation still guards the margin meanwhile
      if (error instanceof AppError && error.reason === 'insufficientDepth') return 'skip';
      throw error;
    }
    return 'fired';
  };

  engine.triggers.register(OWNERS.takeProfit, positionHandler('take_profit'));
  engine.triggers.register(OWNERS.stopLoss, positionHandler('stop_loss'));

  return {
    setTrigger,

    /** The user's change of an open position's TP and SL (null: none). */
    async setTpSl(user: AuthUser, input: { positionId: string; takeProfit: string | null; stopLoss: string | null }): Promise<PositionRow> {
      return ctx.db.transaction(async (tx) => {
        const pos = await ownOpenPosition(tx, user, input.positionId);
        const terms = ctx.termsOf(pos.symbol);
        for (const p of [input.takeProfit, input.stopLoss]) if (p !== null) engine.checkPrice(terms, p);
        checkTriggers(pos.side, markOf(ctx.tickOf(pos.symbol), pos.entryPrice), input.takeProfit, input.stopLoss);
        checkStopLossBeforeLiquidation(pos.side, input.stopLoss, pos.liquidationPrice);
        await setTrigger(tx, pos, 'tp', input.takeProfit);
        await setTrigger(tx, (await lockPosition(tx, pos.id))!, 'sl', input.stopLoss);
        await setTpSlPrices(tx, pos.id, input.takeProfit, input.stopLoss);
        ctx.push(tx, user.id, user.mode, 'POSITION_UPDATE', { symbol: pos.symbol, positionId: pos.id });
        return (await lockPosition(tx, pos.id))!;
      });
    },
  };
}

export type PositionTriggers = ReturnType<typeof createPositionTriggers>;
