import { exposure, initialMargin, notional, tradeFee, walkPrice, type PerpSide } from '@meridian/contracts';
import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { post, type Move } from '../ledger/ledger.js';
import type { Tick } from '../market/feed/port.js';
import { evidencePayload, type Evidence } from '../trading/evidence.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { quoteRate } from '../trading/quote-rate.js';
import { refuse } from '../trading/refusal.js';
import type { StoredTrigger, TriggerOutcome } from '../trading/triggers.js';
import type { markEvidence } from './closing.js';
import { OWNERS, type PerpContext } from './context.js';
import { isolatedLiquidationPrice } from './liquidation-price.js';
import { drawForFill, holdForOrder } from './order-hold.js';
import { insertOrder, orderById, recordOrderFill, setOrderTrigger } from './order-storage.js';
import { bookSide, mergeFill, partOf as planPart, planOpen, type OrderPart } from './order-plan.js';
import { checkOrderType, type OrderTypeInput } from './order-rules.js';
import { createOrderTypes, typeColumns } from './order-types.js';
import { addToPosition, insertOpenFill, insertPosition, lockPosition, mergeTargetId, setTpSlPrices, settingsOf } from './position-storage.js';
import { accounts } from './settlement.js';
import type { OrderRow, PositionRow } from './storage.js';
import { checkStopLossBeforeLiquidation } from './tpsl-rules.js';

export interface OpenInput extends OrderTypeInput {
  symbol: string;
  side: PerpSide;
  price?: string | undefined;
  /** Base quantity, or (exactly one of the two) a USDT amount the engine sizes the order by. */
  quantity?: string | undefined;
  amount?: string | undefined;
  leverage: number;
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
  requestId: string;
}

/** A resting limit's fill price: the top of the book when it is better than the limit (a gap through it), else the limit. */
const restingFillPrice = (side: 'buy' | 'sell', limit: string, top: string): string =>
  (side === 'buy' ? Dec.min(limit, top) : Dec.max(limit, top)).toFixed();
/** The top of the book: what a resting limit fills at when the tick gaps through it (server README, Prices). */
const priceOn = (tick: Tick, side: 'buy' | 'sell') => (side === 'buy' ? tick.ask : tick.bid);

