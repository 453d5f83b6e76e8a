import { convertForm } from './convert-form';

describe('the convert form as a createForm unit (convertForm)', () => {
  it('the amount’s shape and the balance; the same asset twice shows at once; the amount once edited or sent', () => {
    const fresh = convertForm.start({ from: 'USDT', to: 'USDT' });
    expect(convertForm.shown(fresh, { scale: 2, available: '10' })).toEqual({ to: 'sameAssetError' });
    const typed = convertForm.reduce(convertForm.reduce(fresh, { type: 'set', field: 'to', value: 'BTC' }), { type: 'set', field: 'amount', value: '1.234' });
    expect(convertForm.shown(typed, { scale: 2, available: '10' })).toEqual({ amount: 'tooManyDecimals' });
    expect(convertForm.errors({ from: 'USDT', to: 'BTC', amount: '11' }, { scale: 2, available: '10' })).toEqual({ amount: 'insufficientBalance' });
    expect(convertForm.errors({ from: 'USDT', to: 'BTC', amount: '10' }, { scale: 2, available: '10' })).toEqual({});
  });

  it('asks an estimate for a valid amount even above the balance, never for one asset into itself', () => {
    expect(convertForm.summary({ from: 'USDT', to: 'BTC', amount: '011.50' }, { scale: 2, available: '10' })).toEqual({ from: 'USDT', to: 'BTC', amount: '11.5' });
    expect(convertForm.summary({ from: 'USDT', to: 'USDT', amount: '5' }, { scale: 2 })).toBeNull();
    expect(convertForm.summary({ from: 'USDT', to: 'BTC', amount: '1.234' }, { scale: 2 })).toBeNull();
  });
});
