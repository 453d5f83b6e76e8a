// The perpetual contracts' margin arithmetic (USDT-margined, linear), shared by the server that moves the money and
// the trade screen's pre-trade receipt, so the figures a user is shown are the figures that are charged.
// Published in server/README.md ("Perpetual contracts: formulas").
//
// Rounding, so that the platform never gives away a cent by rounding and the user is never charged more than a
// unit of the last decimal above the exact figure:
// - what the user puts up (initial margin, fees, maintenance margin) rounds UP (ceil) to the money scale;
// - what the user receives or pays, signed from the user's side (P/L, funding), rounds DOWN (floor, towards −∞):
//   a gain is cut, a loss is rounded to the next unit;
// - margin released by a partial close rounds down: the part not released stays with the position;
// - the liquidation price rounds towards the mark (a long's up, a short's down): liquidation comes a tick early,
//   never late;
// - an averaged entry price rounds against the holder (a long's up, a short's down) at ENTRY_SCALE;
// - percentages (P/L %, margin ratio, distance to liquidation) are display figures at 2 decimals and move nothing.
import { Decimal } from 'decimal.js';

/** Every figure here: 64 significant digits, so no intermediate result is rounded before the rules above. */
export const PerpDecimal = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof PerpDecimal>;
export type DecimalValue = string | number | Decimal;

/** USDT amounts (the contract wallet's asset) carry 6 decimals, like the wallet (server wallet currencies). */
export const MONEY_SCALE = 6;
/** Decimals of an averaged entry price (more than any instrument's price decimals, so averaging loses nothing visible). */
export const ENTRY_SCALE = 10;
const PERCENT_SCALE = 2;

export type PerpSide = 'long' | 'short';
export type MarginMode = 'isolated' | 'cross';
export type PositionMode = 'merge' | 'split';

/**
 * One maintenance-margin tier (the instrument terms' `maintenanceTiers`): the part of a position's notional above
 * the previous tier's bound and up to `maxNotional` (null: no bound, the last tier) is charged `rate`, like
 * income-tax brackets, so the maintenance margin grows continuously with the notional (no jump at a bound that
 * could liquidate a position that merely grew). Tiers are listed in increasing `maxNotional`.
 */
export interface MaintenanceTier {
  maxNotional: string | null;
  rate: string;
}

const d = (value: DecimalValue): D => new PerpDecimal(value);
const ceil = (value: D, scale: number): D => value.toDecimalPlaces(scale, Decimal.ROUND_CEIL);
const floor = (value: D, scale: number): D => value.toDecimalPlaces(scale, Decimal.ROUND_FLOOR);
const percent = (value: D): D => value.times(100).toDecimalPlaces(PERCENT_SCALE, Decimal.ROUND_HALF_UP);

/**
 * The USDT exposure per unit of price: quantity × the quote rate (USDT per unit of the instrument's quote currency,
 * 1 for USDT contracts, fixed at opening for others). The formulas below take it wherever they say quantity.
 */
export function exposure(quantity: DecimalValue, quoteRate: DecimalValue): string {
  return d(quantity).times(quoteRate).toFixed();
}

/** price × quantity, exact (a notional is a basis for other figures, not an amount that moves). */
export function notional(price: DecimalValue, quantity: DecimalValue): D {
  return d(price).times(quantity);
}

/** Initial margin of an isolated position or order: notional / leverage, rounded up. */
export function initialMargin(notionalValue: DecimalValue, leverage: DecimalValue, scale = MONEY_SCALE): D {
  return ceil(d(notionalValue).div(leverage), scale);
}

/** A trading fee: notional × rate (taker for market orders, maker for limit orders), rounded up. */
export function tradeFee(notionalValue: DecimalValue, rate: DecimalValue, scale = MONEY_SCALE): D {
  return ceil(d(notionalValue).times(rate), scale);
}

