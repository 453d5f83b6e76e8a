import { exposure, type PerpSide } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { post } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import type { TradingEngine } from '../trading/engine.js';
import { evidencePayload, type Evidence } from '../trading/evidence.js';
import { refuse } from '../trading/refusal.js';
import { createAdl, type AdlFill } from './adl.js';
import type { PerpContext } from './context.js';
import { bookSide } from './order-plan.js';
import { closedByRequest, insertCloseFill, insertLiquidation, lockPosition, ownOpenPosition, positionById, reducePosition, reversedByRequest } from './position-storage.js';
import { markOf, type PositionRow } from './storage.js';

export type CloseKind = 'close' | 'take_profit' | 'stop_loss' | 'liquidation' | 'reverse' | 'adl';
const CLOSE_TYPE: Record<CloseKind, string> = { close: 'manual', take_profit: 'take_profit', stop_loss: 'stop_loss', liquidation: 'liquidation', reverse: 'reverse', adl: 'adl' };

/**
 * A fill's evidence when it used the mark (liquidation), not a side of the book: `levels` are the book levels the
 * same size takes walking the depth (what the desk closes it against), shown beside the mark the accounting uses.
 */
export function markEvidence(engine: TradingEngine, tick: Tick, levels: [string, string][] = []): Omit<Evidence, 'sideUsed'> & { sideUsed: 'last' } {
  return { ...engine.evidenceOf(tick, 'buy', levels), sideUsed: 'last' };
}

