import { walkAmount, walkPrice, walkQuantity, type Walk } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { post, type UserWallet } from '../ledger/ledger.js';
import { drawHold, placeHold, releaseHold } from '../../platform-kit/product/holds.js';
import type { Tick } from '../market/feed/port.js';
import { pushToUser } from '../platform/user-events.js';
import type { TradingEngine } from '../trading/engine.js';
import { evidencePayload } from '../trading/evidence.js';
import type { StoredTrigger, TriggerOutcome } from '../trading/triggers.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { sessionDays, venueSession } from './hours.js';
import { stockFeesAt } from './fee-terms.js';
import { buyHold, execution, executionMoves, STOCK_ORDER_HOLD, STOCK_ORDER_REFERENCE, type Execution } from './order-money.js';
import { stockOrderRefusal } from './order-rules.js';
import {
  applyExecution, dueDayOrders, fillCount, findOrder, finishOrder, insertFill, insertOrder, lastFillEvidence, lockOrder, setFrozen,
  type Side, type StockOrderRow,
} from './order-storage.js';
import { addToPosition, bookAccount, lockPosition, takeFromPosition, type StockBook } from './positions.js';
import type { StocksService } from './service.js';
import { currentRates } from './storage.js';

/** The trigger owner of resting stock limit orders. */
export const STOCK_TRIGGER = 'stock';

export interface StockOrderInput {
  symbol: string;
  side: Side;
  type: 'market' | 'limit';
  timeInForce?: 'DAY' | 'GTC' | undefined;
  price?: string | undefined;
  shares?: string | undefined;
  amount?: string | undefined;
  book?: StockBook | undefined;
}

/**
 * Stock orders against the feed (broker model, like spot): a market order walks the stock's book and is booked
 * as one fill at walkPrice with the tick and its levels as evidence and a receipt; a limit order holds its funds
 * (USDT for a buy, shares for a sell) and rests on the engine's trigger index; DAY limits expire at the venue's
 * close of their trading day (expireDue, a job). Ordinary stocks pay from the spot wallet's USDT and keep the
 * shares in the ledger wallet `stock`; day trading uses the ledger wallet `dayTrading` for both.
 */
