import { Dec } from '../ledger/decimal.js';

/** The product kind of AI fund terms in product_terms (and the product key of their reserve). */
export const AI_FUND = 'ai-fund';

/**
 * A fund's published terms (one version in product_terms). The rule says how the basket is chosen at each
 * rebalance; the rest is what a purchase freezes: its decimals, its minimum and its gain cap.
 */
export interface AiFundTerms {
  /** English name (the screens translate the strategy, not the name). */
  name: string;
  /** equal-weight: every symbol at 1/n; momentum: the `top` symbols of the universe by return over `lookbackDays`. */
  strategy: 'equal-weight' | 'momentum';
  /** The basket (equal-weight) or the universe (momentum): catalogue symbols. */
  symbols: string[];
  top?: number;
  lookbackDays?: number;
  rebalanceEveryDays: number;
  /** The value per share at inception (the first valuation). */
  initialValue: string;
  /** Shares are bought to this many decimals. */
  shareDecimals: number;
  minShares: string;
  /** A redemption pays at most cost × (1 + maxGainRate): the liability the product reserve backs. */
  maxGainRate: string;
  /** The period of the historical return shown as the "expected rate". */
  historyDays: number;
}

/** Value per share: 8 decimals, rounded down; basket units: 12 decimals, rounded down. */
export const VALUE_SCALE = 8;
export const UNIT_SCALE = 12;
export const FUND_ID = /^[a-z][a-z0-9-]{1,31}$/;
export const SYMBOL = /^[A-Z0-9]{1,16}(:[A-Z]{2,8})?$/;

const positive = (value: unknown): boolean => {
  try {
    return typeof value === 'string' && new Dec(value).gt(0) && new Dec(value).isFinite();
  } catch {
    return false;
  }
};

/** What is wrong with a set of terms (empty: valid). */
export function checkFundTerms(t: AiFundTerms): string[] {
  const problems: string[] = [];
  if (!t.name || t.name.length > 60) problems.push('name: 1–60 characters');
  if (t.strategy !== 'equal-weight' && t.strategy !== 'momentum') problems.push('strategy: equal-weight or momentum');
  if (!Array.isArray(t.symbols) || t.symbols.length < 1 || t.symbols.length > 20 || !t.symbols.every((s) => SYMBOL.test(s))) problems.push('symbols: 1–20 catalogue symbols');
  else if (new Set(t.symbols).size !== t.symbols.length) problems.push('symbols: each once');
  if (t.strategy === 'momentum') {
    if (!Number.isInteger(t.top) || t.top! < 1 || t.top! > t.symbols.length) problems.push('top: 1 to the number of symbols');
    if (!Number.isInteger(t.lookbackDays) || t.lookbackDays! < 1 || t.lookbackDays! > 366) problems.push('lookbackDays: 1–366');
  }
  if (!Number.isInteger(t.rebalanceEveryDays) || t.rebalanceEveryDays < 1 || t.rebalanceEveryDays > 366) problems.push('rebalanceEveryDays: 1–366');
  if (!positive(t.initialValue)) problems.push('initialValue: a positive decimal');
  if (!Number.isInteger(t.shareDecimals) || t.shareDecimals < 0 || t.shareDecimals > 8) problems.push('shareDecimals: 0–8');
  if (!positive(t.minShares) || (positive(t.minShares) && new Dec(t.minShares).decimalPlaces() > t.shareDecimals)) problems.push('minShares: positive, to the share decimals');
  if (!positive(t.maxGainRate)) problems.push('maxGainRate: a positive decimal');
  if (!Number.isInteger(t.historyDays) || t.historyDays < 1 || t.historyDays > 366) problems.push('historyDays: 1–366');
  return problems;
}

/** The funds seeded at first start (published as version 1 by "seed"); operators publish later versions. */
export const SEED_FUNDS: { id: string; terms: AiFundTerms }[] = [
  {
    id: 'us-tech-5',
    terms: {
      name: 'US Tech Five',
      strategy: 'equal-weight',
      symbols: ['AAPL:NASDAQ', 'MSFT:NASDAQ', 'NVDA:NASDAQ', 'AMZN:NASDAQ', 'GOOGL:NASDAQ'],
      rebalanceEveryDays: 7,
      initialValue: '100',
      shareDecimals: 2,
      minShares: '1',
      maxGainRate: '1',
      historyDays: 30,
    },
  },
  {
    id: 'crypto-momentum',
    terms: {
      name: 'Crypto Momentum',
      strategy: 'momentum',
      symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'AVAXUSDT'],
      top: 3,
      lookbackDays: 84,
      rebalanceEveryDays: 7,
      initialValue: '10',
      shareDecimals: 4,
      minShares: '1',
      maxGainRate: '2',
      historyDays: 30,
    },
  },
];
