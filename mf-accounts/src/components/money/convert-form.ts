import { createForm, validate, type Rule, type ValidationKey } from '@meridian/shared';
import { amount as amountRule, normalizeAmount, withinBalance } from '@meridian/shared/money';
import { BASE_ASSET } from '../../api/wallet';

export interface ConvertValues {
  from: string;
  to: string;
  amount: string;
}

/** What the screen knows besides the form: the source asset's decimals and what the platform wallet holds of it. */
export interface ConvertContext {
  scale?: number;
  available?: string;
}

/** What the form asks an estimate for: a valid amount (even above the balance: the user sees what it would give). */
export interface ConvertQuote {
  from: string;
  to: string;
  amount: string;
}

/** One asset into itself: its own text in this remote, shown as soon as the pickers agree. */
export type ConvertError = ValidationKey | 'sameAssetError';

const shapeOf = (scale: number | undefined) => amountRule(scale === undefined ? {} : { decimals: scale });

/**
 * The convert form (spec: convert): an amount of at most the source asset's decimals and at most what the
 * platform wallet holds, into another asset. Its summary is what to ask an estimate for, null until the amount is a
 * valid number and the assets differ; the estimate itself is the market's, asked for by the screen.
 */
export const convertForm = createForm<ConvertValues, ConvertContext, ConvertQuote | null, ConvertError>({
  initial: { from: BASE_ASSET, to: 'BTC', amount: '' },
  showAtOnce: ['to'],
  rules: (values, { scale, available }) => {
    const amount: Rule[] = [shapeOf(scale)];
    if (available !== undefined) amount.push(withinBalance(available));
    return { ...validate(values, { amount }), to: values.from === values.to ? 'sameAssetError' : null };
  },
  summary: (values, { scale }) => {
    const normalized = normalizeAmount(values.amount);
    return values.from !== values.to && normalized && !shapeOf(scale)(values.amount, {}) ? { from: values.from, to: values.to, amount: normalized } : null;
  },
});
