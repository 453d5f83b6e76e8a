import { walkQuantity } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import type { Tick } from '../market/feed/port.js';
import { afterCommit } from '../platform/user-events.js';
import type { TradingEngine } from '../trading/engine.js';
import { refuse } from '../trading/refusal.js';
import type { StoredTrigger, TriggerOutcome } from '../trading/triggers.js';
import {
  findConditional,
  finishConditional,
  insertConditional,
  listConditionals,
  setTriggers,
  type ConditionalKind,
  type ConditionalRow,
  type ConditionalSide,
  type Leg,
} from './conditional-storage.js';
import { holdOf as heldFor, placeHold, releaseHold } from '../../platform-kit/product/holds.js';
import { limitHold, SPOT_CONDITIONAL_HOLD } from './accounts.js';
import { conditionalView, type ConditionalView } from './conditional-view.js';
import type { Spot } from './service.js';
import { findOrder, insertOrder, setFrozen, type OrderRow } from './storage.js';

/** The trigger owner name of conditional legs; a leg's ref is '<conditional id>:tp' or '<conditional id>:sl'. */
export const CONDITIONAL_TRIGGER = 'spot-conditional';

export interface ConditionalInput {
  symbol: string;
  kind: ConditionalKind;
  side?: ConditionalSide | undefined;
  quantity: string;
  takeProfitPrice?: string | undefined;
  stopPrice?: string | undefined;
  stopLimitPrice?: string | undefined;
  requestId: string;
}

/** What a group holds while pending: a sell its base quantity, a stop buy the quote its limit buy will freeze. */
function holdOf(c: Pick<ConditionalRow, 'side' | 'base' | 'quote' | 'quantity' | 'stopLimitPrice'>): { asset: string; amount: string } {
  return c.side === 'buy' ? { asset: c.quote, amount: limitHold('buy', c.stopLimitPrice!, c.quantity) } : { asset: c.base, amount: c.quantity };
}

/**
 * Take-profit/stop-loss and OCO sells on a spot holding, and stop-limit buys (one 'sl' leg watching the ask rise
 * to its stop, holding the quote the limit buy it places then freezes). Placing one freezes the quantity once (one ledger move,
 * whichever legs it has) and stores one trigger per leg in the engine's price-ordered index, both watching the
 * bid (what a sell fills at): the take-profit when the bid rises to its price, the stop when it falls to its
 * price. The first leg to fire claims the group in its transaction (status guard), cancels the other leg's
 * trigger, and places the leg's spot order with the hold handed over: fills walk the book with the tick as
 * evidence exactly as any spot fill, and what a limit leg cannot fill now rests on the spot limit trigger.
 */
