import { ASKS, BIDS, TERMS } from '../../testing/trade-fixtures';
import { FRESH_ORDER, orderForm, type OrderEnv } from './orderForm';
import { PLAIN_ORDER } from './orderTypes';

/** A spot BTCUSDT form with 1,000 USDT available, the quote 63,990 / 64,000 and the fixture book. */
const env: OrderEnv = {
  perp: false,
  symbol: 'BTCUSDT',
  advanced: PLAIN_ORDER,
  tpSlOn: false,
  leverage: 10,
  quote: { bid: '63990', ask: '64000', last: '64020' },
  book: { bids: BIDS, asks: ASKS },
  terms: TERMS,
  settings: null,
  available: '1000',
  positions: [],
  priceDecimals: 2,
  amountDecimals: 5,
};

describe('the order form as a createForm unit (orderForm)', () => {
  it('typing shows nothing; trying to send shows each field’s first problem; a reset keeps the side and type', () => {
    let state = orderForm.start({ side: 'sell' });
    state = orderForm.reduce(state, { type: 'patch', values: { price: '64000.123', size: '' } });
    expect(orderForm.errors(state.values, env)).toEqual({ price: 'invalidPrice', size: 'sizeRequired' });
    expect(orderForm.shown(state, env)).toEqual({});
    state = orderForm.reduce(state, { type: 'submit' });
    expect(orderForm.shown(state, env)).toEqual({ price: 'invalidPrice', size: 'sizeRequired' });
    state = orderForm.reduce(state, { type: 'reset', values: (current) => ({ ...current, price: '', size: '' }) });
    expect(state).toEqual({ values: { ...FRESH_ORDER, side: 'sell' }, touched: {}, submitted: false });
  });

  it('a buy above the balance is refused on the size; a valid one summarises as the receipt the user confirms', () => {
    const tooMuch = { ...FRESH_ORDER, price: '64000', size: '1' };
    expect(orderForm.errors(tooMuch, env)).toEqual({ size: 'insufficientBalance' });
    const fine = { ...FRESH_ORDER, price: '64000', size: '0.01' };
    expect(orderForm.valid(fine, env)).toBe(true);
    const summary = orderForm.summary(fine, env);
    expect(summary.basis.quantity?.toFixed()).toBe('0.01');
    expect(summary.receipt?.kind).toBe('spot');
    expect(summary.conditions).toEqual({ trigger: null, callback: null });
  });
});