/** Closing and reversing a position: the user's close and reverse, and the close every trigger and ADL uses. */
export function createClosing(ctx: PerpContext) {
  const { engine } = ctx;
  // the insurance fund's cap, its floor alert and auto-deleveraging (adl.ts); an ADL close is a close of this engine
  const adl = createAdl({ engine, log: ctx.log, close: (tx, pos, quantity, tick, now, key, at) => closeLocked(tx, pos, quantity, 'adl', tick, now, key, at) });

  /** Closes `quantity` of a locked open position, in the caller's transaction (`at`: an ADL close's price and evidence). */
  async function closeLocked(tx: Db, pos: PositionRow, quantity: string, kind: CloseKind, tick: Tick, now: Date, requestKey: string, at?: AdlFill): Promise<PositionRow> {
    const liquidation = kind === 'liquidation';
    const take = bookSide(pos.side, false);
    // every close but a liquidation is a market order walking the depth it takes (a close the user asks for, a
    // reverse, a TP or SL alike: the same size closes at the same price whatever triggered it; TP/SL at the top of
    // the book filled a large size better than the book). A liquidation closes at the mark, the rule the bankruptcy
    // accounting rests on, and its evidence lists the levels the same size takes walking the book.
    // an ADL close is at the bankrupt position's bankruptcy price, fee-free, its evidence saying so
    const fill = liquidation || at ? null : ctx.marketFill(pos.symbol, take, quantity, pos.priceDecimals);
    const price = fill?.price ?? at?.price ?? markOf(tick, pos.entryPrice);
    const evidence = fill ? engine.evidenceOf(tick, take, fill.levels) : { ...markEvidence(engine, tick, at ? [] : ctx.walkedLevels(pos.symbol, take, quantity)), ...at?.evidence };
    const settlement = await adl.settle(tx, {
      userId: pos.userId, mode: pos.mode, side: pos.side, marginMode: pos.marginMode, entryPrice: pos.entryPrice, quantity: exposure(pos.quantity, pos.quoteRate), margin: pos.margin,
      closed: exposure(quantity, pos.quoteRate), price, takerFeeRate: at ? '0' : pos.takerFeeRate, liquidation, available: await ctx.available(tx, pos.userId, pos.mode),
    });
    if (settlement.moves.length) await post(tx, { key: requestKey, cause: { type: 'perpetual', id: pos.id }, moves: settlement.moves }, now);
    const receipt = await engine.appendReceipt(tx, {
      kind: liquidation ? 'liquidation' : 'fill',
      chain: pos.symbol,
      ref: `perp:${pos.id}`,
      payload: {
        product: 'perpetual', kind, positionId: pos.id, userId: pos.userId, mode: pos.mode, side: pos.side, quantity, price,
        fee: settlement.fee.toFixed(), realisedPnl: settlement.realisedPnl.toFixed(), toInsurance: settlement.toInsurance.toFixed(),
        shortfall: settlement.shortfall.toFixed(), evidence: evidencePayload(evidence as Evidence),
      },
    });
    await insertCloseFill(tx, pos, {
      kind, quantity, price, fee: settlement.fee.toFixed(), realisedPnl: settlement.realisedPnl.toFixed(), evidence: evidencePayload(evidence as Evidence), receiptSeq: receipt.seq, requestKey, now,
    });
    if (liquidation || settlement.shortfall.gt(0) || settlement.uncovered.gt(0)) {
      await insertLiquidation(tx, { positionId: pos.id, price, toInsurance: settlement.toInsurance.toFixed(), shortfall: settlement.shortfall.toFixed(), receiptSeq: receipt.seq, now });
    }
    const whole = new Dec(quantity).gte(pos.quantity);
    await reducePosition(tx, pos.id, {
      quantity, margin: whole ? '0' : new Dec(pos.margin).minus(settlement.releasedMargin).toFixed(), pnl: settlement.realisedPnl.toFixed(), fee: settlement.fee.toFixed(),
      closed: whole ? { type: CLOSE_TYPE[kind], price, at: now } : null,
    });
    let after = (await lockPosition(tx, pos.id))!;
    if (whole) {
      for (const which of ['tp', 'sl', 'liq'] as const) await ctx.seams.triggers.setTrigger(tx, after, which, null);
      after = (await lockPosition(tx, pos.id))!;
    }
    await ctx.seams.liquidation.refreshLiquidation(tx, pos.userId, pos.mode, after);
    ctx.push(tx, pos.userId, pos.mode, whole ? 'POSITION_CLOSE' : 'POSITION_UPDATE', { symbol: pos.symbol, positionId: pos.id });
    await adl.afterClose(tx, { position: pos, quantity, kind, price, tick, settlement, now, key: requestKey });
    return (await lockPosition(tx, pos.id))!;
  }

  return {
    closeLocked,

    /** The user's close of the whole position or `quantity` of it, at what the book gives. */
    async close(user: AuthUser, input: { positionId: string; quantity?: string | undefined; requestId: string }): Promise<PositionRow> {
      const { requestId, ...body } = input;
      return ctx.once(user, 'close', requestId, body, async (key, store) => {
        const id = await closedByRequest(store, key);
        return id ? positionById(store, id) : undefined;
      }, async (tx, key, now) => {
        const pos = await ownOpenPosition(tx, user, input.positionId);
        engine.requireOpen(pos.symbol);
        let quantity = pos.quantity;
        if (input.quantity !== undefined) {
          const q = new Dec(input.quantity);
          if (q.lte(0) || q.decimalPlaces() > 18) throw refuse('invalidSize');
          if (q.gt(pos.quantity)) throw refuse('closeAboveQuantity');
          quantity = q.toFixed();
        }
        return closeLocked(tx, pos, quantity, 'close', ctx.tickOf(pos.symbol), now, key);
      });
    },

    /** Closes the whole position and opens the same size the other way, in one transaction. */
    async reverse(user: AuthUser, input: { positionId: string; requestId: string }): Promise<{ closed: PositionRow; opened: PositionRow }> {
      const { requestId, ...body } = input;
      return ctx.once(user, 'reverse', requestId, body, async (key, store) => {
        const ids = await reversedByRequest(store, key);
        if (!ids) return undefined;
        return { closed: (await positionById(store, ids.closed))!, opened: (await positionById(store, ids.opened))! };
      }, async (tx, key, now) => {
        const pos = await ownOpenPosition(tx, user, input.positionId);
        engine.requireOpen(pos.symbol);
        const tick = ctx.tickOf(pos.symbol);
        const closed = await closeLocked(tx, pos, pos.quantity, 'reverse', tick, now, key);
        const opposite: PerpSide = pos.side === 'long' ? 'short' : 'long';
        const { position } = await ctx.seams.placing.place(tx, user, { symbol: pos.symbol, side: opposite, type: 'market', quantity: pos.quantity, leverage: pos.leverage, requestId: input.requestId }, `${key}:open`, now, 'reverse');
        return { closed, opened: position! };
      });
    },
  };
}

export type Closing = ReturnType<typeof createClosing>;
