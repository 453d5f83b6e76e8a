import {
  exposure,
  initialMargin,
  notional,
  pnl,
  tradeFee,
  type PerpSide,
  type PerpetualPushAction,
  walkPrice,
} from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import { AppError } from '../../http/envelope.js';
import type { AuthUser } from '../identity/auth.js';
import { Dec } from '../ledger/decimal.js';
import { available, post, type Mode, type Move, type Posting } from '../ledger/ledger.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import type { Tick } from '../market/feed/port.js';
import { afterCommit, beforeCommit, pushToUser } from '../platform/user-events.js';
import type { TradingEngine } from '../trading/engine.js';
import { evidencePayload, type Evidence } from '../trading/evidence.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { quoteRate } from '../trading/quote-rate.js';
import { refuse } from '../trading/refusal.js';
import type { StoredTrigger, TriggerOutcome } from '../trading/triggers.js';
import { createAdl, type AdlFill } from './adl.js';
import { CrossBook, crossStanding } from './cross.js';
import { createPerpEstimate } from './estimate.js';
import { crossLegOf, crossLiquidationPrices, isolatedLiquidationPrice, legOf } from './liquidation-price.js';
import { settleFundingCovered } from './insurance.js';
import { bookSide, marketFill as walkFill, mergeFill, partOf as planPart, planOpen, walkedLevels as walkedBook, type MarketFill, type OrderPart } from './order-plan.js';
import { checkOrderType, type OrderTypeInput } from './order-rules.js';
import { createOrderTypes, typeColumns } from './order-types.js';
import { accounts } from './settlement.js';
import { markOf, type OrderRow, type PositionRow, ORDER_COLUMNS, POSITION_COLUMNS } from './storage.js';

type CloseKind = 'close' | 'take_profit' | 'stop_loss' | 'liquidation' | 'reverse' | 'adl';
const CLOSE_TYPE: Record<CloseKind, string> = { close: 'manual', take_profit: 'take_profit', stop_loss: 'stop_loss', liquidation: 'liquidation', reverse: 'reverse', adl: 'adl' };

/** Trigger owners in the engine's trigger book. */
export const OWNERS = { limit: 'perp-limit', takeProfit: 'perp-tp', stopLoss: 'perp-sl', liquidation: 'perp-liq' } as const;

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

/**
 * A fill's evidence when it used the mark (liquidation), not a side of the book: `levels` are the book levels the
 * same size takes walking the depth (what the desk closes it against), shown beside the mark the accounting uses.
 */
function markEvidence(engine: TradingEngine, tick: Tick, levels: [string, string][] = []): Omit<Evidence, 'sideUsed'> & { sideUsed: 'last' } {
  return { ...engine.evidenceOf(tick, 'buy', levels), sideUsed: 'last' };
}

/** A resting limit's fill price: the top of the book when it is better than the limit (a gap through it), else the limit. */
const restingFillPrice = (side: 'buy' | 'sell', limit: string, top: string): string =>
  (side === 'buy' ? Dec.min(limit, top) : Dec.max(limit, top)).toFixed();
/** The top of the book: what a take-profit or stop-loss close fills at (server README, Prices). */
const priceOn = (tick: Tick, side: 'buy' | 'sell') => (side === 'buy' ? tick.ask : tick.bid);


const MINUTE_MS = 60_000;

/** The mark a funding time is paid at, with when it was recorded and whether that was within the minute before. */
interface FundingMark {
  price: string;
  at: Date;
  covered: boolean;
}