/** P/L before rounding: long (price − entry) × qty, short (entry − price) × qty. */
function exactPnl(side: PerpSide, entry: DecimalValue, price: DecimalValue, quantity: DecimalValue): D {
  const move = d(price).minus(entry).times(quantity);
  return side === 'long' ? move : move.negated();
}

/** Unrealised (at the mark) or realised (at the close price) P/L, signed from the user's side, rounded down. */
export function pnl(side: PerpSide, entry: DecimalValue, price: DecimalValue, quantity: DecimalValue, scale = MONEY_SCALE): D {
  return floor(exactPnl(side, entry, price, quantity), scale);
}

/** P/L as a percentage of the margin put up (0 when there is no margin). */
export function pnlPercent(pnlValue: DecimalValue, margin: DecimalValue): D {
  const base = d(margin);
  return base.isZero() ? d(0) : percent(d(pnlValue).div(base));
}

/** The tiers as linear pieces: on (from, to], maintenance = notional × rate − deduction. */
function pieces(tiers: readonly MaintenanceTier[]): { from: D; to: D | null; rate: D; deduction: D }[] {
  if (tiers.length === 0) throw new Error('maintenance tiers: at least one');
  let from = d(0);
  let below = d(0); // the maintenance of every notional up to `from`
  return tiers.map((tier, index) => {
    if (tier.maxNotional === null && index !== tiers.length - 1) throw new Error('maintenance tiers: only the last is unbounded');
    const rate = d(tier.rate);
    const to = tier.maxNotional === null ? null : d(tier.maxNotional);
    if (to && to.lte(from)) throw new Error('maintenance tiers: bounds must increase');
    if (rate.lt(0) || rate.gte(1)) throw new Error('maintenance tiers: a rate is in [0, 1)');
    const piece = { from, to, rate, deduction: from.times(rate).minus(below) };
    if (to) {
      below = below.plus(to.minus(from).times(rate));
      from = to;
    }
    return piece;
  });
}

function exactMaintenance(notionalValue: D, tiers: readonly MaintenanceTier[]): D {
  const n = notionalValue.abs();
  const all = pieces(tiers);
  const piece = all.find((p) => p.to === null || n.lte(p.to)) ?? all.at(-1)!;
  return n.times(piece.rate).minus(piece.deduction);
}

/** Maintenance margin of a notional under the tiers (progressive, see MaintenanceTier), rounded up. */
export function maintenanceMargin(notionalValue: DecimalValue, tiers: readonly MaintenanceTier[], scale = MONEY_SCALE): D {
  return ceil(exactMaintenance(d(notionalValue), tiers), scale);
}

/**
 * Margin ratio in %: maintenance margin / equity. Liquidation comes at 100 %. Equity at or below zero answers
 * 100 (the position is at or past its liquidation).
 */
export function marginRatio(maintenance: DecimalValue, equity: DecimalValue): D {
  const e = d(equity);
  if (e.lte(0)) return d(100);
  return PerpDecimal.min(percent(d(maintenance).div(e)), 100);
}

/** What another cross position adds to the equity shared by the cross positions: margin + P/L − maintenance. */
export interface CrossPosition {
  margin: DecimalValue;
  unrealisedPnl: DecimalValue;
  maintenance: DecimalValue;
}

/**
 * The collateral backing one cross position: its own margin, the contract wallet's available balance (shared by
 * every cross position) and the surplus of the user's other cross positions at their current marks.
 */
export function crossCollateral(margin: DecimalValue, available: DecimalValue, others: readonly CrossPosition[] = []): D {
  return others.reduce((sum, o) => sum.plus(o.margin).plus(o.unrealisedPnl).minus(o.maintenance), d(margin).plus(available));
}

export interface LiquidationInput {
  side: PerpSide;
  quantity: DecimalValue;
  entryPrice: DecimalValue;
  /** Isolated: the position's margin. Cross: crossCollateral(...). */
  collateral: DecimalValue;
  tiers: readonly MaintenanceTier[];
  /** The instrument's price decimals. */
  priceScale: number;
}

