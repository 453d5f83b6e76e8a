import { walkQuantity, type BookLevel, type PerpSide, type PerpetualPushAction } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { AppError } from '../../http/envelope.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import type { Mode } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import type { TradingEngine } from '../trading/engine.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { quoteRate } from '../trading/quote-rate.js';
import { refuse } from '../trading/refusal.js';
import type { StoredTrigger, TriggerOutcome } from '../trading/triggers.js';
import { checkOrderType, hasLimit, isConditional, limitRule, noPositionToReduce, stopDirection, trailingDirection, type OrderTypeInput } from './order-rules.js';
import { holdForOrder, releaseOrderHold } from './order-hold.js';
import { markOf, ORDER_COLUMNS, POSITION_COLUMNS, type OrderRow, type PositionRow } from './storage.js';

/** Trigger owners of the order types: an untriggered stop (any kind), and a resting reduce-only limit. */
export const TYPE_OWNERS = { stop: 'perp-stop', reduce: 'perp-reduce' } as const;

/** An order as service.place() takes it, with the type fields. */
export interface TypedInput extends OrderTypeInput {
  symbol: string;
  quantity?: string | undefined;
  amount?: string | undefined;
  leverage: number;
  requestId: string;
}

type BookSide = 'buy' | 'sell';
type CloseKind = 'close';

/** What the order types use of the perpetual service (its closures, so the money paths stay in one place). */
export interface OrderTypeDeps {
  db: Db;
  engine: TradingEngine;
  currentTermsOf(q: Db, symbol: string): Promise<InstrumentTerms>;
  settingsOf(q: Db, userId: string, mode: Mode): Promise<{ marginMode: 'isolated' | 'cross'; positionMode: 'merge' | 'split' }>;
  tickOf(symbol: string): Tick;
  bookOf(symbol: string, side: BookSide): readonly BookLevel[];
  partOf(terms: InstrumentTerms, quantity: string, price: string, rate: string, leverage: number, feeRate: string): { quantity: string; margin: string; fee: string };
  insertOrder(tx: Db, row: Record<string, unknown>): Promise<OrderRow>;
  available(tx: Db, userId: string, mode: Mode): Promise<string>;
  closeLocked(tx: Db, pos: PositionRow, quantity: string, kind: CloseKind, tick: Tick, now: Date, requestKey: string): Promise<PositionRow>;
  refreshCross(tx: Db, userId: string, mode: Mode): Promise<void>;
  push(tx: Db, userId: string, mode: Mode, action: PerpetualPushAction, fields: { symbol: string; positionId?: string; orderId?: string }): void;
  /** Places a market or limit order (not reduce-only) as the order form does: what a triggered stop becomes. */
  place(tx: Db, user: AuthUser, input: TypedInput, requestKey: string, now: Date): Promise<{ order: OrderRow; position: PositionRow | null }>;
}

/** A long buys (takes the asks), a short sells (takes the bids); a reduce-only order's side says what it does to the book too. */
const sideOf = (side: PerpSide): BookSide => (side === 'long' ? 'buy' : 'sell');
const watchOf = (source: 'mark' | 'last') => source;

/** The columns every typed order row adds (time in force and flags; the stop fields where they apply). */
export function typeColumns(input: OrderTypeInput): Record<string, unknown> {
  const rule = checkOrderType(input);
  return {
    time_in_force: rule.timeInForce, post_only: rule.postOnly, reduce_only: rule.reduceOnly,
    ...(isConditional(input.type) ? { trigger_source: rule.triggerSource, trigger_price: input.triggerPrice ?? null, callback_rate: input.callbackRate ?? null } : {}),
  };
}

/**
 * Stop-market, stop-limit, trailing stop, time in force, post-only and reduce-only on the perpetual engine (and
 * so on forex). A conditional order rests as a pending order with its margin held and a trigger in the engine's
 * price-ordered trigger book (persisted, rebuilt at start, claimed once); when it fires it becomes the market or
 * limit order it describes, placed by the service's own place() in the trigger's transaction. A reduce-only order
 * holds nothing and closes the opposite position(s), never more than they hold.
 */