export function createPerpetual(deps: { db: Db; engine: TradingEngine; log?: FastifyBaseLogger }) {
  const { db, engine } = deps;
  const clock = () => engine.clock();
  const crossBook = new CrossBook();
  // the insurance fund's cap, its floor alert and auto-deleveraging (adl.ts); an ADL close is a close of this engine
  const adl = createAdl({ engine, log: deps.log, close: (tx, pos, quantity, tick, now, key, at) => closeLocked(tx, pos, quantity, 'adl', tick, now, key, at) });

  function tickOf(symbol: string): Tick {
    const tick = engine.tick(symbol);
    if (!tick) throw refuse('symbolNotTradable', { symbol });
    return tick;
  }

  function termsOf(symbol: string): InstrumentTerms {
    const terms = engine.instruments.find(symbol.toUpperCase());
    if (!terms || !terms.perpetualEnabled) throw refuse('symbolNotTradable', { symbol });
    return terms;
  }

  /**
   * The terms an order copies, read from the database with `q` (in the order's transaction): an operator change
   * (`trading:instrument-set`, maybe from another process) applies to the next order at once, never after a cache
   * happens to be refreshed.
   */
  async function currentTermsOf(q: Db, symbol: string): Promise<InstrumentTerms> {
    const terms = await engine.instruments.current(q, symbol);
    if (!terms.perpetualEnabled) throw refuse('symbolNotTradable', { symbol });
    return terms;
  }

  /** The depth a market order takes: the asks for a buy, the bids for a sell. */
  function bookOf(symbol: string, side: 'buy' | 'sell') {
    const depth = engine.depth(symbol);
    return side === 'buy' ? depth.asks : depth.bids;
  }

  /** A market fill of `quantity` walking the depth on `side` (order-plan's marketFill; forex pairs have a book too). */
  const marketFill = (symbol: string, side: 'buy' | 'sell', quantity: string, priceDecimals: number): MarketFill =>
    walkFill(bookOf(symbol, side), side, quantity, priceDecimals);

  /** The levels `quantity` takes walking the depth on `side` (as far as the book goes; the evidence of a liquidation). */
  const walkedLevels = (symbol: string, side: 'buy' | 'sell', quantity: string) => walkedBook(bookOf(symbol, side), side, quantity);

  /** TP above and SL below the mark for a long; the other way for a short. */
  function checkTriggers(side: PerpSide, mark: string, takeProfit: string | null | undefined, stopLoss: string | null | undefined): void {
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
  function checkStopLossBeforeLiquidation(side: PerpSide, stopLoss: string | null | undefined, liquidation: string | null): void {
    if (stopLoss == null || liquidation === null) return;
    if (side === 'long' && new Dec(stopLoss).lte(liquidation)) throw refuse('stopLossAboveLiquidation', { liquidation });
    if (side === 'short' && new Dec(stopLoss).gte(liquidation)) throw refuse('stopLossBelowLiquidation', { liquidation });
  }

  const push = (tx: Db, userId: string, mode: Mode, action: PerpetualPushAction, fields: { symbol: string; positionId?: string; orderId?: string }) =>
    pushToUser(tx, userId, { action, mode, ...fields });

  async function lockPosition(tx: Db, id: string): Promise<PositionRow | undefined> {
    const { rows } = await tx.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0];
  }

  async function ownOpenPosition(tx: Db, user: AuthUser, id: string): Promise<PositionRow> {
    const row = await lockPosition(tx, id);
    if (!row || row.userId !== user.id || row.mode !== user.mode || row.status !== 'open') throw refuse('positionNotFound');
    return row;
  }

  /**
   * Posts a charge from the user's frozen part (held earlier in this transaction) to a platform account as the
   * transaction's last step. Every fill credits the platform's one `fees` row; posted at once, its row lock would
   * be held from the fill to the commit and queue every fill on the platform behind it, as the receipt chain's
   * head once did. At once on a store without transaction steps.
   */
  async function chargeAtCommit(tx: Db, posting: Posting, now: Date): Promise<void> {
    if (!beforeCommit(tx, async () => void (await post(tx, posting, now)))) await post(tx, posting, now);
  }

  const available$ = (tx: Db, userId: string, mode: Mode) => available(tx, { holder: userId, mode, wallet: 'contract', asset: 'USDT' });

  // ── triggers of a position ───────────────────────────────────────────────────────────────────────────────

  /** Replaces a position's TP, SL or liquidation trigger (null: none). */
  async function setTrigger(tx: Db, pos: PositionRow, which: 'tp' | 'sl' | 'liq', price: string | null): Promise<string | null> {
    const column = { tp: 'tp_trigger_id', sl: 'sl_trigger_id', liq: 'liq_trigger_id' }[which];
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
    await tx.query(`UPDATE perp_positions SET ${column} = $2 WHERE id = $1`, [pos.id, id]);
    return id;
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

  async function refreshCross(tx: Db, userId: string, mode: Mode): Promise<void> {
    const { rows } = await tx.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open' AND margin_mode = 'cross' ORDER BY id`,
      [userId, mode],
    );
    if (!rows.length) {
      afterCommit(tx, () => crossBook.note({ userId, mode, free: '0', legs: [] }));
      return;
    }
    const free = await available$(tx, userId, mode);
    afterCommit(tx, () => crossBook.note({ userId, mode, free, legs: rows.map(legOf) }));
    const prices = crossLiquidationPrices(rows.map(crossLegOf), free, (symbol) => engine.tick(symbol));
    for (const p of rows) await applyLiquidation(tx, p, prices.get(p.id) ?? null);
  }

  async function applyLiquidation(tx: Db, pos: PositionRow, text: string | null): Promise<void> {
    if (text === pos.liquidationPrice && (text === null) === (pos.liqTriggerId === null)) return;
    await tx.query('UPDATE perp_positions SET liquidation_price = $2 WHERE id = $1', [pos.id, text]);
    await setTrigger(tx, pos, 'liq', text);
  }

  // ── opening ──────────────────────────────────────────────────────────────────────────────────────────────

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
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM perp_positions WHERE user_id = $1 AND mode = $2 AND symbol = $3 AND side = $4 AND status = 'open' ORDER BY id LIMIT 1`,
        [order.userId, order.mode, order.symbol, order.side],
      );
      if (rows[0]) target = await lockPosition(tx, rows[0].id);
    }
    let position: PositionRow;
    if (target) {
      const { entryPrice: entry, quoteRate: rate, margin } = mergeFill(order.side, target, order, price);
      await tx.query(
        `UPDATE perp_positions SET quantity = quantity + $2, entry_price = $3, margin = $4, peak_margin = GREATEST(peak_margin, $4), fees = fees + $5,
                leverage = $6, quote_rate = $7 WHERE id = $1`,
        [target.id, order.quantity, entry, margin, order.fee, order.leverage, rate],
      );
      position = (await lockPosition(tx, target.id))!;
    } else {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO perp_positions (user_id, mode, symbol, side, status, quantity, entry_price, leverage, margin_mode, margin, peak_margin, fees,
                                     parent_order_id, taker_fee_rate, price_decimals, maintenance_tiers, terms_version, opened_at, quote_rate,
                                     funding_rate, funding_interval_hours)
         SELECT $1, $2, $3, $4, 'open', $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                -- the funding terms of the version the order was placed under, frozen like its fee and tiers
                (v.terms->>'fundingRate')::numeric, (v.terms->>'fundingIntervalHours')::integer
           FROM (SELECT 1) one LEFT JOIN trading_instrument_versions v ON v.symbol = $3 AND v.version = $15
         RETURNING id`,
        [order.userId, order.mode, order.symbol, order.side, order.quantity, price, order.leverage, order.marginMode, order.margin, order.fee,
          order.id, order.takerFeeRate, order.priceDecimals, JSON.stringify(order.tiers), order.termsVersion, now, order.quoteRate],
      );
      position = (await lockPosition(tx, rows[0]!.id))!;
    }
    const receipt = await engine.appendReceipt(tx, {
      kind: 'fill',
      ref: `perp:${position.id}`,
      payload: {
        product: 'perpetual', kind, orderId: order.id, positionId: position.id, userId: order.userId, mode: order.mode, side: order.side, quantity: order.quantity, price, fee: order.fee, margin: order.margin, evidence: { ...evidencePayload(evidence as Evidence) },
        ...(order.quoteRateEvidence ? { quoteRate: order.quoteRate, quoteRateEvidence: order.quoteRateEvidence } : {}),
      },
    });
    await tx.query(
      `INSERT INTO perp_fills (position_id, order_id, user_id, mode, kind, side, quantity, price, fee, realised_pnl, evidence, receipt_seq, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12)`,
      [position.id, order.id, order.userId, order.mode, kind, order.side, order.quantity, price, order.fee, JSON.stringify(evidencePayload(evidence as Evidence)), receipt.seq, now],
    );
    // the order's own average (done_price) is over its own fills, never the merged position's entry
    const done = new Dec(whole.doneQuantity).plus(order.quantity);
    const complete = done.gte(whole.quantity);
    const donePrice = walkPrice({ quantity: done, value: new Dec(whole.doneQuantity).times(whole.donePrice ?? 0).plus(new Dec(order.quantity).times(price)) }, bookSide(order.side, true), order.priceDecimals);
    const heldLeft = complete ? '0' : new Dec(whole.held).minus(order.margin).minus(order.fee).toFixed();
    await tx.query(`UPDATE perp_orders SET status = $2, done_quantity = $6, done_price = $3, position_id = $4, done_at = $5, held = $7 WHERE id = $1`, [
      order.id,
      complete ? (target ? 'merged' : 'completed') : 'pending',
      donePrice,
      position.id,
      complete ? now : null,
      done.toFixed(),
      heldLeft,
    ]);
    if (order.takeProfit !== null) await setTrigger(tx, position, 'tp', order.takeProfit);
    if (order.stopLoss !== null) await setTrigger(tx, position, 'sl', order.stopLoss);
    await tx.query('UPDATE perp_positions SET take_profit = COALESCE($2, take_profit), stop_loss = COALESCE($3, stop_loss) WHERE id = $1', [position.id, order.takeProfit, order.stopLoss]);
    await refreshLiquidation(tx, order.userId, order.mode, (await lockPosition(tx, position.id))!);
    push(tx, order.userId, order.mode, target ? 'POSITION_UPDATE' : 'POSITION_OPEN', { symbol: order.symbol, positionId: position.id, orderId: order.id });
    return (await lockPosition(tx, position.id))!;
  }

  async function insertOrder(tx: Db, row: Record<string, unknown>): Promise<OrderRow> {
    const columns = Object.keys(row);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO perp_orders (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      columns.map((c) => row[c]),
    );
    return (await orderById(tx, rows[0]!.id))!;
  }

  async function orderById(tx: Db, id: string, lock = false): Promise<OrderRow | undefined> {
    const { rows } = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM perp_orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  /** Places an order; a market order, and what the book already crosses of a limit order, fill now in the same transaction. */
  async function place(tx: Db, user: AuthUser, input: OpenInput, requestKey: string, now: Date, kind: 'open' | 'reverse' = 'open'): Promise<{ order: OrderRow; position: PositionRow | null }> {
    // reduce-only and conditional orders (order-types.ts): their own placement, with this place() for what a stop becomes
    if (types.handles(input)) return types.place(tx, user, input, requestKey, now);
    const terms = await currentTermsOf(tx, input.symbol);
    // the leverage was checked against the terms read before the transaction; an operator change in between counts
    if (kind === 'open' && !terms.leverages.includes(input.leverage)) throw refuse('leverageNotOffered');
    const settings = await settingsOf(tx, user.id, user.mode);
    const tick = tickOf(terms.symbol);
    const limit = input.type === 'limit';
    const take = bookSide(input.side, true);
    const conversion = quoteRate(terms.quote, (symbol) => engine.tick(symbol));
    if (!conversion) throw refuse('symbolNotTradable', { symbol: terms.symbol });
    // (a conditional type was placed by order-types above) what fills now (taker, walked) and what rests (maker, at
    // its limit): the plan estimate() shows (order-plan.ts);
    // post-only, IOC and FOK decide on what the book crosses at once (order-rules.ts)
    const { quantity, now: now$, part, rest, rests, margin, fee } = planOpen(terms, input as OpenInput & { type: 'limit' | 'market' }, bookOf(terms.symbol, take), conversion.rate, (t, q) => engine.checkQuantity(t, q), (q, crossed) =>
      types.limitRule(checkOrderType(input), q, crossed).rests,
    );
    const free = await available$(tx, user.id, user.mode);
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
    // the margin and fee are held (the user's own accounts only); the fee of what fills now is charged to the
    // platform's `fees` account as the transaction's last step (a resting part's when it fills)
    const moves: Move[] = [{ from: acc.available, to: acc.frozen, amount: margin.plus(fee).toFixed() }];
    await post(tx, { key: requestKey, cause: { type: 'perpetual', id: order.id }, moves }, now);
    let position: PositionRow | null = null;
    if (part && now$) {
      if (new Dec(part.fee).gt(0)) await chargeAtCommit(tx, { key: `${requestKey}:fee`, cause: { type: 'perpetual', id: order.id }, moves: [{ from: acc.frozen, to: acc.fees, amount: part.fee }] }, now);
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
      await tx.query('UPDATE perp_orders SET trigger_id = $2 WHERE id = $1', [order.id, trigger.id]);
      // what the order holds left the available balance that backs the cross positions
      await refreshCross(tx, user.id, user.mode);
      push(tx, user.id, user.mode, 'POSITION_ORDER', { symbol: terms.symbol, orderId: order.id });
    }
    return { order: (await orderById(tx, order.id))!, position };
  }

  // ── closing ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Closes `quantity` of a locked open position, in the caller's transaction (`at`: an ADL close's price and evidence). */
  async function closeLocked(tx: Db, pos: PositionRow, quantity: string, kind: CloseKind, tick: Tick, now: Date, requestKey: string, at?: AdlFill): Promise<PositionRow> {
    const liquidation = kind === 'liquidation';
    const take = bookSide(pos.side, false);
    // every close but a liquidation is a market order walking the depth it takes (a close the user asks for, a
    // reverse, a TP or SL alike: the same size closes at the same price whatever triggered it; TP/SL at the top of
    // the book filled a large size better than the book). A liquidation closes at the mark, the rule the bankruptcy
    // accounting rests on, and its evidence lists the levels the same size takes walking the book.
    // an ADL close is at the bankrupt position's bankruptcy price, fee-free, its evidence saying so
    const fill = liquidation || at ? null : marketFill(pos.symbol, take, quantity, pos.priceDecimals);
    const price = fill?.price ?? at?.price ?? markOf(tick, pos.entryPrice);
    const evidence = fill ? engine.evidenceOf(tick, take, fill.levels) : { ...markEvidence(engine, tick, at ? [] : walkedLevels(pos.symbol, take, quantity)), ...at?.evidence };
    const settlement = await adl.settle(tx, {
      userId: pos.userId, mode: pos.mode, side: pos.side, marginMode: pos.marginMode, entryPrice: pos.entryPrice, quantity: exposure(pos.quantity, pos.quoteRate), margin: pos.margin,
      closed: exposure(quantity, pos.quoteRate), price, takerFeeRate: at ? '0' : pos.takerFeeRate, liquidation, available: await available$(tx, pos.userId, pos.mode),
    });
    if (settlement.moves.length) await post(tx, { key: requestKey, cause: { type: 'perpetual', id: pos.id }, moves: settlement.moves }, now);
    const receipt = await engine.appendReceipt(tx, {
      kind: liquidation ? 'liquidation' : 'fill',
      ref: `perp:${pos.id}`,
      payload: {
        product: 'perpetual', kind, positionId: pos.id, userId: pos.userId, mode: pos.mode, side: pos.side, quantity, price,
        fee: settlement.fee.toFixed(), realisedPnl: settlement.realisedPnl.toFixed(), toInsurance: settlement.toInsurance.toFixed(),
        shortfall: settlement.shortfall.toFixed(), evidence: evidencePayload(evidence as Evidence),
      },
    });
    await tx.query(
      `INSERT INTO perp_fills (position_id, user_id, mode, kind, side, quantity, price, fee, realised_pnl, evidence, receipt_seq, request_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [pos.id, pos.userId, pos.mode, kind, pos.side, quantity, price, settlement.fee.toFixed(), settlement.realisedPnl.toFixed(),
        JSON.stringify(evidencePayload(evidence as Evidence)), receipt.seq, requestKey, now],
    );
    if (liquidation || settlement.shortfall.gt(0) || settlement.uncovered.gt(0)) {
      await tx.query(
        `INSERT INTO perp_liquidations (position_id, mark_price, to_insurance, shortfall, receipt_seq, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (position_id) DO NOTHING`,
        [pos.id, price, settlement.toInsurance.toFixed(), settlement.shortfall.toFixed(), receipt.seq, now],
      );
    }
    const whole = new Dec(quantity).gte(pos.quantity);
    const marginLeft = whole ? '0' : new Dec(pos.margin).minus(settlement.releasedMargin).toFixed();
    await tx.query(
      `UPDATE perp_positions SET quantity = quantity - $2, closed_quantity = closed_quantity + $2, margin = $3, trade_pnl = trade_pnl + $4, fees = fees + $5,
              status = $6, close_type = $7, close_price = $8, closed_at = $9 WHERE id = $1`,
      [pos.id, quantity, marginLeft, settlement.realisedPnl.toFixed(), settlement.fee.toFixed(), whole ? 'closed' : 'open', whole ? CLOSE_TYPE[kind] : null, whole ? price : null, whole ? now : null],
    );
    let after = (await lockPosition(tx, pos.id))!;
    if (whole) {
      for (const which of ['tp', 'sl', 'liq'] as const) await setTrigger(tx, after, which, null);
      after = (await lockPosition(tx, pos.id))!;
    }
    await refreshLiquidation(tx, pos.userId, pos.mode, after);
    push(tx, pos.userId, pos.mode, whole ? 'POSITION_CLOSE' : 'POSITION_UPDATE', { symbol: pos.symbol, positionId: pos.id });
    await adl.afterClose(tx, { position: pos, quantity, kind, price, tick, settlement, now, key: requestKey });
    return (await lockPosition(tx, pos.id))!;
  }

  // ── trigger handlers ─────────────────────────────────────────────────────────────────────────────────────

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
    if (saved.gt(0)) await post(tx, { key: `perp-limit-saved:${order.id}`, cause: { type: 'perpetual', id: order.id }, moves: [{ from: acc.frozen, to: acc.available, amount: saved.toFixed() }] }, now);
    // the fee held with the order is charged now; its margin stays frozen as the position's
    if (fee.gt(0)) await chargeAtCommit(tx, { key: `perp-limit-fill:${order.id}`, cause: { type: 'perpetual', id: order.id }, moves: [{ from: acc.frozen, to: acc.fees, amount: fee.toFixed() }] }, now);
    const evidence = engine.evidenceOf(tick, take, [[price, quantity]]);
    await fillOrder(tx, order, price, evidence, now, 'open', { quantity, margin: margin.toFixed(), fee: fee.toFixed() });
    return 'fired';
  };

  const positionHandler = (kind: 'take_profit' | 'stop_loss') => async (tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> => {
    const pos = await lockPosition(tx, trigger.ref);
    if (!pos || pos.status !== 'open') return 'fired';
    try {
      await closeLocked(tx, pos, pos.quantity, kind, tick, now, `perp-${kind}:${trigger.id}`);
    } catch (error) {
      // a book too thin for the whole size refuses it as it refuses a manual close: nothing moves, the trigger stays
      // pending and the next crossing tick (a new book) tries again; liquidation still guards the margin meanwhile
      if (error instanceof AppError && error.reason === 'insufficientDepth') return 'skip';
      throw error;
    }
    return 'fired';
  };

  const liquidationHandler = async (tx: Db, trigger: StoredTrigger, tick: Tick, now: Date): Promise<TriggerOutcome> => {
    const pos = await lockPosition(tx, trigger.ref);
    if (!pos || pos.status !== 'open') return 'fired';
    if (pos.marginMode === 'cross') {
      // the price assumed the other cross positions at their marks then: the account as it is now decides
      await tx.query('UPDATE perp_positions SET liq_trigger_id = NULL WHERE id = $1', [pos.id]);
      if (!(await liquidateCrossIfDue(tx, pos.userId, pos.mode, now))) await refreshCross(tx, pos.userId, pos.mode);
      return 'fired';
    }
    await closeLocked(tx, pos, pos.quantity, 'liquidation', tick, now, `perp-liquidation:${trigger.id}`);
    return 'fired';
  };

  /**
   * Liquidates a cross account whose equity (available + Σ margin + Σ unrealised P/L) is at or below the sum of
   * its positions' maintenance margins: the position losing most first, at its mark, then again while the account
   * stays at or below maintenance. Answers whether anything was liquidated.
   */
  async function liquidateCrossIfDue(tx: Db, userId: string, mode: Mode, now: Date): Promise<boolean> {
    let liquidated = false;
    for (;;) {
      const { rows } = await tx.query<PositionRow>(
        `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open' AND margin_mode = 'cross' ORDER BY id FOR UPDATE`,
        [userId, mode],
      );
      if (!rows.length) return liquidated;
      const tickOf$ = (symbol: string) => engine.tick(symbol);
      const { equity, maintenance } = crossStanding({ free: await available$(tx, userId, mode), legs: rows.map(legOf) }, tickOf$);
      if (equity.gt(maintenance)) return liquidated;
      const loss = (p: PositionRow) => pnl(p.side, p.entryPrice, markOf(tickOf$(p.symbol), p.entryPrice), exposure(p.quantity, p.quoteRate));
      const worst = rows.reduce((a, b) => (loss(b).lt(loss(a)) ? b : a));
      await closeLocked(tx, worst, worst.quantity, 'liquidation', tickOf(worst.symbol), now, `perp-liquidation:position:${worst.id}`);
      liquidated = true;
    }
  }

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
        await db.transaction((tx) => liquidateCrossIfDue(tx, account.userId, account.mode, clock()));
      } catch (error) {
        // the account stays in crossBook: the next tick of one of its symbols proposes it again
        deps.log?.error({ err: error, account: key }, 'perpetual: a cross liquidation failed');
      }
    }
  }

  /** Rebuilds crossBook from the open cross positions (at start: it is memory, the rows are the truth). */
  async function loadCross(): Promise<number> {
    crossBook.clear();
    const { rows } = await db.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE status = 'open' AND margin_mode = 'cross' ORDER BY user_id, mode, id`);
    const byAccount = new Map<string, PositionRow[]>();
    for (const row of rows) {
      const key = `${row.userId}:${row.mode}`;
      byAccount.set(key, [...(byAccount.get(key) ?? []), row]);
    }
    for (const legs of byAccount.values()) {
      if (legs.length < 2) continue;
      const { userId, mode } = legs[0]!;
      crossBook.note({ userId, mode, free: await available$(db, userId, mode), legs: legs.map(legOf) });
    }
    return crossBook.size;
  }

  // ── the contract wallet's port (transfers and demo resets of the wallet module) ─────────────────────────

  /**
   * Money may leave the contract wallet only while the cross equity stays above maintenance after it (a transfer
   * that would make the cross positions liquidatable is refused instead).
   */
  async function beforeWithdraw(tx: Db, change: { userId: string; mode: Mode; asset: string; amount: string }): Promise<void> {
    if (change.asset !== 'USDT') return;
    const { rows } = await tx.query<PositionRow>(
      `SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open' AND margin_mode = 'cross' ORDER BY id FOR UPDATE`,
      [change.userId, change.mode],
    );
    if (!rows.length) return;
    const free = new Dec(await available$(tx, change.userId, change.mode)).minus(change.amount);
    const { equity, maintenance } = crossStanding({ free: free.toFixed(), legs: rows.map(legOf) }, (symbol) => engine.tick(symbol));
    if (equity.lte(maintenance)) throw refuse('transferBelowMaintenance', { maintenance: maintenance.toFixed() });
  }

  /** After the wallet module moved the contract wallet's USDT: the cross liquidation prices follow, in its transaction. */
  async function walletChanged(tx: Db, change: { userId: string; mode: Mode; asset: string }): Promise<void> {
    if (change.asset === 'USDT') await refreshCross(tx, change.userId, change.mode);
  }

  engine.triggers.register(OWNERS.limit, limitHandler);
  engine.triggers.register(OWNERS.takeProfit, positionHandler('take_profit'));
  engine.triggers.register(OWNERS.stopLoss, positionHandler('stop_loss'));
  engine.triggers.register(OWNERS.liquidation, liquidationHandler);
  const types = createOrderTypes({
    db, engine, currentTermsOf, settingsOf, tickOf, bookOf, partOf: (_terms: InstrumentTerms, quantity: string, price: string, rate: string, leverage: number, feeRate: string) => planPart(quantity, price, rate, leverage, feeRate), insertOrder, available: available$, closeLocked, refreshCross, push,
    place: (tx, user, input, key, now) => place(tx, user, input, key, now),
  });

  /** A request replayed with its requestId answers its first result; another body with the same id is refused. */
  async function once<T>(user: AuthUser, name: string, requestId: string, body: Record<string, unknown>, replay: (key: string, store: Db) => Promise<T | undefined>, run: (tx: Db, key: string, now: Date) => Promise<T>): Promise<T> {
    const call = await idempotent(db, clock, { key: { scope: `perp-${name}`, userId: user.id, mode: user.mode, requestId }, request: { ...body, mode: user.mode }, replay: (store, key) => replay(key, store) });
    return call.first ?? call.transaction((tx, now) => run(tx, call.key, now));
  }

  /**
   * The funding rate of `symbol` for the funding time `at`: the one recorded for it, else (a time the job did not
   * see coming) the rate of the terms in force at that time, recorded now so that every payment of it agrees.
   */
  async function fundingRateAt(store: Db, symbol: string, at: Date, now: Date): Promise<string> {
    await store.query(
      `INSERT INTO perp_funding_rates (symbol, funding_time, rate, terms_version, recorded_at)
       SELECT symbol, $2, (terms->>'fundingRate')::numeric, version, $3 FROM trading_instrument_versions
        WHERE symbol = $1 AND changed_at <= $2 ORDER BY version DESC LIMIT 1
       ON CONFLICT DO NOTHING`,
      [symbol, at, now],
    );
    const { rows } = await store.query<{ rate: string }>('SELECT trim_scale(rate)::text AS rate FROM perp_funding_rates WHERE symbol = $1 AND funding_time = $2', [symbol, at]);
    // an instrument seeded after that time: its first terms
    return rows[0]?.rate ?? engine.instruments.find(symbol)!.fundingRate;
  }

  /**
   * The mark of a funding time, however late it is paid: the last price recorded at or before it — the market's
   * minute bars, or the ticks of the position's own fills when they are later (a position always opens with one
   * before its first funding time) — never a price from after it. `covered`: recorded within the minute before
   * the funding time; false when nothing was (the server was down then) and the closest earlier price is used.
   */
  async function fundingMark(store: Db, pos: PositionRow, at: Date, recorded: Map<string, { price: string; at: number } | null>): Promise<FundingMark> {
    const key = `${pos.symbol}:${at.getTime()}`;
    if (!recorded.has(key)) recorded.set(key, (await engine.priceAt(store, pos.symbol, at)) ?? null);
    let best = recorded.get(key) ?? null;
    if (!best || at.getTime() - best.at > MINUTE_MS) {
      const { rows } = await store.query<{ price: string; at: Date }>(
        `SELECT evidence->>'last' AS price, (evidence->>'feedTime')::timestamptz AS at FROM perp_fills
          WHERE position_id = $1 AND (evidence->>'feedTime')::timestamptz <= $2 ORDER BY 2 DESC, id DESC LIMIT 1`,
        [pos.id, at],
      );
      const fill = rows[0];
      if (fill && (!best || fill.at.getTime() > best.at)) best = { price: fill.price, at: fill.at.getTime() };
    }
    // unreachable while every position opens with a fill; its entry is then the only price known before `at`
    if (!best) return { price: pos.entryPrice, at: pos.openedAt, covered: false };
    return { price: best.price, at: new Date(best.at), covered: at.getTime() - best.at <= MINUTE_MS };
  }

  /** One funding payment of a position for the funding time `at`, in its own transaction; false when already paid. */
  async function payFunding(store: Db, positionId: string, at: Date, rate: string, marked: FundingMark, now: Date): Promise<boolean> {
    return store.transaction(async (tx) => {
      const pos = await lockPosition(tx, positionId);
      if (!pos || pos.status !== 'open') return false;
      const exists = await tx.query('SELECT 1 FROM perp_funding WHERE position_id = $1 AND funding_time = $2', [pos.id, at]);
      if (exists.rows.length) return false;
      const mark = marked.price;
      const settlement = await settleFundingCovered(tx, { userId: pos.userId, mode: pos.mode, side: pos.side, mark, quantity: exposure(pos.quantity, pos.quoteRate), rate, margin: pos.margin, available: await available$(tx, pos.userId, pos.mode) });
      if (settlement.moves.length) await post(tx, { key: `perp-funding:${pos.id}:${at.toISOString()}`, cause: { type: 'perpetual', id: pos.id }, moves: settlement.moves }, now);
      const receipt = await engine.appendReceipt(tx, {
        kind: 'funding',
        ref: `perp:${pos.id}`,
        payload: { product: 'perpetual', positionId: pos.id, userId: pos.userId, mode: pos.mode, side: pos.side, fundingTime: at.toISOString(), rate, mark, markTime: marked.at.toISOString(), markCovered: marked.covered, quantity: pos.quantity, amount: settlement.amount.toFixed(), shortfall: settlement.shortfall.toFixed() },
      });
      await tx.query(
        `INSERT INTO perp_funding (position_id, user_id, mode, funding_time, rate, mark_price, mark_time, mark_covered, quantity, amount, receipt_seq, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [pos.id, pos.userId, pos.mode, at, rate, mark, marked.at, marked.covered, pos.quantity, settlement.amount.toFixed(), receipt.seq, now],
      );
      await tx.query('UPDATE perp_positions SET funding = funding + $2, margin = margin - $3 WHERE id = $1', [pos.id, settlement.amount.toFixed(), settlement.fromMargin.toFixed()]);
      await refreshLiquidation(tx, pos.userId, pos.mode, (await lockPosition(tx, pos.id))!);
      push(tx, pos.userId, pos.mode, 'POSITION_FUNDING', { symbol: pos.symbol, positionId: pos.id });
      return true;
    });
  }

  let unsubscribe: (() => void) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const idle = async (): Promise<void> => {
    while (crossDraining) await crossDraining;
  };

  return {
    owners: OWNERS,
    crossBook,
    /** What open() would do now, read-only (estimate.ts, on the same order-plan functions). */
    estimate: createPerpEstimate({ db, engine }),
    onTicks,
    idle,

    /**
     * Loads the cross accounts and re-evaluates them on each tick batch. A store that is down at start costs a
     * logged error and a retry (until then the price triggers alone guard the cross accounts).
     */
    async start(subscribe: (listener: (ticks: readonly Tick[]) => void) => () => void): Promise<void> {
      try {
        await loadCross();
      } catch (error) {
        deps.log?.error({ err: error }, 'perpetual: could not load the cross accounts; retrying');
        retry = setTimeout(() => void this.start(subscribe), 5_000);
        retry.unref();
        return;
      }
      unsubscribe ??= subscribe(onTicks);
    },

    async stop(): Promise<void> {
      clearTimeout(retry);
      unsubscribe?.();
      unsubscribe = undefined;
      await idle();
    },
    beforeWithdraw,
    walletChanged,

    async open(user: AuthUser, input: OpenInput): Promise<{ order: OrderRow; position: PositionRow | null }> {
      const terms = await currentTermsOf(db, input.symbol);
      engine.requireOpen(terms.symbol);
      if (!terms.leverages.includes(input.leverage)) throw refuse('leverageNotOffered');
      // sized by exactly one of quantity and amount; an amount becomes a quantity in place(), against the book then
      if ((input.quantity === undefined) === (input.amount === undefined)) throw refuse('invalidSize');
      if (input.quantity !== undefined) engine.checkQuantity(terms, input.quantity);
      checkOrderType(input);
      if (input.type === 'limit' || input.type === 'stop_limit') engine.checkPriceBand(terms, engine.checkPrice(terms, input.price), engine.tick(terms.symbol)?.price);
      if (input.triggerPrice !== undefined) engine.checkPrice(terms, input.triggerPrice);
      for (const p of [input.takeProfit, input.stopLoss]) if (p != null) engine.checkPrice(terms, p);
      checkTriggers(input.side, markOf(tickOf(terms.symbol), '0'), input.takeProfit, input.stopLoss);
      const { requestId, ...body } = input;
      return once(user, 'open', requestId, body, async (key, store) => {
        const { rows } = await store.query<{ id: string; positionId: string | null }>('SELECT id, position_id::text AS "positionId" FROM perp_orders WHERE request_key = $1', [key]);
        if (!rows[0]) return undefined;
        return { order: (await orderById(store, rows[0].id))!, position: rows[0].positionId ? (await positionById(store, rows[0].positionId)) ?? null : null };
      }, (tx, key, now) => place(tx, user, { ...input, symbol: terms.symbol }, key, now));
    },

    async close(user: AuthUser, input: { positionId: string; quantity?: string | undefined; requestId: string }): Promise<PositionRow> {
      const { requestId, ...body } = input;
      return once(user, 'close', requestId, body, async (key, store) => {
        const { rows } = await store.query<{ id: string }>('SELECT position_id::text AS id FROM perp_fills WHERE request_key = $1', [key]);
        return rows[0] ? positionById(store, rows[0].id) : undefined;
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
        return closeLocked(tx, pos, quantity, 'close', tickOf(pos.symbol), now, key);
      });
    },

    async reverse(user: AuthUser, input: { positionId: string; requestId: string }): Promise<{ closed: PositionRow; opened: PositionRow }> {
      const { requestId, ...body } = input;
      return once(user, 'reverse', requestId, body, async (key, store) => {
        const { rows } = await store.query<{ closed: string; opened: string }>(
          `SELECT f.position_id::text AS closed, o.position_id::text AS opened FROM perp_fills f JOIN perp_orders o ON o.request_key = $2 WHERE f.request_key = $1`,
          [key, `${key}:open`],
        );
        if (!rows[0]) return undefined;
        return { closed: (await positionById(store, rows[0].closed))!, opened: (await positionById(store, rows[0].opened))! };
      }, async (tx, key, now) => {
        const pos = await ownOpenPosition(tx, user, input.positionId);
        engine.requireOpen(pos.symbol);
        const tick = tickOf(pos.symbol);
        const closed = await closeLocked(tx, pos, pos.quantity, 'reverse', tick, now, key);
        const opposite: PerpSide = pos.side === 'long' ? 'short' : 'long';
        const { position } = await place(tx, user, { symbol: pos.symbol, side: opposite, type: 'market', quantity: pos.quantity, leverage: pos.leverage, requestId: input.requestId }, `${key}:open`, now, 'reverse');
        return { closed, opened: position! };
      });
    },

    async cancel(user: AuthUser, orderId: string): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const order = await orderById(tx, orderId, true);
        if (!order || order.userId !== user.id || order.mode !== user.mode) throw refuse('orderNotFound');
        if (order.status !== 'pending') throw refuse('orderNotCancellable');
        const now = clock();
        if (order.triggerId) await engine.triggers.cancel(tx, order.triggerId);
        // a reduce-only order holds nothing
        await types.release(tx, order, now, `perp-cancel:${order.id}`);
        await tx.query(`UPDATE perp_orders SET status = 'canceled', held = 0, done_at = $2 WHERE id = $1`, [order.id, now]);
        await refreshLiquidation(tx, user.id, user.mode);
        push(tx, user.id, user.mode, 'POSITION_ORDER', { symbol: order.symbol, orderId: order.id });
        return (await orderById(tx, order.id))!;
      });
    },

    async setTpSl(user: AuthUser, input: { positionId: string; takeProfit: string | null; stopLoss: string | null }): Promise<PositionRow> {
      return db.transaction(async (tx) => {
        const pos = await ownOpenPosition(tx, user, input.positionId);
        const terms = termsOf(pos.symbol);
        for (const p of [input.takeProfit, input.stopLoss]) if (p !== null) engine.checkPrice(terms, p);
        checkTriggers(pos.side, markOf(tickOf(pos.symbol), pos.entryPrice), input.takeProfit, input.stopLoss);
        checkStopLossBeforeLiquidation(pos.side, input.stopLoss, pos.liquidationPrice);
        await setTrigger(tx, pos, 'tp', input.takeProfit);
        await setTrigger(tx, (await lockPosition(tx, pos.id))!, 'sl', input.stopLoss);
        await tx.query('UPDATE perp_positions SET take_profit = $2, stop_loss = $3 WHERE id = $1', [pos.id, input.takeProfit, input.stopLoss]);
        push(tx, user.id, user.mode, 'POSITION_UPDATE', { symbol: pos.symbol, positionId: pos.id });
        return (await lockPosition(tx, pos.id))!;
      });
    },

    /** The margin and position modes; changed only without open positions or pending orders. */
    async settings(user: AuthUser, change: { marginMode?: 'isolated' | 'cross' | undefined; positionMode?: 'merge' | 'split' | undefined }) {
      const current = await engine.settings(user.id, user.mode);
      if (!change.marginMode && !change.positionMode) return current;
      const next = { marginMode: change.marginMode ?? current.marginMode, positionMode: change.positionMode ?? current.positionMode };
      if (next.marginMode === current.marginMode && next.positionMode === current.positionMode) return current;
      return db.transaction(async (tx) => {
        const busy = await tx.query(
          `SELECT 1 FROM perp_positions WHERE user_id = $1 AND mode = $2 AND status = 'open'
           UNION ALL SELECT 1 FROM perp_orders WHERE user_id = $1 AND mode = $2 AND status = 'pending' LIMIT 1`,
          [user.id, user.mode],
        );
        if (busy.rows.length) throw refuse('perpModeLocked');
        await tx.query(
          `INSERT INTO trading_settings (user_id, mode, margin_mode, position_mode, updated_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id, mode) DO UPDATE SET margin_mode = $3, position_mode = $4, updated_at = $5`,
          [user.id, user.mode, next.marginMode, next.positionMode, clock()],
        );
        return next;
      });
    },

    /**
     * Pays funding for every funding time (each multiple of the instrument's interval, UTC) that has passed since
     * an open position was opened or last paid: one ledger posting and one receipt per payment, each at the rate
     * recorded for its time (fundingRateAt) and the mark recorded for it (fundingMark), so after downtime each
     * missed time is paid once at its own rate and price. Also
     * publishes the rate of each instrument's coming time. Idempotent (one row per position and funding time), so a
     * retried or doubled job pays nothing twice. `store`: the job's transaction when the job runner calls it.
     */
    async fund(now: Date, store: Db = db): Promise<number> {
      const { rows } = await store.query<PositionRow & { lastFunded: Date | null }>(
        `SELECT ${POSITION_COLUMNS}, (SELECT max(f.funding_time) FROM perp_funding f WHERE f.position_id = perp_positions.id) AS "lastFunded"
           FROM perp_positions WHERE status = 'open' ORDER BY id`,
      );
      const published = new Set<string>();
      const recorded = new Map<string, { price: string; at: number } | null>();
      let paid = 0;
      for (const candidate of rows) {
        const terms = engine.instruments.find(candidate.symbol);
        if (!terms) continue;
        const symbolInterval = terms.fundingIntervalHours * 3_600_000;
        const next = new Date((Math.floor(now.getTime() / symbolInterval) + 1) * symbolInterval);
        // the position's own funding terms, frozen at opening: an operator's change applies to positions opened after it
        const interval = (candidate.fundingIntervalHours ?? terms.fundingIntervalHours) * 3_600_000;
        if (!published.has(terms.symbol)) {
          published.add(terms.symbol);
          await store.query(
            `INSERT INTO perp_funding_rates (symbol, funding_time, rate, terms_version, recorded_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [terms.symbol, next, terms.fundingRate, terms.version, now],
          );
        }
        const since = Math.max(candidate.openedAt.getTime(), candidate.lastFunded?.getTime() ?? 0);
        for (let t = (Math.floor(since / interval) + 1) * interval; t <= now.getTime(); t += interval) {
          const at = new Date(t);
          const rate = candidate.fundingRate ?? (await fundingRateAt(store, terms.symbol, at, now));
          // read before the payment's transaction opens (the market's bars are read through `store`)
          const mark = await fundingMark(store, candidate, at, recorded);
          if (await payFunding(store, candidate.id, at, rate, mark, now)) paid += 1;
        }
      }
      return paid;
    },

    positionById: (id: string) => positionById(db, id),
    orderById: (id: string) => orderById(db, id),
  };

  /** The engine's settings row, read in the caller's transaction (PGlite has one connection). */
  async function settingsOf(q: Db, userId: string, mode: Mode): Promise<{ marginMode: 'isolated' | 'cross'; positionMode: 'merge' | 'split' }> {
    const { rows } = await q.query<{ marginMode: 'isolated' | 'cross'; positionMode: 'merge' | 'split' }>(
      'SELECT margin_mode AS "marginMode", position_mode AS "positionMode" FROM trading_settings WHERE user_id = $1 AND mode = $2',
      [userId, mode],
    );
    return rows[0] ?? { marginMode: 'isolated', positionMode: 'merge' };
  }

  async function positionById(q: Db, id: string): Promise<PositionRow | undefined> {
    const { rows } = await q.query<PositionRow>(`SELECT ${POSITION_COLUMNS} FROM perp_positions WHERE id = $1`, [id]);
    return rows[0];
  }
}

export type PerpetualService = ReturnType<typeof createPerpetual>;