/**
 * The mark price at which equity (collateral + P/L) falls to the maintenance margin, or null when no positive
 * price gets there (a long backed by at least its whole notional). Within a tier maintenance is N·r − c, so:
 *   long:  P = (entry·q − collateral − c) / (q·(1 − r))
 *   short: P = (entry·q + collateral + c) / (q·(1 + r))
 * and the answer is the tier's P whose notional P·q lies in that tier (equity − maintenance is monotonic in P,
 * so there is exactly one). Rounded towards the mark: a long's up, a short's down.
 */
export function liquidationPrice(input: LiquidationInput): D | null {
  const q = d(input.quantity);
  if (q.lte(0)) return null;
  const base = d(input.entryPrice).times(q);
  const collateral = d(input.collateral);
  for (const piece of pieces(input.tiers)) {
    const price =
      input.side === 'long'
        ? base.minus(collateral).minus(piece.deduction).div(q.times(d(1).minus(piece.rate)))
        : base.plus(collateral).plus(piece.deduction).div(q.times(d(1).plus(piece.rate)));
    if (price.lte(0)) {
      // a long only gets less liquidatable in lower tiers; a short's price is positive whenever collateral ≥ −entry·q
      if (input.side === 'long') return null;
      continue;
    }
    const n = price.times(q);
    if (n.gt(piece.from) || piece.from.isZero()) {
      if (piece.to === null || n.lte(piece.to)) {
        return input.side === 'long'
          ? price.toDecimalPlaces(input.priceScale, Decimal.ROUND_CEIL)
          : price.toDecimalPlaces(input.priceScale, Decimal.ROUND_FLOOR);
      }
    }
  }
  return null;
}

/** Whether a mark price has reached a liquidation price (long: at or below it; short: at or above it). */
export function reachesLiquidation(side: PerpSide, mark: DecimalValue, liquidation: DecimalValue | null): boolean {
  if (liquidation === null) return false;
  return side === 'long' ? d(mark).lte(liquidation) : d(mark).gte(liquidation);
}

/** The entry of two fills merged into one position: the quantity-weighted average, rounded against the holder. */
export function mergedEntry(side: PerpSide, quantity: DecimalValue, entry: DecimalValue, addedQuantity: DecimalValue, addedPrice: DecimalValue): D {
  const total = d(quantity).plus(addedQuantity);
  const average = d(quantity).times(entry).plus(d(addedQuantity).times(addedPrice)).div(total);
  return average.toDecimalPlaces(ENTRY_SCALE, side === 'long' ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR);
}

/** The margin a partial close hands back: margin × closed / quantity, rounded down (all of it when all is closed). */
export function releasedMargin(margin: DecimalValue, quantity: DecimalValue, closed: DecimalValue, scale = MONEY_SCALE): D {
  if (d(closed).gte(quantity)) return d(margin);
  return floor(d(margin).times(closed).div(quantity), scale);
}

/**
 * A funding payment, signed from the user's side: notional at the mark × rate. With a positive rate longs pay and
 * shorts receive (a negative rate the other way); in the broker model the platform is the other side. Rounded down.
 */
export function fundingPayment(side: PerpSide, mark: DecimalValue, quantity: DecimalValue, rate: DecimalValue, scale = MONEY_SCALE): D {
  const amount = notional(mark, quantity).times(rate);
  return floor(side === 'long' ? amount.negated() : amount, scale);
}

/** Distance from the mark to the liquidation price in % of the mark, rounded down (null without a liquidation price). */
export function distanceToLiquidation(mark: DecimalValue, liquidation: DecimalValue | null): D | null {
  if (liquidation === null) return null;
  const m = d(mark);
  if (m.lte(0)) return null;
  return m.minus(liquidation).abs().div(m).times(100).toDecimalPlaces(PERCENT_SCALE, Decimal.ROUND_FLOOR);
}

