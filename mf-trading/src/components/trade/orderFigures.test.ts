import { ASKS, BIDS, TERMS } from '../../testing/trade-fixtures';
import { isValid, orderBasis, orderCost, orderProblems, orderReceipt, pendingOrder, percentOfMax, sizeForPercent, type OrderContext } from './orderFigures';
import { PLAIN_ORDER } from './orderTypes';

/** A spot BTCUSDT form with 1,000 USDT available, the quote 63,990 / 64,000 (last 64,020) and the fixture book. */
const spot = (change: Partial<OrderContext['values']> = {}): OrderContext => ({
  perp: false,
  symbol: 'BTCUSDT',
  values: { kind: 'limit', side: 'buy', price: '64000', size: '', sizeUnit: 'quantity', takeProfit: '', stopLoss: '', ...change },
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
});

describe('the order form without React (orderFigures)', () => {
  it('a limit buy: its quantity, receipt, cost and the order the receipt confirms', () => {
    const ctx = spot({ size: '0.01' });
    const basis = orderBasis(ctx);
    expect([basis.limitPrice, basis.referencePrice, basis.quantity?.toFixed()]).toEqual(['64000', '64000', '0.01']);
    const receipt = orderReceipt(ctx, basis);
    expect(receipt?.kind).toBe('spot');
    expect(isValid(orderProblems(ctx, basis, receipt))).toBe(true);
    expect(orderCost(receipt, 'buy', 'BTC', 'USDT')?.asset).toBe('USDT');
    const order = pendingOrder(ctx, { ...basis, quantity: basis.quantity! }, { market: 'spot', base: 'BTC', quoteAsset: 'USDT', isIco: false });
    expect(order).toMatchObject({ market: 'spot', symbol: 'BTCUSDT', side: 'buy', kind: 'limit', quantity: '0.01', amount: null, price: '64000', takeProfit: null });
  });

  it('each field’s first problem: no price, no size, then the balance', () => {
    const none = spot({ price: '', size: '' });
    const problems = orderProblems(none, orderBasis(none), null);
    expect([problems.price, problems.size]).toEqual(['priceRequired', 'sizeRequired']);
    const tooMuch = spot({ size: '1' });
    const basis = orderBasis(tooMuch);
    expect(orderProblems(tooMuch, basis, orderReceipt(tooMuch, basis)).size).toBe('insufficientBalance');
  });

  it('the slider: a share of the balance in the size field’s unit, and where a typed size puts it', () => {
    const ctx = spot();
    expect(sizeForPercent(ctx, orderBasis(ctx), 50)).toBe('0.00781');
    expect(sizeForPercent(spot({ sizeUnit: 'amount' }), orderBasis(spot({ sizeUnit: 'amount' })), 25)).toBe('250');
    const unknown = { ...spot(), available: undefined };
    expect(sizeForPercent(unknown, orderBasis(unknown), 50)).toBeNull();
    expect([percentOfMax('0.5', '2'), percentOfMax('3', '2'), percentOfMax('', '2'), percentOfMax('1', null)]).toEqual([25, 100, 0, 0]);
  });
});
