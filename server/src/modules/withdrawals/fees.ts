import { Dec } from '../ledger/decimal.js';
import type { Currency } from '../wallet/currencies.js';

/** The date `months` calendar months after `from` (UTC), kept to the last day of a shorter month (Nov 30 + 3 → Feb 28). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export interface FeeTerms {
  /** The fee this user pays on this coin now: the coin's flat fee, or 0 inside the new-user window. */
  fee: string;
  /** The coin's flat fee (what the user pays after the window). */
  standardFee: string;
  feeExempt: boolean;
  /** When the new-user exemption ends (null when there is none, e.g. WITHDRAW_FEE_EXEMPT_MONTHS=0). */
  feeExemptUntil: Date | null;
}

/** The spec's help text: new users pay no withdrawal fee for their first months after sign-up (3 by default). */
export function feeTerms(currency: Currency, userCreatedAt: Date, now: Date, exemptMonths: number): FeeTerms {
  const until = exemptMonths > 0 ? addMonths(userCreatedAt, exemptMonths) : null;
  const exempt = until !== null && now.getTime() < until.getTime();
  return { fee: exempt ? '0' : currency.withdraw.fee, standardFee: currency.withdraw.fee, feeExempt: exempt, feeExemptUntil: until };
}

/** The amount that leaves for the address: amount − fee (may be ≤ 0, which the caller refuses). */
export function amountAfterFee(amount: string, fee: string): Dec {
  return new Dec(amount).minus(fee);
}
