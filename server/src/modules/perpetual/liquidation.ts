import { exposure, pnl } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { Mode } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import { afterCommit } from '../platform/user-events.js';
import type { StoredTrigger, TriggerOutcome } from '../trading/triggers.js';
import { OWNERS, type PerpContext } from './context.js';
import { crossStanding, type CrossAccount } from './cross.js';
import { crossLegOf, crossLiquidationPrices, isolatedLiquidationPrice, legOf } from './liquidation-price.js';
import { allOpenCrossPositions, clearLiquidationTrigger, lockPosition, openCrossPositions, setLiquidationPrice } from './position-storage.js';
import { markOf, type PositionRow } from './storage.js';

/**
 * Liquidation, isolated and cross: the liquidation prices (and their triggers) of what a change moved, the trigger
 * handler, the cross account's liquidation when its equity reaches maintenance, and crossBook — the cross accounts
 * in memory, re-evaluated on each tick batch (rebuilt from the rows at start).
 */
export function createLiquidation(ctx: PerpContext) {
  const { db, engine, crossBook } = ctx;

  async function applyLiquidation(tx: Db, pos: PositionRow, text: string | null): Promise<void> {
    if (text === pos.liquidationPrice && (text === null) === (pos.liqTriggerId === null)) return;
    await setLiquidationPrice(tx, pos.id, text);
    await ctx.seams.triggers.setTrigger(tx, pos, 'liq', text);
  }

  async function refreshCross(tx: Db, userId: string, mode: Mode): Promise<void> {
    const rows = await openCrossPositions(tx, userId, mode);
    if (!rows.length) {
      afterCommit(tx, () => crossBook.changed({ userId, mode, free: '0', legs: [] }));
      return;
    }
    const free = await ctx.available(tx, userId, mode);
    afterCommit(tx, () => crossBook.changed({ userId, mode, free, legs: rows.map(legOf) }));
    const prices = crossLiquidationPrices(rows.map(crossLegOf), free, (symbol) => engine.tick(symbol));
    for (const p of rows) await applyLiquidation(tx, p, prices.get(p.id) ?? null);
  }

  /**
   * Recomputes the liquidation price (and its trigger) of what a change moved: an isolated position on its own
   * margin, and every cross position of the account (each on the shared available balance and the other cross
   * positions at their current marks), since any change of the contract wallet or of a cross position moves them.
   */
  async function refreshLiquidation(tx: Db, userId: string, mode: Mode, changed?: PositionRow): Promise<void> {
    if (changed && changed.status === 'open' && changed.marginMode === 'isolated') {
      await applyLiquidation(tx, changed, isolatedLiquidationPrice(changed));
    }
    await refreshCross(tx, userId, mode);
  }

  /**
   * Liquidates a cross account whose equity (available + Σ margin + Σ unrealised P/L) is at or below the sum of
   * its positions' maintenance margins: the position losing most first, at its mark, then again while the account
   * stays at or below maintenance. Answers whether anything was liquidated.
   */
  async function liquidateCrossIfDue(tx: Db, userId: string, mode: Mode, now: Date): Promise<boolean> {
    let liquidated = false;
    for (;;) {
      const rows = await openCrossPositions(tx, userId, mode, true);
      if (!rows.length) return liquidated;
      const tickOf$ = (symbol: string) => engine.tick(symbol);
      const { equity, maintenance } = crossStanding({ free: await ctx.available(tx, userId, mode), legs: rows.map(legOf) }, tickOf$);
      if (equity.gt(maintenance)) return liquidated;
      const loss = (p: PositionRow) => pnl(p.side, p.entryPrice, markOf(tickOf$(p.symbol), p.entryPrice), exposure(p.quantity, p.quoteRate));
      const worst = rows.reduce((a, b) => (loss(b).lt(loss(a)) ? b : a));
      await ctx.seams.closing.closeLocked(tx, worst, worst.quantity, 'liquidation', ctx.tickOf(worst.symbol), now, `perp-liquidation:position:${worst.id}`);
      liquidated = true;
    }
  }

  const liquidationHandler = async (tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> => {
    const pos = await lockPosition(tx, trigger.ref);
    if (!pos || pos.status !== 'open') return 'fired';
    if (pos.marginMode === 'cross') {
      // the price assumed the other cross positions at their marks then: the account as it is now decides
      await clearLiquidationTrigger(tx, pos.id);
      if (!(await liquidateCrossIfDue(tx, pos.userId, pos.mode, now))) await refreshCross(tx, pos.userId, pos.mode);
      return 'fired';
    }
    await ctx.seams.closing.closeLocked(tx, pos, pos.quantity, 'liquidation', tick, now, `perp-liquidation:${trigger.id}`);
    return 'fired';
  };

  engine.triggers.register(OWNERS.liquidation, liquidationHandler);

  // ── cross accounts on each tick ──────────────────────────────────────────────────────────────────────────

  const crossQueue = new Map<string, { userId: string; mode: Mode }>();
  let crossDraining: Promise<void> | undefined;

  /** A tick batch: the cross accounts kept in crossBook that hold a ticked symbol and are now due are liquidated. */
  function onTicks(ticks: readonly Tick[]): void {
    if (!crossBook.size) return;
    for (const account of crossBook.due(ticks.map((t) => t.symbol), (symbol) => engine.tick(symbol))) crossQueue.set(`${account.userId}:${account.mode}`, account);
    if (crossQueue.size && !crossDraining) {
      crossDraining = drainCross().finally(() => {
        crossDraining = undefined;
      });
    }
  }

  async function drainCross(): Promise<void> {
    while (crossQueue.size) {
      const [key, account] = crossQueue.entries().next().value as [string, { userId: string; mode: Mode }];
      crossQueue.delete(key);
      try {
        await db.transaction((tx) => liquidateCrossIfDue(tx, account.userId, account.mode, ctx.clock()));
      } catch (error) {
        // the account stays in crossBook: the next tick of one of its symbols proposes it again
        ctx.log?.error({ err: error, account: key }, 'perpetual: a cross liquidation failed');
      }
    }
  }

  /** Rebuilds crossBook from the open cross positions (at start: it is memory, the rows are the truth). */
  async function loadCross(): Promise<number> {
    const stored = await storedCrossAccounts();
    crossBook.clear();
    for (const account of stored) crossBook.note(account);
    return crossBook.size;
  }

  /** Cluster mode, on the feed's owner: what lost bus messages left out of crossBook or stale, from the store. */
  async function reconcileCross(): Promise<number> {
    const mark = crossBook.mark();
    return crossBook.reconcile(await storedCrossAccounts(), mark);
  }

  /** Every account with two or more open cross positions, as the store has it now. */
  async function storedCrossAccounts(): Promise<CrossAccount[]> {
    const byAccount = new Map<string, PositionRow[]>();
    for (const row of await allOpenCrossPositions(db)) {
      const key = `${row.userId}:${row.mode}`;
      byAccount.set(key, [...(byAccount.get(key) ?? []), row]);
    }
    const accounts: CrossAccount[] = [];
    for (const legs of byAccount.values()) {
      if (legs.length < 2) continue;
      const { userId, mode } = legs[0]!;
      accounts.push({ userId, mode, free: await ctx.available(db, userId, mode), legs: legs.map(legOf) });
    }
    return accounts;
  }

  /** Resolves once no cross liquidation drain is running. */
  const idle = async (): Promise<void> => {
    while (crossDraining) await crossDraining;
  };

  return { refreshLiquidation, refreshCross, liquidateCrossIfDue, onTicks, loadCross, reconcileCross, idle };
}

export type Liquidation = ReturnType<typeof createLiquidation>;
