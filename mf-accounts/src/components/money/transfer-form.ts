import { createForm, differsFrom, validate, type ValidationKey, type Rule } from '@meridian/shared';
import { amount as amountRule, normalizeAmount, withinBalance } from '@meridian/shared/money';
import { BASE_ASSET, type WalletName } from '../../api/wallet';

export interface TransferValues {
  fromWallet: WalletName;
  toWallet: WalletName;
  asset: string;
  amount: string;
}

/** What the screen knows besides the form: the asset's decimals and what the source wallet holds (once loaded). */
export interface TransferContext {
  scale?: number;
  available?: string;
}

/**
 * The transfer form (spec: transfer): a valid amount of at most the asset's decimals and at most what the source
 * wallet holds, into another wallet; the receipt is what is sent, its amount normalised.
 */
export const transferForm = createForm<TransferValues, TransferContext, TransferValues, ValidationKey>({
  initial: { fromWallet: 'platform', toWallet: 'spot', asset: BASE_ASSET, amount: '' },
  // the same wallet twice is wrong whichever picker made it so
  showAtOnce: ['toWallet'],
  rules: (values, { scale, available }) => {
    const amount: Rule[] = [amountRule(scale === undefined ? {} : { decimals: scale })];
    if (available !== undefined) amount.push(withinBalance(available));
    return validate(values, { amount, toWallet: [differsFrom('fromWallet')] });
  },
  summary: (values) => ({ ...values, amount: normalizeAmount(values.amount) ?? values.amount }),
});