/** The open position an order would merge into (same symbol and side, merge mode), for "liquidation before → after". */
export interface ExistingPosition {
  quantity: DecimalValue;
  entryPrice: DecimalValue;
  margin: DecimalValue;
}

export interface PreTradeInput {
  side: PerpSide;
  type: 'market' | 'limit';
  quantity: DecimalValue;
  leverage: DecimalValue;
  /** The limit price (limit orders). */
  price?: DecimalValue | undefined;
  /** The feed's quote: a market long fills at `ask`, a short at `bid` (the walked price of a deep order); last is the mark. */
  quote: { bid: DecimalValue; ask: DecimalValue; last: DecimalValue };
  /** Taker (market) or maker (limit) rate the order pays. */
  feeRate: DecimalValue;
  marginMode: MarginMode;
  /** The contract wallet's available USDT. */
  available: DecimalValue;
  tiers: readonly MaintenanceTier[];
  priceScale: number;
  /** The position the fill would merge into (merge mode), if any. */
  existing?: ExistingPosition | undefined;
  /** Cross mode: the user's other cross positions. */
  otherCross?: readonly CrossPosition[] | undefined;
}

/** What the confirmation sheet shows, as decimal strings (liquidation prices and distance null when there is none). */
export interface PreTradeReceipt {
  expectedPrice: string;
  notional: string;
  fee: string;
  margin: string;
  /** margin + fee: what leaves the available balance. */
  cost: string;
  /** Whether the available balance covers the cost ("Margin cannot exceed the available balance"). */
  enough: boolean;
  liquidationBefore: string | null;
  liquidationAfter: string | null;
  /** |mark − liquidation after| / mark, in %. */
  distanceToLiquidation: string | null;
  markPrice: string;
}

/** The receipt of an order before it is placed, with the same arithmetic the server charges. */
export function preTradeReceipt(input: PreTradeInput): PreTradeReceipt {
  const expected = input.type === 'limit' ? d(input.price ?? 0) : d(input.side === 'long' ? input.quote.ask : input.quote.bid);
  const value = notional(expected, input.quantity);
  const fee = tradeFee(value, input.feeRate);
  const margin = initialMargin(value, input.leverage);
  const cost = margin.plus(fee);
  const mark = d(input.quote.last);
  const others = input.otherCross ?? [];
  const collateralOf = (ownMargin: D, availableNow: D): D =>
    input.marginMode === 'isolated' ? ownMargin : crossCollateral(ownMargin, PerpDecimal.max(availableNow, 0), others);
  const liq = (quantity: D, entry: D, collateral: D): D | null =>
    liquidationPrice({ side: input.side, quantity, entryPrice: entry, collateral, tiers: input.tiers, priceScale: input.priceScale });

  const existing = input.existing;
  const before = existing ? liq(d(existing.quantity), d(existing.entryPrice), collateralOf(d(existing.margin), d(input.available))) : null;
  const quantityAfter = d(input.quantity).plus(existing?.quantity ?? 0);
  const entryAfter = existing ? mergedEntry(input.side, existing.quantity, existing.entryPrice, input.quantity, expected) : expected;
  const marginAfter = margin.plus(existing?.margin ?? 0);
  const after = liq(quantityAfter, entryAfter, collateralOf(marginAfter, d(input.available).minus(cost)));
  const distance = distanceToLiquidation(mark, after);
  return {
    expectedPrice: expected.toFixed(),
    notional: value.toFixed(),
    fee: fee.toFixed(),
    margin: margin.toFixed(),
    cost: cost.toFixed(),
    enough: cost.lte(input.available),
    liquidationBefore: before?.toFixed() ?? null,
    liquidationAfter: after?.toFixed() ?? null,
    distanceToLiquidation: distance?.toFixed() ?? null,
    markPrice: mark.toFixed(),
  };
}