export function createStockOrders(deps: { db: Db; engine: TradingEngine; stocks: StocksService }) {
  const { db, engine, stocks } = deps;
  const clock = () => engine.clock();

  const pushOrder = (tx: Db, o: StockOrderRow) =>
    pushToUser(tx, o.userId, { action: 'STOCK_ORDER', mode: o.mode, book: o.book, orderId: o.id, symbol: o.symbol, status: o.status });

  /** What refuses the order before anything is written (the checks a retry skips); the order's fixed terms. */
  async function plan(input: StockOrderInput, at: number) {
    const { instrument, venue } = stocks.stock(input.symbol);
    const symbol = instrument.symbol;
    const limit = input.type === 'limit';
    if (limit && input.price === undefined) throw refuse('invalidPrice');
    if (input.shares === undefined && (input.amount === undefined || limit || input.side === 'sell')) throw refuse('invalidSize');
    // amount-sized market buys are checked for hours and the rate here; their shares once the book is read
    const refusal = stockOrderRefusal(symbol, { shares: input.shares ?? String(venue.lotSize), price: limit ? input.price : undefined }, at);
    if (refusal) throw refuse(refusal, refusal === 'notAStock' ? { symbol } : {});
    if (input.amount !== undefined && !(new Dec(input.amount).gt(0))) throw refuse('invalidAmount');
    const rate = (await currentRates(db)).get(venue.currency);
    if (!rate) throw refuse('stockRateNotSet', { currency: venue.currency });
    const tick = engine.tick(symbol);
    if (!tick) throw refuse('insufficientDepth');
    const fees = await stockFeesAt(db, new Date(at));
    return { symbol, venue, limit, rate, tick, fees, priceDecimals: instrument.priceDecimals };
  }

  /** The side of the stock's book an order takes: a buy the asks, a sell the bids. */
  function bookOf(symbol: string, side: Side): [string, string][] {
    const depth = engine.depth(symbol);
    return (side === 'buy' ? depth.asks : depth.bids) as [string, string][];
  }

  /** The whole lots a market order takes now: its shares, or the lots its amount pays for at the asks. */
  function marketWalk(symbol: string, lotSize: number, side: Side, input: { shares?: string | undefined; amount?: string | undefined }): Walk {
    const levels = bookOf(symbol, side);
    let shares = input.shares;
    if (shares === undefined) {
      const afforded = walkAmount(levels, input.amount!, 0);
      shares = afforded.quantity.div(lotSize).floor().times(lotSize).toFixed();
      if (new Dec(shares).isZero()) throw refuse('invalidAmount');
    }
    const walk = walkQuantity(levels, side, shares);
    if (walk.quantity.lt(shares)) throw refuse('insufficientDepth');
    return walk;
  }

  /** The part of a resting limit order the book of now fills at its price or better. */
  function limitWalk(order: StockOrderRow): Walk {
    const left = new Dec(order.shares).minus(order.doneShares);
    return walkQuantity(bookOf(order.symbol, order.side), order.side, left.toFixed(), order.price!);
  }

  /**
   * Records one execution (the levels `walk` took from the book of `tick`) as one fill at walkPrice with the tick
   * as evidence and its receipt, one ledger batch, the position's cost basis and the order's totals.
   */
  async function execute(tx: Db, order: StockOrderRow, walk: Walk, tick: Tick, liquidity: 'maker' | 'taker', priceDecimals: number, now: Date): Promise<StockOrderRow> {
    const price = walkPrice(walk, order.side, priceDecimals)!;
    // the rates of the fee terms frozen into the order when placed, never today's
    const feeRate = liquidity === 'maker' ? order.makerFeeRate : order.takerFeeRate;
    const e: Execution = execution(price, new Dec(walk.quantity), order.rate, feeRate, order.side);
    const done = new Dec(order.doneShares).plus(e.shares);
    const complete = done.gte(order.shares);
    // what this execution frees of the order's hold: all of what is left once complete
    let released = new Dec(0);
    if (order.type === 'limit') {
      released = complete ? new Dec(order.frozen) : order.side === 'buy' ? Dec.min(buyHold(order.price!, e.shares, order.rate, order), order.frozen) : e.shares;
    }
    const evidence = engine.evidenceOf(tick, order.side, walk.takes.map((t) => [t.price, t.quantity]));
    const n = (await fillCount(tx, order.id)) + 1;
    const receipt = await engine.appendReceipt(tx, {
      kind: 'fill',
      chain: order.symbol,
      ref: `stock:${order.id}:${n}`,
      payload: {
        market: 'stock', book: order.book, orderId: order.id, userId: order.userId, mode: order.mode, symbol: order.symbol, side: order.side,
        price, shares: e.shares.toFixed(), value: e.value.toFixed(), currency: order.currency, rate: order.rate, rateVersion: order.rateVersion,
        valueUsdt: e.valueUsdt.toFixed(), feeUsdt: e.feeUsdt.toFixed(), liquidity, evidence: evidencePayload(evidence),
      },
    });
    await insertFill(tx, {
      orderId: order.id, price, shares: e.shares.toFixed(), value: e.value.toFixed(), valueUsdt: e.valueUsdt.toFixed(), feeUsdt: e.feeUsdt.toFixed(),
      liquidity, evidence, receiptSeq: receipt.seq,
    }, now);
    const posting = { key: `stock-fill:${order.id}:${n}`, cause: { type: 'stock-fill', id: order.id }, moves: executionMoves(order, e, released) };
    // a resting order pays from its hold: the fill's batch is the hold's draw (the last one posts it)
    if (order.holdId) await drawHold(tx, order.holdId, posting, now);
    else await post(tx, posting, now);
    const position = await lockPosition(tx, order, now);
    if (order.side === 'buy') await addToPosition(tx, position, e.shares.toFixed(), e.value.toFixed(), e.valueUsdt.plus(e.feeUsdt).toFixed(), now);
    else await takeFromPosition(tx, position, e.shares.toFixed(), e.valueUsdt.minus(e.feeUsdt).toFixed(), now);
    return applyExecution(tx, order.id, {
      shares: e.shares.toFixed(), value: e.value.toFixed(), valueUsdt: e.valueUsdt.toFixed(), feeUsdt: e.feeUsdt.toFixed(),
      unfrozen: released.toFixed(), status: complete ? 'completed' : 'pending', now,
    });
  }

  /** Whether the order's last fill already took this tick (or a later one): the same tick never fills twice. */
  async function tookTick(tx: Db, orderId: string, tick: Tick): Promise<boolean> {
    const last = await lastFillEvidence(tx, orderId);
    if (!last) return false;
    const time = Date.parse(last.feedTime);
    if (time !== tick.time) return time > tick.time;
    return new Dec(last.bid).eq(tick.bid) && new Dec(last.ask).eq(tick.ask) && new Dec(last.last).eq(tick.price);
  }

  /** Resting limits fill as maker when the book crosses them — only while the venue is open and the order is live. */
  async function onTrigger(tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> {
    const order = await lockOrder(tx, trigger.ref);
    if (!order || order.status !== 'pending') return 'fired';
    if (!venueSession(order.symbol, now.getTime())?.open) return 'skip';
    if (order.expiresAt && order.expiresAt.getTime() <= now.getTime()) return 'skip';
    if (await tookTick(tx, order.id, tick)) return 'skip';
    const walk = limitWalk(order);
    if (walk.quantity.isZero()) return 'skip';
    const updated = await execute(tx, order, walk, tick, 'maker', stocks.stock(order.symbol).instrument.priceDecimals, now);
    pushOrder(tx, updated);
    return updated.status === 'completed' ? 'fired' : 'keep';
  }
  engine.triggers.register(STOCK_TRIGGER, onTrigger);

  async function rest(tx: Db, order: StockOrderRow): Promise<StockOrderRow> {
    const trigger = await engine.triggers.add(tx, {
      owner: STOCK_TRIGGER, ref: order.id, mode: order.mode, symbol: order.symbol,
      // a buy fills when the ask comes down to its price, a sell when the bid comes up to it
      direction: order.side === 'buy' ? 'lte' : 'gte', watch: order.side === 'buy' ? 'ask' : 'bid', price: order.price!,
    });
    await setFrozen(tx, order.id, order.frozen, order.holdId, trigger.id);
    return { ...order, triggerId: trigger.id };
  }

  /** Ends a pending order (cancelled by the user, or expired at its close) and releases what it holds, once. */
  async function finish(tx: Db, orderId: string, status: 'canceled' | 'expired', now: Date): Promise<StockOrderRow | undefined> {
    const seen = await findOrder(tx, { id: orderId });
    if (!seen) return undefined;
    // the trigger first, then the order: the order a firing trigger takes them in, so the two never deadlock
    if (seen.triggerId) await engine.triggers.cancel(tx, seen.triggerId);
    const held = await lockOrder(tx, orderId);
    if (held?.status !== 'pending') return undefined;
    const done = await finishOrder(tx, orderId, status, now);
    if (!done) return undefined;
    if (held.holdId) await releaseHold(tx, held.holdId, now);
    pushOrder(tx, done);
    return done;
  }

  return {
    plan,
    marketWalk,
    limitWalk,
    execute,
    finish,
    pushOrder,

    /**
     * userStock/buy and /sell. Checks in the order a user meets them: GTC on the day-trading book (dayTradingGtc), the symbol (unknownSymbol, notAStock), the
     * venue's hours (outOfTradingTime), lot and tick (invalidSize, invalidPrice), the rate (stockRateNotSet), then
     * in one transaction bound to the request id: the order, and a market execution (insufficientDepth when the
     * book is too thin; insufficientBalance when the wallet is short: nothing moves) or a limit's hold (filled at
     * once as taker where the book already crosses it), resting on its trigger.
     */
    async place(user: AuthUser, input: StockOrderInput & { requestId: string }): Promise<StockOrderRow> {
      const { requestId, ...request } = input;
      const book = input.book ?? 'stock';
      const call = await idempotent(db, clock, {
        key: { scope: 'stock-order', userId: user.id, mode: user.mode, requestId },
        request: { ...request, book, mode: user.mode },
        replay: (store, requestKey) => findOrder(store, { requestKey }),
      });
      if (call.first) return call.first;
      // day trading is for the day: a GTC there is refused, never quietly turned into a DAY order
      if (book === 'dayTrading' && input.timeInForce === 'GTC') throw refuse('dayTradingGtc');
      const at = clock().getTime();
      const p = await plan(input, at);
      const day = sessionDays(p.venue, at).latest!;
      const timeInForce = input.timeInForce ?? 'DAY';
      const marketFirst = p.limit ? undefined : marketWalk(p.symbol, p.venue.lotSize, input.side, input);

      return call.transaction(async (tx, now) => {
        let order = await insertOrder(tx, {
          userId: user.id, mode: user.mode, book, symbol: p.symbol, venue: p.venue.id, currency: p.venue.currency, side: input.side, type: input.type,
          timeInForce, origin: 'user', price: p.limit ? new Dec(input.price!).toFixed() : null,
          shares: marketFirst ? marketFirst.quantity.toFixed() : new Dec(input.shares!).toFixed(), feeRate: p.limit ? p.fees.makerFeeRate : p.fees.takerFeeRate, ...p.fees,
          rate: p.rate.rate, rateVersion: p.rate.version, frozenAsset: input.side === 'buy' ? 'USDT' : p.symbol,
          expiresAt: p.limit && timeInForce === 'DAY' ? new Date(day.close) : null, requestKey: call.key,
        }, now);
        if (marketFirst) {
          order = await execute(tx, order, marketFirst, p.tick, 'taker', p.priceDecimals, now);
        } else {
          const frozen = input.side === 'buy' ? buyHold(order.price!, order.shares, order.rate, order).toFixed() : order.shares;
          const hold = await placeHold(tx, {
            // the book's ledger wallet (spot for ordinary stocks' USDT, else the product's own: free text in the store)
            userId: user.id, mode: user.mode, wallet: bookAccount(user.id, user.mode, book, order.frozenAsset).wallet as UserWallet, asset: order.frozenAsset, amount: frozen,
            reason: STOCK_ORDER_HOLD, reference: { kind: STOCK_ORDER_REFERENCE, id: order.id },
          }, now);
          await setFrozen(tx, order.id, frozen, hold.id, null);
          order = { ...order, frozen, holdId: hold.id };
          const now_ = limitWalk(order);
          if (now_.quantity.gt(0)) order = await execute(tx, order, now_, p.tick, 'taker', p.priceDecimals, now);
          if (order.status === 'pending') order = await rest(tx, order);
        }
        pushOrder(tx, order);
        return order;
      });
    },

    /** userStock/cancel: a pending order of the user's, cancelled, its hold released. */
    async cancel(user: AuthUser, orderId: string): Promise<StockOrderRow> {
      return db.transaction(async (tx) => {
        const seen = await findOrder(tx, { id: orderId });
        if (!seen || seen.userId !== user.id || seen.mode !== user.mode) throw refuse('orderNotFound');
        const done = await finish(tx, orderId, 'canceled', clock());
        if (!done) throw refuse('orderNotCancellable');
        return done;
      });
    },

    /**
     * Expires every DAY order still open at its venue close, each in its own transaction, exactly once (the
     * status update is conditional, the release's ledger key unique): run by a job, so orders whose close passed
     * while the server was down expire at the next run. Answers how many expired.
     */
    async expireDue(store: Db, now: Date): Promise<number> {
      let expired = 0;
      for (const id of await dueDayOrders(store, now)) {
        if (await store.transaction((tx) => finish(tx, id, 'expired', now))) expired++;
      }
      return expired;
    },
  };
}

export type StockOrders = ReturnType<typeof createStockOrders>;
