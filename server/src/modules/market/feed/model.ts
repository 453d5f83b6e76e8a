import { Decimal } from 'decimal.js';
import type { Category } from '../instruments/catalogue.js';

/** Per-category parameters of the simulated process (annualised volatility, jumps, spread, activity). */
export interface CategoryModel {
  volatility: number;
  jumpsPerDay: number;
  jumpSigma: number;
  spreadBps: number;
  /** Traded notional per second, in the quote unit (JPY stocks scale by JPY_SCALE). */
  notionalPerSecond: number;
}

export const MODELS: Record<Category, CategoryModel> = {
  CRYPTO: { volatility: 0.8, jumpsPerDay: 6, jumpSigma: 0.008, spreadBps: 2, notionalPerSecond: 20_000 },
  FOREX: { volatility: 0.08, jumpsPerDay: 2, jumpSigma: 0.0015, spreadBps: 1, notionalPerSecond: 500_000 },
  CFD: { volatility: 0.25, jumpsPerDay: 3, jumpSigma: 0.004, spreadBps: 3, notionalPerSecond: 50_000 },
  INDIES: { volatility: 0.18, jumpsPerDay: 2, jumpSigma: 0.003, spreadBps: 1.5, notionalPerSecond: 30_000 },
  STOCK: { volatility: 0.35, jumpsPerDay: 3, jumpSigma: 0.008, spreadBps: 2, notionalPerSecond: 100_000 },
};
export const JPY_SCALE = 150;
/** Mean reversion (per year) of the log price toward the reference, so long simulations stay plausible. */
export const KAPPA = 2;
export const YEAR_MS = 365.25 * 86_400_000;
export const DAY_MS = 86_400_000;

export function notional(category: Category, unit: string): number {
  return MODELS[category].notionalPerSecond * (unit === 'JPY' ? JPY_SCALE : 1);
}

const UNITS = Array.from({ length: 19 }, (_, dp) => new Decimal(10).pow(-dp));

/** 10^-dp as a Decimal (one unit of the last place). */
export function unit(dp: number): Decimal {
  return UNITS[dp] ?? new Decimal(10).pow(-dp);
}

/**
 * A positive float as a decimal string with dp decimals (toFixed rounds the float's exact binary value, which
 * is deterministic), never below one unit of the last place. Only the simulation's own floats go through here.
 */
export function roundPrice(value: number, dp: number): string {
  const text = value.toFixed(dp);
  return Number(text) > 0 ? text : unit(dp).toFixed(dp);
}

export function roundAmount(value: number, dp: number): string {
  const scale = 10 ** dp;
  return (Math.floor(Math.max(0, value) * scale) / scale).toFixed(dp);
}

/** Bid below and ask above the price by half the spread each, on the price grid (bid < price < ask). */
export function bidAsk(price: string, dp: number, spreadBps: number): { bid: string; ask: string } {
  const p = new Decimal(price);
  const half = p.times(spreadBps).div(20_000);
  const one = unit(dp);
  let bid = p.minus(half).toDecimalPlaces(dp, Decimal.ROUND_FLOOR);
  if (bid.greaterThanOrEqualTo(p)) bid = p.minus(one);
  if (bid.lessThanOrEqualTo(0)) bid = one;
  let ask = p.plus(half).toDecimalPlaces(dp, Decimal.ROUND_CEIL);
  if (ask.lessThanOrEqualTo(p)) ask = p.plus(one);
  return { bid: bid.toFixed(dp), ask: ask.toFixed(dp) };
}
