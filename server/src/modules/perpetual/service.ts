import type { Bus } from '../../cluster/bus.js';
import type { Tick } from '../market/feed/port.js';
import type { CrossAccount } from './cross.js';
import type { AuthUser } from '../identity/auth.js';
import { TRIGGER_RECONCILE_MS } from '../trading/engine.js';
import { refuse } from '../trading/refusal.js';
import { createClosing } from './closing.js';
import { createContext, OWNERS, type PerpDeps } from './context.js';
import { createPerpEstimate } from './estimate.js';
import { createFunding } from './funding.js';
import { createLiquidation } from './liquidation.js';
import { cancelOrder, orderById, orderByRequest } from './order-storage.js';
import { checkOrderType } from './order-rules.js';
import { createPlacing, type OpenInput } from './placing.js';
import { createPositionTriggers } from './position-triggers.js';
import { hasOpenBusiness, positionById, saveSettings } from './position-storage.js';
import { markOf, type OrderRow, type PositionRow } from './storage.js';
import { checkTriggers } from './tpsl-rules.js';
import { createWalletHooks } from './wallet-hooks.js';

export { OWNERS } from './context.js';

/** Cluster mode: the bus the cross accounts' changes travel on, and the take-over hook of the feed's owner. */
export interface CrossSharing {
  bus: Bus;
  onTakeOver(hook: () => Promise<unknown>): () => void;
  /** Whether this process owns the feed now (the one whose cross book liquidates). */
  owner(): boolean;
}
const CROSS_CHANNEL = 'cross-accounts';
export type { OpenInput } from './placing.js';

/**
 * Perpetual contracts on the trading engine. One context (context.ts) is created once and handed to each seam:
 * placing (placing.ts, with the order types), closing and reversing (closing.ts), TP/SL triggers
 * (position-triggers.ts), liquidation isolated and cross (liquidation.ts), funding (funding.ts) and the contract
 * wallet's hooks (wallet-hooks.ts); the seams reach each other through `ctx.seams`. SQL lives in the *-storage.ts
 * files, rules in the pure files; this composes them into the service's public API.
 */
