import { orderForm } from './order-form';

const errors = (values: Partial<Parameters<typeof orderForm.start>[0]>, lotSize = 1) => orderForm.errors(orderForm.start(values).values, { lotSize });

describe('the stock order form', () => {
  it('wants whole shares in the US and whole lots of 100 in Tokyo', () => {
    expect(errors({ shares: '' }).shares).toBe('stockSharesRequired');
    expect(errors({ shares: '1.5' }).shares).toBe('stockWholeShares');
    expect(errors({ shares: '3' }).shares).toBeUndefined();
    expect(errors({ shares: '150' }, 100).shares).toBe('stockWholeLots');
    expect(errors({ shares: '200' }, 100).shares).toBeUndefined();
  });

  it('a limit order needs a price; a market buy by amount needs an amount and no shares', () => {
    expect(errors({ type: 'limit', shares: '1', price: '' }).price).toBe('stockPriceRequired');
    expect(errors({ type: 'limit', shares: '1', price: '190.25' }).price).toBeUndefined();
    const byAmount = errors({ sizeBy: 'amount', amount: '' });
    expect([byAmount.amount, byAmount.shares]).toEqual(['stockAmountRequired', undefined]);
  });

  it('sends shares whenever the order is a limit or a sell, even if amount was picked before', () => {
    const state = orderForm.reduce(orderForm.start({ sizeBy: 'amount' }), { type: 'set', field: 'type', value: 'limit' });
    expect(state.values.sizeBy).toBe('shares');
    expect(orderForm.summary({ ...orderForm.def.initial, side: 'sell', sizeBy: 'amount' }, { lotSize: 1 }).sendShares).toBe(true);
  });
});
