import { createForm, validate, type ValidationKey } from '@meridian/shared';
import { amount as amountRule, normalizeAmount } from '@meridian/shared/money';

export interface ReportValues {
  txHash: string;
  amount: string;
}

/** The server's rule for a transaction hash (contracts: userrechange/insert). */
export const TX_HASH = /^[A-Za-z0-9]{8,128}$/;

/**
 * A manual deposit report (userrechange/insert): the transaction hash of a transfer that has not arrived and its
 * amount (> 0, at most the spec's 1e17, at most the coin's decimals). The chain and coin are the screen's.
 */
export const reportForm = createForm<ReportValues, { scale?: number }, ReportValues, ValidationKey | 'txHashInvalid'>({
  initial: { txHash: '', amount: '' },
  rules: (values, { scale }) => ({
    ...validate(values, { amount: [amountRule(scale === undefined ? {} : { decimals: scale })] }),
    txHash: !values.txHash.trim() ? 'required' : TX_HASH.test(values.txHash.trim()) ? null : 'txHashInvalid',
  }),
  summary: (values) => ({ txHash: values.txHash.trim(), amount: normalizeAmount(values.amount) ?? values.amount }),
});