export function createOrderTypes(deps: OrderTypeDeps) {
  const { engine } = deps;

  async function orderById(tx: Db, id: string, lock = false): Promise<OrderRow> {
    const { rows } = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM perp_orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0]!;
  }

  /** The open positions a reduce-only order of `side` reduces (the opposite side), oldest first, locked. */
  async function opposite(tx: Db, order: { userId: string; mode: Mode; symbol: string; side: PerpSide }): Promise<PositionRow[]> {
    const { rows } = await tx.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE user_id = $1 AND mode = $2 AND symbol = $3 AND side = $4 AND status = 'open' ORDER BY id FOR UPDATE`,
      [order.userId, order.mode, order.symbol, order.side === 'long' ? 'short' : 'long'],
    );
    return rows;
  }

  /** The quantity an order asks: its quantity, or its USDT amount at `basis` (rounded down to the amount decimals). */
  function quantityOf(terms: InstrumentTerms, input: TypedInput, basis: string, rate: string): string {
    if (input.quantity !== undefined) return input.quantity;
    const q = new Dec(input.amount!).div(rate).div(basis).toDecimalPlaces(terms.amountDecimals, Dec.ROUND_DOWN);
    if (q.lte(0)) throw refuse('quantityBelowMinimum', { min: terms.minQuantity });
    return engine.checkQuantity(terms, q.toFixed());
  }

  /**
   * Closes up to what is left of a reduce-only order from the opposite positions, oldest first, walking the book
   * (never past `limit` when it has one: only what the book offers at or better than it). Answers what it closed
   * and whether anything is left to reduce.
   */
  async function reduceNow(tx: Db, order: OrderRow, limit: string | null, tick: Tick, now: Date): Promise<{ closed: Dec; positionsLeft: boolean }> {
    const positions = await opposite(tx, order);
    const held = positions.reduce((sum, p) => sum.plus(p.quantity), new Dec(0));
    let want = Dec.min(new Dec(order.quantity).minus(order.doneQuantity), held);
    if (limit !== null && want.gt(0)) want = Dec.min(want, walkQuantity(deps.bookOf(order.symbol, sideOf(order.side)), sideOf(order.side), want.toFixed(), limit).quantity);
    let closed = new Dec(0);
    let value = new Dec(0);
    for (const pos of positions) {
      const q = Dec.min(want.minus(closed), pos.quantity);
      if (q.lte(0)) break;
      const key = `perp-reduce:${order.id}:${order.doneQuantity}:${pos.id}`;
      await deps.closeLocked(tx, pos, q.toFixed(), 'close', tick, now, key);
      const fill = await tx.query<{ price: string }>('UPDATE perp_fills SET order_id = $2 WHERE request_key = $1 RETURNING trim_scale(price)::text AS price', [key, order.id]);
      closed = closed.plus(q);
      value = value.plus(q.times(fill.rows[0]!.price));
    }
    if (closed.gt(0)) {
      const done = new Dec(order.doneQuantity).plus(closed);
      const doneValue = new Dec(order.doneQuantity).times(order.donePrice ?? 0).plus(value);
      await tx.query('UPDATE perp_orders SET done_quantity = $2, done_price = $3, position_id = COALESCE(position_id, $4) WHERE id = $1', [
        order.id, done.toFixed(), doneValue.div(done).toDecimalPlaces(order.priceDecimals, Dec.ROUND_HALF_UP).toFixed(), positions[0]!.id,
      ]);
    }
    return { closed, positionsLeft: held.minus(closed).gt(0) };
  }

  /** Ends an order: completed when it filled something (what it did not fill expired), else cancelled with `reason`. */
  async function finish(tx: Db, id: string, now: Date, reason: string | null): Promise<void> {
    await tx.query(
      `UPDATE perp_orders SET status = CASE WHEN done_quantity > 0 THEN 'completed' ELSE 'canceled' END, held = 0, done_at = $2,
              expired_quantity = quantity - done_quantity, cancel_reason = CASE WHEN done_quantity > 0 THEN NULL ELSE $3 END WHERE id = $1`,
      [id, now, reason],
    );
  }

  /** A reduce-only market or limit order now: closes what it can, rests the rest of a GTC limit, ends the others. */
  async function executeReduce(tx: Db, order: OrderRow, limit: string | null, tick: Tick, now: Date): Promise<'rests' | 'done'> {
    if (limit !== null) {
      const side = sideOf(order.side);
      const left = new Dec(order.quantity).minus(order.doneQuantity).toFixed();
      const walk = walkQuantity(deps.bookOf(order.symbol, side), side, left, limit);
      limitRule(order, left, walk.quantity.gt(0) ? { quantity: walk.quantity.toFixed(), price: walk.takes[0]!.price } : null);
    }
    const { closed, positionsLeft } = await reduceNow(tx, order, limit, tick, now);
    const left = new Dec(order.quantity).minus(order.doneQuantity).minus(closed);
    if (left.gt(0) && positionsLeft && limit !== null && order.timeInForce === 'GTC') {
      const trigger = await engine.triggers.add(tx, {
        owner: TYPE_OWNERS.reduce, ref: order.id, mode: order.mode, symbol: order.symbol,
        direction: order.side === 'long' ? 'lte' : 'gte', watch: order.side === 'long' ? 'ask' : 'bid', price: limit,
      });
      await tx.query('UPDATE perp_orders SET trigger_id = $2 WHERE id = $1', [order.id, trigger.id]);
      return 'rests';
    }
    if (closed.lte(0) && limit === null) throw noPositionToReduce(order.side);
    await finish(tx, order.id, now, positionsLeft ? null : order.side === 'long' ? 'reduceOnlyNoShort' : 'reduceOnlyNoLong');
    return 'done';
  }

  /** A reduce-only order, placed now (market or limit) or resting until its trigger (stop types). */
  async function placeReduce(tx: Db, user: AuthUser, input: TypedInput, requestKey: string, now: Date): Promise<{ order: OrderRow; position: PositionRow | null }> {
    const terms = await deps.currentTermsOf(tx, input.symbol);
    const tick = deps.tickOf(terms.symbol);
    const positions = await opposite(tx, { userId: user.id, mode: user.mode, symbol: terms.symbol, side: input.side });
    if (!positions.length) throw noPositionToReduce(input.side);
    const held = positions.reduce((sum, p) => sum.plus(p.quantity), new Dec(0));
    const basis = input.price ?? input.triggerPrice ?? tick.price;
    // capped to what the opposite positions hold: a reduce-only order never opens anything
    const quantity = Dec.min(quantityOf(terms, input, basis, positions[0]!.quoteRate), held).toFixed();
    if (hasLimit(input.type) && !isConditional(input.type)) await engine.requireOpenOrderRoom(tx, user);
    const order = await insert(tx, user, terms, input, quantity, requestKey, now, { held: '0', margin: '0', fee: '0', rate: positions[0]!.quoteRate, evidence: null });
    if (isConditional(input.type)) await arm(tx, order, input, tick);
    else if ((await executeReduce(tx, order, input.type === 'limit' ? input.price! : null, tick, now)) === 'rests') deps.push(tx, user.id, user.mode, 'POSITION_ORDER', { symbol: terms.symbol, orderId: order.id });
    return { order: await orderById(tx, order.id), position: null };
  }

  async function insert(
    tx: Db, user: AuthUser, terms: InstrumentTerms, input: TypedInput, quantity: string, requestKey: string, now: Date,
    money: { held: string; margin: string; fee: string; rate: string; evidence: unknown },
  ): Promise<OrderRow> {
    const settings = await deps.settingsOf(tx, user.id, user.mode);
    const row = await deps.insertOrder(tx, {
      user_id: user.id, mode: user.mode, symbol: terms.symbol, side: input.side, type: input.type, status: 'pending',
      price: hasLimit(input.type) ? input.price! : null, quantity, amount: input.amount ?? null, leverage: input.leverage, margin_mode: settings.marginMode, position_mode: settings.positionMode,
      held: money.held, margin: money.margin, fee: money.fee, take_profit: input.takeProfit ?? null, stop_loss: input.stopLoss ?? null,
      maker_fee_rate: terms.makerFeeRate, taker_fee_rate: terms.takerFeeRate, price_decimals: terms.priceDecimals,
      maintenance_tiers: JSON.stringify(terms.maintenanceTiers), terms_version: terms.version, request_key: requestKey, created_at: now,
      quote_rate: money.rate, quote_rate_evidence: money.evidence && JSON.stringify(money.evidence), ...typeColumns(input),
    });
    return orderById(tx, row.id);
  }

  /** Puts a conditional order's trigger in the book: fixed (stops) or following the best price (trailing). */
  async function arm(tx: Db, order: OrderRow, input: TypedInput, tick: Tick): Promise<void> {
    const { triggerSource } = checkOrderType(input);
    const watch = watchOf(triggerSource);
    const current = watch === 'mark' ? markOf(tick, tick.price) : tick.price;
    const trailing = input.type === 'trailing_stop';
    const direction = trailing ? trailingDirection(input.side) : stopDirection(input.triggerPrice!, current);
    const trigger = await engine.triggers.add(tx, {
      owner: TYPE_OWNERS.stop, ref: order.id, mode: order.mode, symbol: order.symbol, direction, watch,
      price: input.triggerPrice ?? current, trail: trailing ? { callback: input.callbackRate!, peak: current } : undefined,
    });
    await tx.query('UPDATE perp_orders SET trigger_id = $2, trigger_price = $3 WHERE id = $1', [order.id, trigger.id, trigger.price]);
    deps.push(tx, order.userId, order.mode, 'POSITION_ORDER', { symbol: order.symbol, orderId: order.id });
  }

  /**
   * A stop, stop-limit or trailing stop that opens: its margin and taker fee are held at placement on its limit
   * price (stop-limit), trigger price (stop-market) or the current price (trailing stop), as a limit order's are,
   * so the trigger finds them there; the order it becomes holds its own when placed.
   */
  async function placeStop(tx: Db, user: AuthUser, input: TypedInput, requestKey: string, now: Date): Promise<{ order: OrderRow; position: PositionRow | null }> {
    const terms = await deps.currentTermsOf(tx, input.symbol);
    const tick = deps.tickOf(terms.symbol);
    const conversion = quoteRate(terms.quote, (symbol) => engine.tick(symbol));
    if (!conversion) throw refuse('symbolNotTradable', { symbol: terms.symbol });
    const basis = input.price ?? input.triggerPrice ?? tick.price;
    const quantity = quantityOf(terms, input, basis, conversion.rate);
    const part = deps.partOf(terms, quantity, basis, conversion.rate, input.leverage, terms.takerFeeRate);
    const held = new Dec(part.margin).plus(part.fee);
    if (held.gt(await deps.available(tx, user.id, user.mode))) throw refuse('marginAboveAvailable');
    await engine.requireOpenOrderRoom(tx, user);
    const order = await insert(tx, user, terms, input, quantity, requestKey, now, { held: held.toFixed(), margin: part.margin, fee: part.fee, rate: conversion.rate, evidence: conversion.evidence });
    await holdForOrder(tx, order, held.toFixed(), requestKey, now);
    await arm(tx, order, input, tick);
    await deps.refreshCross(tx, user.id, user.mode);
    return { order: await orderById(tx, order.id), position: null };
  }

  /** Returns what a stop order holds to the available balance (its trigger fired, or it was refused or cancelled). */
  async function release(tx: Db, order: OrderRow, now: Date, key: string): Promise<void> {
    if (new Dec(order.held).lte(0)) return;
    await releaseOrderHold(tx, order, key, now);
    await tx.query('UPDATE perp_orders SET held = 0 WHERE id = $1', [order.id]);
  }

  /** A stop's trigger fired: it becomes the market or limit order it describes (or, reduce-only, closes). */
  async function onStop(tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> {
    const order = await orderById(tx, trigger.ref, true);
    if (!order || order.status !== 'pending') return 'fired';
    await release(tx, order, now, `perp-stop-release:${order.id}`);
    await tx.query('UPDATE perp_orders SET triggered_at = $2, trigger_price = $3 WHERE id = $1', [order.id, now, trigger.price]);
    const limit = order.type === 'stop_limit' ? order.price : null;
    if (order.reduceOnly) {
      await executeReduce(tx, { ...order, held: '0' }, limit, tick, now);
      deps.push(tx, order.userId, order.mode, 'POSITION_ORDER', { symbol: order.symbol, orderId: order.id });
      return 'fired';
    }
    // the stop is done once it becomes its order (the open-order cap counts the child in its place)
    await tx.query(`UPDATE perp_orders SET status = 'completed', done_at = $2 WHERE id = $1`, [order.id, now]);
    const user = { id: order.userId, mode: order.mode } as AuthUser;
    const { order: child } = await deps.place(tx, user, {
      symbol: order.symbol, side: order.side, type: limit ? 'limit' : 'market', price: limit ?? undefined, quantity: order.quantity, leverage: order.leverage,
      takeProfit: order.takeProfit, stopLoss: order.stopLoss, timeInForce: order.timeInForce, postOnly: order.postOnly, requestId: `stop-${order.id}`,
    }, `perp-stop:${order.id}`, now);
    await tx.query('UPDATE perp_orders SET child_order_id = $2 WHERE id = $1', [order.id, child.id]);
    deps.push(tx, order.userId, order.mode, 'POSITION_ORDER', { symbol: order.symbol, orderId: order.id });
    return 'fired';
  }

  /** A triggered stop the engine refused to place (margin, post-only, leverage withdrawn…): cancelled with the reason. */
  async function onStopRefused(tx: Db, trigger: StoredTrigger, refusal: AppError, now: Date): Promise<void> {
    const order = await orderById(tx, trigger.ref, true);
    if (!order || order.status !== 'pending') return;
    await release(tx, order, now, `perp-stop-refused:${order.id}`);
    await tx.query('UPDATE perp_orders SET triggered_at = $2 WHERE id = $1', [order.id, now]);
    await finish(tx, order.id, now, refusal.reason ?? null);
    deps.push(tx, order.userId, order.mode, 'POSITION_ORDER', { symbol: order.symbol, orderId: order.id });
  }

  /** A resting reduce-only limit the book reached: closes what the book offers at or better than the limit. */
  async function onReduce(tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> {
    const order = await orderById(tx, trigger.ref, true);
    if (!order || order.status !== 'pending') return 'fired';
    const { closed, positionsLeft } = await reduceNow(tx, order, order.price, tick, now);
    const left = new Dec(order.quantity).minus(order.doneQuantity).minus(closed);
    deps.push(tx, order.userId, order.mode, 'POSITION_ORDER', { symbol: order.symbol, orderId: order.id });
    if (left.gt(0) && positionsLeft) return 'keep';
    await finish(tx, order.id, now, positionsLeft ? null : order.side === 'long' ? 'reduceOnlyNoShort' : 'reduceOnlyNoLong');
    return 'fired';
  }

  engine.triggers.register(TYPE_OWNERS.stop, onStop, onStopRefused);
  engine.triggers.register(TYPE_OWNERS.reduce, onReduce);

  return {
    /** Whether service.place() hands this order here (reduce-only or conditional). */
    handles: (input: OrderTypeInput) => input.reduceOnly === true || isConditional(input.type),
    place: (tx: Db, user: AuthUser, input: TypedInput, requestKey: string, now: Date) =>
      input.reduceOnly ? placeReduce(tx, user, input, requestKey, now) : placeStop(tx, user, input, requestKey, now),
    /** A limit order's time in force and post-only against what the book crosses at once (service.place()). */
    limitRule,
    /** After an IOC limit's fill: what did not fill at once expires. */
    async expireRest(tx: Db, orderId: string, now: Date): Promise<void> {
      await tx.query(
        `UPDATE perp_orders SET status = CASE WHEN EXISTS (SELECT 1 FROM perp_positions p WHERE p.id = position_id AND p.parent_order_id = perp_orders.id) THEN 'completed' ELSE 'merged' END,
                held = 0, done_at = $2, expired_quantity = quantity - done_quantity WHERE id = $1 AND status = 'pending'`,
        [orderId, now],
      );
    },
    release,
  };
}

export type OrderTypes = ReturnType<typeof createOrderTypes>;
