import { transferForm } from './transfer-form';

const values = { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '10' } as const;

describe('transferForm', () => {
  it('the spec’s rules: a valid amount, within the decimals and what the source holds, to another wallet', () => {
    expect(transferForm.errors(values, { scale: 2, available: '10' })).toEqual({});
    expect(transferForm.errors({ ...values, amount: '10.01' }, { scale: 2, available: '10' })).toEqual({ amount: 'insufficientBalance' });
    expect(transferForm.errors({ ...values, amount: '1.123' }, { scale: 2, available: '10' })).toEqual({ amount: 'tooManyDecimals' });
    expect(transferForm.errors({ ...values, toWallet: 'platform' }, { scale: 2, available: '10' })).toEqual({ toWallet: 'sameWallet' });
    // before the balance is known, only the amount's form is checked
    expect(transferForm.errors({ ...values, amount: '99' }, {})).toEqual({});
  });

  it('the same wallet twice shows at once; the amount only once edited', () => {
    const state = transferForm.start({ toWallet: 'platform', amount: 'x' });
    expect(Object.keys(transferForm.shown(state, {}))).toEqual(['toWallet']);
  });

  it('the receipt is what is sent, the amount normalised', () => {
    expect(transferForm.summary({ ...values, amount: '010.50' }, {})).toEqual({ ...values, amount: '10.5' });
  });
});