export function createSpotConditionals(deps: { db: Db; engine: TradingEngine; spot: Spot }) {
  const { db, engine, spot } = deps;
  const { bookOf, execute, limitWalk, rest, pushOrder, withFills } = spot.legs;

  async function view(row: ConditionalRow): Promise<ConditionalView> {
    const order = row.orderId ? await findOrder(db, { id: row.orderId }) : undefined;
    return conditionalView(row, order ? (await withFills([order]))[0]! : null);
  }

  /** The spot order a fired leg places: a limit sell (take-profit, stop-limit), a market sell (stop-market) or a stop buy's limit buy. */
  async function placeLeg(tx: Db, c: ConditionalRow, leg: Leg, tick: Tick, now: Date): Promise<OrderRow | 'thin'> {
    const terms = await engine.instruments.current(tx, c.symbol);
    const limitPrice = leg === 'tp' ? c.takeProfitPrice : c.stopLimitPrice;
    const buy = c.side === 'buy';
    let order = await insertOrder(tx, {
      userId: c.userId, mode: c.mode, symbol: c.symbol, base: c.base, quote: c.quote, side: c.side, type: limitPrice ? 'limit' : 'market',
      isIco: false, price: limitPrice, quantity: c.quantity, amount: null, feeAsset: buy ? c.base : c.quote, frozenAsset: buy ? c.quote : c.base,
      makerFeeRate: terms.makerFeeRate, takerFeeRate: terms.takerFeeRate, priceDecimals: terms.priceDecimals, amountDecimals: terms.amountDecimals,
      termsVersion: terms.version, requestKey: `spot-conditional:${c.id}:${leg}`, now,
    });
    if (!limitPrice) {
      // stop-market: the hold returns to available and a market sell walks the bids for the whole quantity; a book
      // too thin for it waits for the next tick (the caller rolls back), never a partial market sell
      const walk = walkQuantity(bookOf(terms, tick, 'sell'), 'sell', c.quantity);
      if (walk.quantity.lt(c.quantity)) return 'thin';
      await release(tx, c, now);
      return execute(tx, order, walk, tick, 'taker', now);
    }
    // a limit leg takes the group's hold as its own frozen funds: no ledger move, the base (a buy: the quote) stays frozen
    const { amount } = holdOf(c);
    const hold = await groupHold(tx, c);
    await setFrozen(tx, order.id, amount, hold, null);
    order = { ...order, frozen: amount, holdId: hold };
    // the take-profit is the resting maker side of the OCO; a stop-limit (sell or buy) is placed when its stop fires and takes
    const walk = limitWalk(order, terms, tick);
    if (walk.quantity.gt(0)) order = await execute(tx, order, walk, tick, leg === 'tp' ? 'maker' : 'taker', now);
    if (order.status === 'pending') order = await rest(tx, order);
    return order;
  }

  /** The id of the group's named hold. */
  async function groupHold(tx: Db, c: Pick<ConditionalRow, 'id'>): Promise<string> {
    const hold = await heldFor(tx, { kind: 'spot-conditional', id: c.id }, SPOT_CONDITIONAL_HOLD);
    if (!hold) throw new Error(`spot conditional ${c.id} has no hold`);
    return hold.id;
  }

  /** Returns the group's hold to available: once, the hold and its ledger key say so. */
  async function release(tx: Db, c: ConditionalRow, now: Date): Promise<void> {
    await releaseHold(tx, await groupHold(tx, c), now, { ledgerKey: `spot-conditional-release:${c.id}` });
  }

  /**
   * Cancels the leg that did not fire. A user's cancel of the group locks both legs' triggers before the group,
   * so one holding the other leg now is waiting for this transaction's group row: skipping a locked trigger (it
   * then fails on the triggered group and rolls back, the leg staying pending and spent at its first crossing —
   * its group is no longer pending) avoids the deadlock that waiting for it would make.
   */
  async function cancelOtherLeg(tx: Db, triggerId: string, now: Date): Promise<void> {
    const { rows } = await tx.query(
      `UPDATE trading_triggers SET status = 'canceled', done_at = $2
        WHERE id = (SELECT id FROM trading_triggers WHERE id = $1 AND status = 'pending' FOR UPDATE SKIP LOCKED) RETURNING id`,
      [triggerId, now],
    );
    if (rows.length) afterCommit(tx, () => engine.triggers.index.remove(triggerId));
  }

  async function onTrigger(tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> {
    const [id, leg] = trigger.ref.split(':') as [string, Leg];
    const c = await findConditional(tx, { id }, true);
    // the other leg fired first, or the user cancelled: this trigger is spent
    if (!c || c.status !== 'pending') return 'fired';
    const order = await placeLeg(tx, c, leg, tick, now);
    if (order === 'thin') return 'skip';
    const other = leg === 'tp' ? c.slTriggerId : c.tpTriggerId;
    if (other) await cancelOtherLeg(tx, other, now);
    const ended = await finishConditional(tx, c.id, { status: 'triggered', leg, orderId: order.id, now });
    if (!ended) throw new Error(`spot conditional ${c.id} is no longer pending`);
    pushOrder(tx, order);
    return 'fired';
  }
  engine.triggers.register(CONDITIONAL_TRIGGER, onTrigger);

  return {
    /**
     * contract-spot/conditional/create: checks the symbol, trading hours, the quantity and prices (take-profit
     * above the bid, stop below it, a stop-limit's price at or below its stop; an OCO needs both legs), then in
     * one transaction: the request id's binding, the group, its one freeze (refused whole beyond what is
     * available) and its triggers.
     */
    async create(user: AuthUser, input: ConditionalInput): Promise<ConditionalView> {
      const { requestId, ...request } = input;
      const call = await idempotent(db, engine.clock, {
        key: { scope: 'spot-conditional', userId: user.id, mode: user.mode, requestId },
        request: { ...request, route: 'conditional' },
        replay: (store, key) => findConditional(store, { requestKey: key }),
      });
      if (call.first) return view(call.first);
      const requestKey = call.key;

      const terms = await engine.instruments.current(db, input.symbol);
      if (!terms.spotEnabled || terms.isIco) throw refuse('symbolNotTradable', { symbol: terms.symbol });
      engine.requireOpen(terms.symbol);
      const quantity = engine.checkQuantity(terms, input.quantity);
      if (input.stopLimitPrice !== undefined && input.stopPrice === undefined) throw refuse('conditionalLegsMissing');
      if (input.takeProfitPrice === undefined && input.stopPrice === undefined) throw refuse('conditionalLegsMissing');
      if (input.kind === 'oco' && (input.takeProfitPrice === undefined || input.stopPrice === undefined)) throw refuse('conditionalLegsMissing');
      const tick = engine.tick(terms.symbol);
      if (!tick) throw refuse('insufficientDepth');
      // no price band here: a leg's price is used only once the bid has reached its trigger, never against a far mark
      const price = (value: string | undefined) => (value === undefined ? null : engine.checkPrice(terms, value));
      const [takeProfitPrice, stopPrice, stopLimitPrice] = [price(input.takeProfitPrice), price(input.stopPrice), price(input.stopLimitPrice)];
      const side = input.side ?? 'sell';
      // a leg its own tick already crosses would fire at once: that is a market or limit order, not a condition
      if (side === 'buy') {
        if (input.kind !== 'tpsl' || takeProfitPrice !== null || stopPrice === null || stopLimitPrice === null) throw refuse('stopBuyOnlyStopLimit');
        if (new Dec(stopPrice).lte(tick.ask)) throw refuse('stopNotAboveAsk', { ask: tick.ask });
        if (new Dec(stopLimitPrice).lt(stopPrice)) throw refuse('stopBuyLimitBelowStop', { stop: stopPrice });
      } else {
        if (takeProfitPrice !== null && new Dec(takeProfitPrice).lte(tick.bid)) throw refuse('takeProfitNotAboveBid', { bid: tick.bid });
        if (stopPrice !== null && new Dec(stopPrice).gte(tick.bid)) throw refuse('stopNotBelowBid', { bid: tick.bid });
        if (stopLimitPrice !== null && new Dec(stopLimitPrice).gt(stopPrice!)) throw refuse('stopLimitAboveStop', { stop: stopPrice! });
      }
      const hold = holdOf({ side, base: terms.base, quote: terms.quote, quantity, stopLimitPrice });

      const row = await call.transaction(async (tx, now) => {
        await engine.requireOpenOrderRoom(tx, user);
        const c = await insertConditional(tx, {
          userId: user.id, mode: user.mode, kind: input.kind, side, symbol: terms.symbol, base: terms.base, quote: terms.quote, quantity,
          takeProfitPrice, stopPrice, stopLimitPrice, frozen: hold.amount, priceDecimals: terms.priceDecimals, amountDecimals: terms.amountDecimals, requestKey, now,
        });
        // the holding is frozen once for the whole group, not once per leg
        await placeHold(tx, {
          userId: user.id, mode: user.mode, wallet: 'spot', asset: hold.asset, amount: hold.amount, reason: SPOT_CONDITIONAL_HOLD,
          reference: { kind: 'spot-conditional', id: c.id },
        }, now, { ledgerKey: `spot-conditional-freeze:${c.id}` });
        // a sell's legs watch the bid (what it fills at), a stop buy's the ask rising to its stop
        const leg = (name: Leg, direction: 'gte' | 'lte', price: string | null) =>
          price === null
            ? null
            : engine.triggers.add(tx, { owner: CONDITIONAL_TRIGGER, ref: `${c.id}:${name}`, mode: user.mode, symbol: terms.symbol, direction, watch: side === 'buy' ? 'ask' : 'bid', price });
        const tp = await leg('tp', 'gte', takeProfitPrice);
        const sl = await leg('sl', side === 'buy' ? 'gte' : 'lte', stopPrice);
        await setTriggers(tx, c.id, tp?.id ?? null, sl?.id ?? null);
        return { ...c, tpTriggerId: tp?.id ?? null, slTriggerId: sl?.id ?? null };
      });
      return view(row);
    },

    /** contract-spot/conditional/cancel: cancels both legs and releases the hold, once. */
    async cancel(user: AuthUser, id: string): Promise<ConditionalView> {
      const row = await db.transaction(async (tx) => {
        const now = engine.clock();
        const seen = await findConditional(tx, { id });
        if (!seen || seen.userId !== user.id || seen.mode !== user.mode) throw refuse('orderNotFound');
        // the triggers first, then the group: the order a firing leg takes them in
        for (const trigger of [seen.tpTriggerId, seen.slTriggerId]) if (trigger) await engine.triggers.cancel(tx, trigger);
        const held = await findConditional(tx, { id }, true);
        if (held?.status !== 'pending') throw refuse('orderNotCancellable');
        const canceled = await finishConditional(tx, id, { status: 'canceled', now });
        if (!canceled) throw refuse('orderNotCancellable');
        await release(tx, held, now);
        return canceled;
      });
      return view(row);
    },

    async list(user: AuthUser, filter: { open: boolean; symbol?: string | undefined; limit: number; offset: number }) {
      const symbol = filter.symbol ? engine.instruments.terms(filter.symbol).symbol : undefined;
      const { total, rows } = await listConditionals(db, user.id, user.mode, { ...filter, symbol });
      return { total, rows: await Promise.all(rows.map(view)) };
    },

    async detail(user: AuthUser, id: string): Promise<ConditionalView> {
      const row = await findConditional(db, { id });
      if (!row || row.userId !== user.id || row.mode !== user.mode) throw refuse('orderNotFound');
      return view(row);
    },
  };
}

export type SpotConditionals = ReturnType<typeof createSpotConditionals>;
