import { createForm, multiplyExact, compareExact } from '@meridian/shared';
import type { Key } from '../../../../i18n';

export interface SharesValues {
  shares: string;
}

/** What the screen knows: the lot, the bounds, the price and rate of one share in USDT, the available USDT. */
export interface SharesContext {
  lot: number;
  min?: string;
  max?: string;
  /** USDT of one share (price × rate), once the rate is known. */
  shareUsdt?: string;
  available?: string;
}

export interface SharesSummary {
  shares: string;
  lots: number;
  /** The USDT that will be held: shares × price × rate (the server rounds up past the 18th decimal). */
  cost: string | null;
}

const WHOLE = /^[0-9]{1,18}$/;

/**
 * A subscription's size (IPO: whole lots; block trade: between the offer's minimum and maximum) and, before any
 * money is held, the cost against the spot wallet's USDT. The server checks the same again.
 */
export const sharesForm = createForm<SharesValues, SharesContext, SharesSummary, Key>({
  initial: { shares: '' },
  rules: ({ shares }, { lot, min, max, shareUsdt, available }) => {
    const text = shares.trim();
    if (!text) return { shares: 'offerSharesRequired' };
    if (!WHOLE.test(text) || /^0+$/.test(text)) return { shares: 'offerSharesWhole' };
    if (BigInt(text) % BigInt(lot) !== 0n) return { shares: 'offerSharesLot' };
    if (min !== undefined && compareExact(text, min) < 0) return { shares: 'offerSharesBelowMin' };
    if (max !== undefined && compareExact(text, max) > 0) return { shares: 'offerSharesAboveMax' };
    if (shareUsdt !== undefined && available !== undefined && compareExact(multiplyExact(text, shareUsdt), available) > 0) return { shares: 'offerAboveBalance' };
    return {};
  },
  summary: ({ shares }, { lot, shareUsdt }) => {
    const text = shares.trim().replace(/^0+(?=\d)/, '');
    const whole = WHOLE.test(text);
    return { shares: text, lots: whole ? Number(BigInt(text) / BigInt(lot)) : 0, cost: whole && shareUsdt !== undefined ? multiplyExact(text, shareUsdt) : null };
  },
});
