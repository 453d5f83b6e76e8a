import type { Walk } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { balances, post } from '../ledger/ledger.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import type { Tick } from '../market/feed/port.js';
import { pushToUser } from '../platform/user-events.js';
import type { TradingEngine } from '../trading/engine.js';
import { evidencePayload } from '../trading/evidence.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { receiptsBySeq, type Receipt } from '../trading/receipts.js';
import { refuse } from '../trading/refusal.js';
import { drawHold, placeHold, releaseHold } from '../../platform-kit/product/holds.js';
import { fillMoves, limitHold, SPOT_ORDER_HOLD } from './accounts.js';
import { createSpotEstimate } from './estimate.js';
import { averageCost, holdingView } from './holdings.js';
import { checkSpotOrder, type SpotOrderFields } from './order-checks.js';
import { feesOf, limitCrossing, marketWalk } from './order-plan.js';
import { orderView, type SpotOrderView } from './order-view.js';
import type { StoredTrigger, TriggerOutcome } from '../trading/triggers.js';
import {
  applyExecution,
  cancelOrder,
  fillCount,
  fillsOf,
  fillsOfAsset,
  findOrder,
  insertFill,
  insertOrder,
  lastFillTick,
  listOrders,
  lockOrder,
  setFrozen,
  type OrderRow,
  type OrderStatus,
  type Side,
} from './storage.js';

/** The trigger owner name of resting spot limit orders. */
export const SPOT_TRIGGER = 'spot';

export type OrderInput = SpotOrderFields & { requestId: string };

/**
 * Spot trading against the feed (broker model): the platform's trading desk (`broker` wallet) is the counterparty
 * of every fill; fees go to the `fees` wallet in the asset the user receives; balances live in the user's `spot`
 * wallet, in the account mode of the request (demo never touches real).
 */
