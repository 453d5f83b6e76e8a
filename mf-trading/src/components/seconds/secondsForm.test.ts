import { secondsForm, type SecondsEnv } from './secondsForm';
import type { SecondsProduct } from './terms';

const product = (id: string, ratio: string, minStake: string): SecondsProduct =>
  ({ id, symbol: 'BTCUSDT', duration: { seconds: 30, value: 30, unit: 'sec' }, payoutRatio: ratio, breakEvenWinRate: '0.5556', minStake, maxStake: '10000', asset: 'USDT', version: 1 }) as SecondsProduct;
const env: SecondsEnv = { products: [product('1', '0.8', '10'), product('2', '0.85', '50')], available: '100' };

describe('the Seconds form as a createForm unit (secondsForm)', () => {
  it('the stake against the chosen product’s limits and the option wallet; shown once the user tried to buy', () => {
    let state = secondsForm.start({ productId: '2' });
    state = secondsForm.reduce(state, { type: 'patch', values: { stake: '20' } });
    expect(secondsForm.errors(state.values, env)).toEqual({ stake: { key: 'secondsStakeBelowMinimum', values: { min: '50' } } });
    expect(secondsForm.shown(state, env)).toEqual({});
    expect(secondsForm.shown(secondsForm.reduce(state, { type: 'submit' }), env).stake?.key).toBe('secondsStakeBelowMinimum');
    expect(secondsForm.errors({ productId: '1', stake: '20' }, env)).toEqual({});
    expect(secondsForm.errors({ productId: '1', stake: '200' }, env)).toEqual({ stake: { key: 'insufficientBalance' } });
    // a product that is gone: the first one's terms
    expect(secondsForm.valid({ productId: 'gone', stake: '20' }, env)).toBe(true);
  });

  it('summarises as what the stake pays if it wins; none while the stake is wrong', () => {
    expect(secondsForm.summary({ productId: '2', stake: '60' }, env)).toMatchObject({ stake: '60', payoutIfWon: '111', gainIfWon: '51', lossIfLost: '60' });
    expect(secondsForm.summary({ productId: '2', stake: '' }, env)).toBeNull();
  });
});