export function createPerpetual(deps: PerpDeps) {
  const ctx = createContext(deps);
  const { db, engine } = ctx;
  // the trigger handlers register in the engine's trigger book as each seam is created
  ctx.seams.placing = createPlacing(ctx);
  ctx.seams.triggers = createPositionTriggers(ctx);
  ctx.seams.liquidation = createLiquidation(ctx);
  ctx.seams.closing = createClosing(ctx);
  const { placing, triggers, liquidation, closing } = ctx.seams;
  const funding = createFunding(ctx);
  const wallet = createWalletHooks(ctx);

  let unsubscribe: (() => void) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let unshare: (() => void)[] = [];

  return {
    owners: OWNERS,
    crossBook: ctx.crossBook,
    /** What open() would do now, read-only (estimate.ts, on the same order-plan functions). */
    estimate: createPerpEstimate({ db, engine }),
    onTicks: liquidation.onTicks,
    idle: liquidation.idle,

    /**
     * Loads the cross accounts and re-evaluates them on each tick batch. A store that is down at start costs a
     * logged error and a retry (until then the price triggers alone guard the cross accounts).
     */
    async start(subscribe: (listener: (ticks: readonly Tick[]) => void) => () => void, cluster?: CrossSharing): Promise<void> {
      // cluster mode: every process's cross-account changes reach the leader's book, which reloads when it takes over
      if (cluster && !unshare.length) {
        const { bus, onTakeOver } = cluster;
        ctx.crossBook.announce = (account) => bus.publish(CROSS_CHANNEL, account);
        // and what the bus lost (a dropped connection) is found in the store within one reconcile period, as for triggers
        const reconcile = setInterval(() => {
          if (!cluster.owner()) return;
          liquidation.reconcileCross().then(
            (changed) => changed > 0 && deps.log?.warn({ changed }, 'perpetual: cross accounts missed on the bus were taken from the database'),
            (error: unknown) => deps.log?.error({ err: error }, 'perpetual: could not reconcile the cross accounts; retrying at the next period'),
          );
        }, TRIGGER_RECONCILE_MS);
        reconcile.unref();
        unshare = [
          bus.subscribe<CrossAccount>(CROSS_CHANNEL, (account, fromSelf) => void (fromSelf || ctx.crossBook.note(account))),
          onTakeOver(() => liquidation.loadCross()),
          () => clearInterval(reconcile),
        ];
      }
      try {
        await liquidation.loadCross();
      } catch (error) {
        deps.log?.error({ err: error }, 'perpetual: could not load the cross accounts; retrying');
        retry = setTimeout(() => void this.start(subscribe, cluster), 5_000);
        retry.unref();
        return;
      }
      unsubscribe ??= subscribe(liquidation.onTicks);
    },

    async stop(): Promise<void> {
      clearTimeout(retry);
      unsubscribe?.();
      unsubscribe = undefined;
      for (const stop of unshare.splice(0)) stop();
      ctx.crossBook.announce = undefined;
      await liquidation.idle();
    },
    beforeWithdraw: wallet.beforeWithdraw,
    walletChanged: wallet.walletChanged,

    async open(user: AuthUser, input: OpenInput): Promise<{ order: OrderRow; position: PositionRow | null }> {
      const terms = await ctx.currentTermsOf(db, input.symbol);
      engine.requireOpen(terms.symbol);
      if (!terms.leverages.includes(input.leverage)) throw refuse('leverageNotOffered');
      // sized by exactly one of quantity and amount; an amount becomes a quantity in place(), against the book then
      if ((input.quantity === undefined) === (input.amount === undefined)) throw refuse('invalidSize');
      if (input.quantity !== undefined) engine.checkQuantity(terms, input.quantity);
      checkOrderType(input);
      if (input.type === 'limit' || input.type === 'stop_limit') engine.checkPriceBand(terms, engine.checkPrice(terms, input.price), engine.tick(terms.symbol)?.price);
      if (input.triggerPrice !== undefined) engine.checkPrice(terms, input.triggerPrice);
      for (const p of [input.takeProfit, input.stopLoss]) if (p != null) engine.checkPrice(terms, p);
      checkTriggers(input.side, markOf(ctx.tickOf(terms.symbol), '0'), input.takeProfit, input.stopLoss);
      const { requestId, ...body } = input;
      return ctx.once(user, 'open', requestId, body, async (key, store) => {
        const placed = await orderByRequest(store, key);
        if (!placed) return undefined;
        return { order: (await orderById(store, placed.id))!, position: placed.positionId ? (await positionById(store, placed.positionId)) ?? null : null };
      }, (tx, key, now) => placing.place(tx, user, { ...input, symbol: terms.symbol }, key, now));
    },

    close: closing.close,
    reverse: closing.reverse,

    async cancel(user: AuthUser, orderId: string): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const order = await orderById(tx, orderId, true);
        if (!order || order.userId !== user.id || order.mode !== user.mode) throw refuse('orderNotFound');
        if (order.status !== 'pending') throw refuse('orderNotCancellable');
        const now = ctx.clock();
        if (order.triggerId) await engine.triggers.cancel(tx, order.triggerId);
        // a reduce-only order holds nothing
        await placing.release(tx, order, now, `perp-cancel:${order.id}`);
        await cancelOrder(tx, order.id, now);
        await liquidation.refreshLiquidation(tx, user.id, user.mode);
        ctx.push(tx, user.id, user.mode, 'POSITION_ORDER', { symbol: order.symbol, orderId: order.id });
        return (await orderById(tx, order.id))!;
      });
    },

    setTpSl: triggers.setTpSl,

    /** The margin and position modes; changed only without open positions or pending orders. */
    async settings(user: AuthUser, change: { marginMode?: 'isolated' | 'cross' | undefined; positionMode?: 'merge' | 'split' | undefined }) {
      const current = await engine.settings(user.id, user.mode);
      if (!change.marginMode && !change.positionMode) return current;
      const next = { marginMode: change.marginMode ?? current.marginMode, positionMode: change.positionMode ?? current.positionMode };
      if (next.marginMode === current.marginMode && next.positionMode === current.positionMode) return current;
      return db.transaction(async (tx) => {
        if (await hasOpenBusiness(tx, user.id, user.mode)) throw refuse('perpModeLocked');
        await saveSettings(tx, user.id, user.mode, next, ctx.clock());
        return next;
      });
    },

    fund: funding.fund,
    /** The formula funding of a symbol as the perpetual header shows it (undefined: a configured rate). */
    fundingOf: (symbol: string) => funding.view(symbol, ctx.clock()),
    positionById: (id: string) => positionById(db, id),
    orderById: (id: string) => orderById(db, id),
  };
}

export type PerpetualService = ReturnType<typeof createPerpetual>;
