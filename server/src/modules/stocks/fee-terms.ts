import type { Db } from '../../db/db.js';
import { currentTerms, publishTerms, type TermsVersion } from '../../platform-kit/product/terms.js';
import { Dec } from '../ledger/decimal.js';

/**
 * The fee rates of stock orders as the product kit's versioned terms (migration 0060 publishes version 1): of the
 * USDT value, taker for a fill that takes the book, maker for a resting limit. An order copies the version in force
 * when placed (frozen: a later version never reaches it).
 */
export const STOCK_FEE_KIND = 'stock-fees';
export const STOCK_FEE_PRODUCT = 'stocks';

export interface StockFeeTerms {
  taker: string;
  maker: string;
}

/** What an order keeps of its fee terms. */
export interface FrozenStockFees {
  feeTermsVersionId: string;
  feeTermsVersion: number;
  takerFeeRate: string;
  makerFeeRate: string;
}

export function frozenFees(v: TermsVersion<StockFeeTerms>): FrozenStockFees {
  return { feeTermsVersionId: v.id, feeTermsVersion: v.version, takerFeeRate: new Dec(v.terms.taker).toFixed(), makerFeeRate: new Dec(v.terms.maker).toFixed() };
}

/** The version in force at `at` (there is always one: migration 0060 publishes the first). */
export async function stockFeesAt(db: Db, at: Date): Promise<FrozenStockFees> {
  const v = await currentTerms<StockFeeTerms>(db, STOCK_FEE_KIND, STOCK_FEE_PRODUCT, at);
  if (!v) throw new Error('no stock fee terms in force (migration 0060 publishes version 1)');
  return frozenFees(v);
}

/** A fee rate as an operator may set it: a plain decimal from 0 to under 10 %. Problems as text. */
export function feeRateProblem(rate: string): string | undefined {
  if (!/^\d{1,2}(\.\d{1,18})?$/.test(rate)) return `${rate} is not a plain decimal rate (0.001 is 0.1 %)`;
  if (new Dec(rate).gte('0.1')) return `${rate} is 10 % or more: not a fee rate`;
  return undefined;
}

/** Operator: publishes the next version (audited by the kit, in the command's transaction). */
export async function publishStockFees(tx: Db, terms: StockFeeTerms, operator: string, now: Date, effectiveFrom?: Date): Promise<TermsVersion<StockFeeTerms>> {
  for (const rate of [terms.taker, terms.maker]) {
    const problem = feeRateProblem(rate);
    if (problem) throw new Error(problem);
  }
  const clean = { taker: new Dec(terms.taker).toFixed(), maker: new Dec(terms.maker).toFixed() };
  return publishTerms(tx, { productKind: STOCK_FEE_KIND, productId: STOCK_FEE_PRODUCT, terms: clean, operator, now, ...(effectiveFrom ? { effectiveFrom } : {}) });
}