export function createSpot(deps: { db: Db; engine: TradingEngine }) {
  const { db, engine } = deps;
  const clock = () => engine.clock();

  /** The book an order fills against: the feed's depth, or for a token offering the quote's price without depth. */
  function bookOf(terms: InstrumentTerms, tick: Tick, side: Side): [string, string][] {
    if (terms.isIco) return [[tick.price, terms.maxQuantity]];
    const depth = engine.depth(terms.symbol);
    return side === 'buy' ? depth.asks : depth.bids;
  }

  /**
   * Records one execution of `order` (the levels `walk` took from the book of `tick`): a fill per level with the
   * tick as evidence and its receipt, one ledger batch moving the money, and the order's new totals. The caller
   * holds the order (created or locked in this transaction).
   */
  async function execute(tx: Db, order: OrderRow, walk: Walk, tick: Tick, liquidity: 'maker' | 'taker', now: Date): Promise<OrderRow> {
    const rate = new Dec(liquidity === 'maker' ? order.makerFeeRate : order.takerFeeRate);
    const evidence = engine.evidenceOf(tick, order.side, walk.takes.map((t) => [t.price, t.quantity]));
    // a fill per level, each with its fee in the asset received (order-plan.ts, as the estimate computes it)
    const { fills, fee } = feesOf(walk, order.side, rate.toFixed());
    const fillNo = await fillCount(tx, order.id);
    for (const [i, fill] of fills.entries()) {
      const receipt = await engine.appendReceipt(tx, {
        kind: 'fill',
        chain: order.symbol,
        ref: `spot:${order.id}:${fillNo + i + 1}`,
        payload: {
          market: 'spot', orderId: order.id, userId: order.userId, mode: order.mode, symbol: order.symbol, side: order.side,
          price: fill.take.price, quantity: fill.take.quantity, value: fill.value.toFixed(), fee: fill.fee.toFixed(), feeAsset: order.feeAsset,
          liquidity, evidence: evidencePayload({ ...evidence, levels: [[fill.take.price, fill.take.quantity]] }),
        },
      });
      await insertFill(tx, {
        order, price: fill.take.price, quantity: fill.take.quantity, value: fill.value.toFixed(), fee: fill.fee.toFixed(), liquidity,
        evidence: { ...evidence, levels: [[fill.take.price, fill.take.quantity]] }, receiptSeq: receipt.seq, now,
      });
    }
    const { moves, unfrozen } = fillMoves(order, walk, fee);
    const posting = { key: `spot-fill:${order.id}:${fillNo + 1}`, cause: { type: 'spot-fill', id: order.id }, moves };
    // a limit order pays from its hold: the fill's batch is the hold's draw
    if (order.holdId) await drawHold(tx, order.holdId, posting, now);
    else await post(tx, posting, now);

    const done = new Dec(order.doneQuantity).plus(walk.quantity);
    const complete = order.quantity === null || done.gte(order.quantity);
    const updated = await applyExecution(tx, order.id, {
      quantity: walk.quantity.toFixed(),
      value: walk.value.toFixed(),
      fee: fee.toFixed(),
      unfrozen: unfrozen.toFixed(),
      status: complete ? 'completed' : 'pending',
      now,
    });
    if (complete && order.type === 'limit' && new Dec(updated.frozen).gt(0)) throw new Error(`spot order ${order.id} completed with ${updated.frozen} still frozen`);
    return updated;
  }

  const pushOrder = (tx: Db, order: OrderRow) =>
    pushToUser(tx, order.userId, { action: 'SPOT_ORDER', mode: order.mode, orderId: order.id, symbol: order.symbol, status: order.status });

  /** The part of a resting limit order the book of `tick` fills now (nothing when it does not cross). */
  function limitWalk(order: OrderRow, terms: Pick<InstrumentTerms, 'isIco' | 'maxQuantity' | 'symbol'>, tick: Tick): Walk {
    const left = new Dec(order.quantity!).minus(order.doneQuantity).toFixed();
    const book = terms.isIco ? [[tick.price, left] as [string, string]] : bookOf(terms as InstrumentTerms, tick, order.side);
    return limitCrossing(book, order.side, left, order.price!);
  }

  /**
   * Whether the order already took `tick`'s book (or a later tick's): its last fill used that very tick (same feed
   * time and prices) or a newer one. A partly filled order stays on its trigger, so each crossing tick fills what
   * the book then offers (broker model: each tick is a fresh book); the same tick proposed again — a repeated batch,
   * a second process, the tick a limit order was placed on — must not take the same depth twice.
   */
  async function tookTick(tx: Db, orderId: string, tick: Tick): Promise<boolean> {
    const last = await lastFillTick(tx, orderId);
    if (!last) return false;
    if (last.feedTime.getTime() !== tick.time) return last.feedTime.getTime() > tick.time;
    return new Dec(last.bid).eq(tick.bid) && new Dec(last.ask).eq(tick.ask) && new Dec(last.last).eq(tick.price);
  }

  /** The trigger handler of resting limit orders: fills what the book allows at the limit or better, as maker. */
  async function onTrigger(tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> {
    const order = await lockOrder(tx, trigger.ref);
    if (!order || order.status !== 'pending') return 'fired';
    if (await tookTick(tx, order.id, tick)) return 'skip';
    const walk = limitWalk(order, { isIco: order.isIco ? 1 : 0, maxQuantity: order.quantity!, symbol: order.symbol }, tick);
    if (walk.quantity.isZero()) return 'skip';
    const updated = await execute(tx, order, walk, tick, 'maker', now);
    pushOrder(tx, updated);
    return updated.status === 'completed' ? 'fired' : 'keep';
  }
  engine.triggers.register(SPOT_TRIGGER, onTrigger);

  /** Puts what is left of a pending limit order on its trigger (its frozen funds already set). */
  async function rest(tx: Db, order: OrderRow): Promise<OrderRow> {
    const trigger = await engine.triggers.add(tx, {
      owner: SPOT_TRIGGER,
      ref: order.id,
      mode: order.mode,
      symbol: order.symbol,
      // a buy fills when the ask comes down to its price, a sell when the bid comes up to it
      direction: order.side === 'buy' ? 'lte' : 'gte',
      watch: order.isIco ? 'last' : order.side === 'buy' ? 'ask' : 'bid',
      price: order.price!,
    });
    await setFrozen(tx, order.id, order.frozen, order.holdId, trigger.id);
    return { ...order, triggerId: trigger.id };
  }

  async function withFills(orders: OrderRow[]): Promise<SpotOrderView[]> {
    const fills = await fillsOf(db, orders.map((o) => o.id));
    return orders.map((o) => orderView(o, fills.get(o.id)));
  }

  return {
    /** What create() would do now, read-only (estimate.ts, on the same order-plan functions). */
    estimate: createSpotEstimate({ db, engine, bookOf }),
    /** What conditional orders (conditional.ts) place their legs with: the same fills, evidence and triggers. */
    legs: { bookOf, execute, limitWalk, rest, pushOrder, withFills },

    /**
     * contract-spot/create and create-ico. Checks, in order: login and KYC (the route), the symbol's terms,
     * trading hours, the order's fields; then, in one transaction: the request id's binding, the order, and
     * either a market execution (walking the book; refused whole when the book is too thin) or a limit order's
     * freeze and trigger (filled at once as taker when the book already crosses it).
     */
    async create(user: AuthUser, input: OrderInput, route: 'create' | 'create-ico'): Promise<SpotOrderView> {
      const { requestId, ...request } = input;
      const call = await idempotent(db, clock, {
        key: { scope: 'spot', userId: user.id, mode: user.mode, requestId },
        request: { ...request, mode: user.mode, route },
        replay: (store, requestKey) => findOrder(store, { requestKey }),
      });
      if (call.first) return (await withFills([call.first]))[0]!;
      const requestKey = call.key;

      // the terms as the database has them now: an operator change applies to this order at once, in every process
      const terms = await engine.instruments.current(db, input.symbol);
      const { limit, price, quantity, amount } = await checkSpotOrder(engine, terms, input, route);

      const order = await call.transaction(async (tx, now) => {
        if (limit) await engine.requireOpenOrderRoom(tx, user);
        let order = await insertOrder(tx, {
          userId: user.id, mode: user.mode, symbol: terms.symbol, base: terms.base, quote: terms.quote, side: input.side, type: input.type,
          isIco: terms.isIco === 1, price, quantity, amount, feeAsset: input.side === 'buy' ? terms.base : terms.quote,
          frozenAsset: input.side === 'buy' ? terms.quote : terms.base, makerFeeRate: terms.makerFeeRate, takerFeeRate: terms.takerFeeRate,
          priceDecimals: terms.priceDecimals, amountDecimals: terms.amountDecimals, termsVersion: terms.version, requestKey, now,
        });
        const tick = engine.tick(terms.symbol);
        if (!tick) throw refuse('insufficientDepth');

        if (!limit) {
          const book = bookOf(terms, tick, input.side);
          order = await execute(tx, order, marketWalk(terms, book, input.side, { quantity, amount }), tick, 'taker', now);
        } else {
          const frozen = limitHold(input.side, price!, quantity!);
          const hold = await placeHold(tx, {
            userId: user.id, mode: user.mode, wallet: 'spot', asset: order.frozenAsset, amount: frozen, reason: SPOT_ORDER_HOLD, reference: { kind: 'spot-order', id: order.id },
          }, now, { ledgerKey: `spot-freeze:${order.id}` });
          await setFrozen(tx, order.id, frozen, hold.id, null);
          order = { ...order, frozen, holdId: hold.id };
          // a limit the book already crosses takes liquidity at once (taker); what is left rests (maker)
          const now_ = limitWalk(order, terms, tick);
          if (now_.quantity.gt(0)) order = await execute(tx, order, now_, tick, 'taker', now);
          if (order.status === 'pending') order = await rest(tx, order);
        }
        pushOrder(tx, order);
        return order;
      });
      return (await withFills([order]))[0]!;
    },

    /** contract-spot/delete: cancels a pending order and releases what it still holds frozen. */
    async cancel(user: AuthUser, orderId: string): Promise<SpotOrderView> {
      const order = await db.transaction(async (tx) => {
        const now = clock();
        // the trigger first, then the order: the order a firing trigger takes them in, so the two never deadlock
        const seen = await findOrder(tx, { id: orderId });
        if (!seen || seen.userId !== user.id || seen.mode !== user.mode) throw refuse('orderNotFound');
        if (seen.triggerId) await engine.triggers.cancel(tx, seen.triggerId);
        const held = await lockOrder(tx, orderId);
        if (held?.status !== 'pending') throw refuse('orderNotCancellable');
        const canceled = await cancelOrder(tx, orderId, user.id, now);
        if (!canceled) throw refuse('orderNotCancellable');
        if (new Dec(held.frozen).gt(0)) {
          if (!held.holdId) throw new Error(`spot order ${orderId} has ${held.frozen} frozen and no hold`);
          // a leg's order releases its group's hold as the order's own release (its key and cause)
          await releaseHold(tx, held.holdId, now, { ledgerKey: `spot-release:${orderId}`, cause: { type: 'spot-order', id: orderId } });
        }
        pushOrder(tx, canceled);
        return canceled;
      });
      return (await withFills([order]))[0]!;
    },

    async list(user: AuthUser, filter: { open: boolean; symbol?: string | undefined; status?: OrderStatus | undefined; limit: number; offset: number }) {
      const symbol = filter.symbol ? engine.instruments.terms(filter.symbol).symbol : undefined;
      const { total, rows } = await listOrders(db, user.id, user.mode, { ...filter, symbol });
      return { total, rows: await withFills(rows) };
    },

    async detail(user: AuthUser, orderId: string): Promise<SpotOrderView & { receipts: Receipt[] }> {
      const order = await findOrder(db, { id: orderId });
      if (!order || order.userId !== user.id || order.mode !== user.mode) throw refuse('orderNotFound');
      const fills = (await fillsOf(db, [order.id])).get(order.id) ?? [];
      return { ...orderView(order, fills), receipts: await receiptsBySeq(db, fills.map((f) => f.receiptSeq)) };
    },

    /**
     * The base assets in the spot wallet with their average cost: buys add their received quantity at their
     * value (fees are thus in the cost), sells take quantity out at the running average. Units that came in by
     * transfer are valued at that same average. Valued at the live bid (what selling would start at).
     */
    async holdings(user: AuthUser, symbol?: string) {
      await engine.instruments.fresh();
      const only = symbol ? engine.instruments.terms(symbol) : undefined;
      const out = [];
      for (const balance of await balances(db, user.id, user.mode, 'spot')) {
        const terms = engine.instruments.list().find((t) => t.base === balance.asset && t.quote === 'USDT');
        if (!terms || (only && only.symbol !== terms.symbol)) continue;
        const quantity = new Dec(balance.balance);
        if (quantity.isZero()) continue;
        const cost = averageCost(await fillsOfAsset(db, user.id, user.mode, balance.asset), balance.asset);
        out.push(holdingView(balance, terms, quantity, cost, new Dec(engine.tick(terms.symbol)?.bid ?? '0').toFixed()));
      }
      return out;
    },
  };
}

export type Spot = ReturnType<typeof createSpot>;