/** Placing orders: market and limit orders, their fills into positions, resting limits that fill later, and the order types. */
export function createPlacing(ctx: PerpContext) {
  const { db, engine } = ctx;
  const refreshLiquidation: PerpContext['seams']['liquidation']['refreshLiquidation'] = (...a) => ctx.seams.liquidation.refreshLiquidation(...a);
  const refreshCross: PerpContext['seams']['liquidation']['refreshCross'] = (...a) => ctx.seams.liquidation.refreshCross(...a);
  const setTrigger: PerpContext['seams']['triggers']['setTrigger'] = (...a) => ctx.seams.triggers.setTrigger(...a);

  /**
   * A fill of an order into a position: merge mode adds to the open position of the same symbol and side
   * (quantity-weighted entry, margins summed), split mode (or none open) opens a new one with the order as parent.
   */
  async function fillOrder(
    tx: Db, whole: OrderRow, price: string, evidence: Evidence | ReturnType<typeof markEvidence>, now: Date, kind: 'open' | 'reverse' = 'open', part?: OrderPart,
  ): Promise<PositionRow> {
    // a limit order may fill in two parts (what the book crossed at placement, the rest when it rests and triggers):
    // the position, fill and receipt take the part's quantity, margin and fee; the order row adds the part up
    const order: OrderRow = part ? { ...whole, ...part } : whole;
    let target: PositionRow | undefined;
    if (order.positionMode === 'merge') {
      const id = await mergeTargetId(tx, order);
      if (id) target = await lockPosition(tx, id);
    }
    let position: PositionRow;
    if (target) {
      const { entryPrice, quoteRate: rate, margin } = mergeFill(order.side, target, order, price);
      await addToPosition(tx, target.id, { quantity: order.quantity, entryPrice, margin, fee: order.fee, leverage: order.leverage, quoteRate: rate });
      position = (await lockPosition(tx, target.id))!;
    } else {
      position = (await lockPosition(tx, await insertPosition(tx, order, price, now)))!;
    }
    const receipt = await engine.appendReceipt(tx, {
      kind: 'fill',
      chain: order.symbol,
      ref: `perp:${position.id}`,
      payload: {
        product: 'perpetual', kind, orderId: order.id, positionId: position.id, userId: order.userId, mode: order.mode, side: order.side, quantity: order.quantity, price, fee: order.fee, margin: order.margin, evidence: { ...evidencePayload(evidence as Evidence) },
        ...(order.quoteRateEvidence ? { quoteRate: order.quoteRate, quoteRateEvidence: order.quoteRateEvidence } : {}),
      },
    });
    await insertOpenFill(tx, { positionId: position.id, order, kind, price, evidence: evidencePayload(evidence as Evidence), receiptSeq: receipt.seq, now });
    // the order's own average (done_price) is over its own fills, never the merged position's entry
    const done = new Dec(whole.doneQuantity).plus(order.quantity);
    const complete = done.gte(whole.quantity);
    const donePrice = walkPrice({ quantity: done, value: new Dec(whole.doneQuantity).times(whole.donePrice ?? 0).plus(new Dec(order.quantity).times(price)) }, bookSide(order.side, true), order.priceDecimals);
    const heldLeft = complete ? '0' : new Dec(whole.held).minus(order.margin).minus(order.fee).toFixed();
    await recordOrderFill(tx, order.id, {
      status: complete ? (target ? 'merged' : 'completed') : 'pending', donePrice, positionId: position.id, doneAt: complete ? now : null, doneQuantity: done.toFixed(), held: heldLeft,
    });
    if (order.takeProfit !== null) await setTrigger(tx, position, 'tp', order.takeProfit);
    if (order.stopLoss !== null) await setTrigger(tx, position, 'sl', order.stopLoss);
    await setTpSlPrices(tx, position.id, order.takeProfit, order.stopLoss, true);
    await refreshLiquidation(tx, order.userId, order.mode, (await lockPosition(tx, position.id))!);
    ctx.push(tx, order.userId, order.mode, target ? 'POSITION_UPDATE' : 'POSITION_OPEN', { symbol: order.symbol, positionId: position.id, orderId: order.id });
    return (await lockPosition(tx, position.id))!;
  }

  /** Places an order; a market order, and what the book already crosses of a limit order, fill now in the same transaction. */
  async function place(tx: Db, user: AuthUser, input: OpenInput, requestKey: string, now: Date, kind: 'open' | 'reverse' = 'open'): Promise<{ order: OrderRow; position: PositionRow | null }> {
    // reduce-only and conditional orders (order-types.ts): their own placement, with this place() for what a stop becomes
    if (types.handles(input)) return types.place(tx, user, input, requestKey, now);
    const terms = await ctx.currentTermsOf(tx, input.symbol);
    // the leverage was checked against the terms read before the transaction; an operator change in between counts
    if (kind === 'open' && !terms.leverages.includes(input.leverage)) throw refuse('leverageNotOffered');
    const settings = await settingsOf(tx, user.id, user.mode);
    const tick = ctx.tickOf(terms.symbol);
    const limit = input.type === 'limit';
    const take = bookSide(input.side, true);
    const conversion = quoteRate(terms.quote, (symbol) => engine.tick(symbol));
    if (!conversion) throw refuse('symbolNotTradable', { symbol: terms.symbol });
    // (a conditional type was placed by order-types above) what fills now (taker, walked) and what rests (maker, at
    // its limit): the plan estimate() shows (order-plan.ts);
    // post-only, IOC and FOK decide on what the book crosses at once (order-rules.ts)
    const { quantity, now: now$, part, rest, rests, margin, fee } = planOpen(terms, input as OpenInput & { type: 'limit' | 'market' }, ctx.bookOf(terms.symbol, take), conversion.rate, (t, q) => engine.checkQuantity(t, q), (q, crossed) =>
      types.limitRule(checkOrderType(input), q, crossed).rests,
    );
    const free = await ctx.available(tx, user.id, user.mode);
    if (margin.plus(fee).gt(free)) throw refuse('marginAboveAvailable');
    if (limit) await engine.requireOpenOrderRoom(tx, user);
    const order = await insertOrder(tx, {
      user_id: user.id, mode: user.mode, symbol: terms.symbol, side: input.side, type: input.type, status: limit ? 'pending' : 'opening',
      price: limit ? input.price! : null, quantity, amount: input.amount ?? null, leverage: input.leverage, margin_mode: settings.marginMode, position_mode: settings.positionMode,
      held: limit ? margin.plus(fee).toFixed() : '0', margin: margin.toFixed(), fee: fee.toFixed(), take_profit: input.takeProfit ?? null, stop_loss: input.stopLoss ?? null,
      maker_fee_rate: terms.makerFeeRate, taker_fee_rate: terms.takerFeeRate, price_decimals: terms.priceDecimals,
      maintenance_tiers: JSON.stringify(terms.maintenanceTiers), terms_version: terms.version, request_key: requestKey, created_at: now,
      quote_rate: conversion.rate, quote_rate_evidence: conversion.evidence && JSON.stringify(conversion.evidence), ...typeColumns(input),
    });
    const acc = accounts(user.id, user.mode);
    // a limit order's margin and fee wait in its named hold, and what fills now is drawn from it into the frozen
    // part; a market order's go straight there (the user's own accounts only). The fee of what fills now is charged
    // to the platform's `fees` account as the transaction's last step (a resting part's when it fills)
    const holdId = limit ? await holdForOrder(tx, order, margin.plus(fee).toFixed(), requestKey, now) : null;
    if (!limit) {
      const moves: Move[] = [{ from: acc.available, to: acc.frozen, amount: margin.plus(fee).toFixed() }];
      await post(tx, { key: requestKey, cause: { type: 'perpetual', id: order.id }, moves }, now);
    }
    let position: PositionRow | null = null;
    if (part && now$) {
      if (holdId) await drawForFill(tx, { ...order, holdId }, { toFrozen: new Dec(part.margin).plus(part.fee) }, `${requestKey}:fill`, now);
      if (new Dec(part.fee).gt(0)) await ctx.chargeAtCommit(tx, { key: `${requestKey}:fee`, cause: { type: 'perpetual', id: order.id }, moves: [{ from: acc.frozen, to: acc.fees, amount: part.fee }] }, now);
      position = await fillOrder(tx, order, now$.price, engine.evidenceOf(tick, take, now$.levels), now, kind, part);
      // the liquidation price is known once filled; a refusal rolls the whole placement back
      checkStopLossBeforeLiquidation(input.side, input.stopLoss, position.liquidationPrice);
      if (!rests) await types.expireRest(tx, order.id, now);
    } else if (rest && settings.marginMode === 'isolated') {
      // nothing filled yet: an isolated position's liquidation price follows from the order alone (a cross one's
      // depends on the account when it fills)
      checkStopLossBeforeLiquidation(input.side, input.stopLoss, isolatedLiquidationPrice({
        side: input.side, quantity: rest.quantity, quoteRate: conversion.rate, entryPrice: input.price!, margin: rest.margin, tiers: terms.maintenanceTiers, priceDecimals: terms.priceDecimals,
      }));
    }
    if (rest) {
      // a long buys when the ask comes down to its price, a short sells when the bid comes up to it
      const trigger = await engine.triggers.add(tx, {
        owner: OWNERS.limit, ref: order.id, mode: user.mode, symbol: terms.symbol,
        direction: input.side === 'long' ? 'lte' : 'gte', watch: input.side === 'long' ? 'ask' : 'bid', price: input.price!,
      });
      await setOrderTrigger(tx, order.id, trigger.id);
      // what the order holds left the available balance that backs the cross positions
      await refreshCross(tx, user.id, user.mode);
      ctx.push(tx, user.id, user.mode, 'POSITION_ORDER', { symbol: terms.symbol, orderId: order.id });
    }
    return { order: (await orderById(tx, order.id))!, position };
  }

  /**
   * A resting limit order whose price the tick crossed: the rest fills whole as maker at the better for the user of
   * its limit and the top of the book it takes (a tick that gaps through the limit gives the gap to the user). Its
   * margin stays the one held at the limit price; its fee is the maker fee on the fill, never more than was held
   * (what the better price saves goes back to the available balance).
   */
  const limitHandler = async (tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> => {
    const order = await orderById(tx, trigger.ref, true);
    if (!order || order.status !== 'pending') return 'fired';
    const take = bookSide(order.side, true);
    const price = restingFillPrice(take, order.price!, priceOn(tick, take));
    const quantity = new Dec(order.quantity).minus(order.doneQuantity).toFixed();
    const margin = new Dec(initialMargin(notional(order.price!, exposure(quantity, order.quoteRate)), order.leverage).toFixed());
    const held = new Dec(order.held);
    const fee = Dec.min(held.minus(margin), tradeFee(notional(price, exposure(quantity, order.quoteRate)), order.makerFeeRate).toFixed());
    const acc = accounts(order.userId, order.mode);
    const saved = held.minus(margin).minus(fee);
    // the order's hold is drawn to its end: margin and fee into the frozen part, what the price saved back
    await drawForFill(tx, order, { toFrozen: margin.plus(fee), back: saved }, `perp-limit-saved:${order.id}`, now);
    // the fee is charged now; the margin stays frozen as the position's
    if (fee.gt(0)) await ctx.chargeAtCommit(tx, { key: `perp-limit-fill:${order.id}`, cause: { type: 'perpetual', id: order.id }, moves: [{ from: acc.frozen, to: acc.fees, amount: fee.toFixed() }] }, now);
    const evidence = engine.evidenceOf(tick, take, [[price, quantity]]);
    await fillOrder(tx, order, price, evidence, now, 'open', { quantity, margin: margin.toFixed(), fee: fee.toFixed() });
    return 'fired';
  };

  engine.triggers.register(OWNERS.limit, limitHandler);
  const types = createOrderTypes({
    db, engine, currentTermsOf: ctx.currentTermsOf, settingsOf, tickOf: ctx.tickOf, bookOf: ctx.bookOf,
    partOf: (_terms: InstrumentTerms, quantity: string, price: string, rate: string, leverage: number, feeRate: string) => planPart(quantity, price, rate, leverage, feeRate),
    insertOrder, available: ctx.available, refreshCross, push: ctx.push,
    closeLocked: (...a) => ctx.seams.closing.closeLocked(...a),
    place: (tx, user, input, key, now) => place(tx, user, input, key, now),
  });

  return { place, release: types.release };
}

export type Placing = ReturnType<typeof createPlacing>;
