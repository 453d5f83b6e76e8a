import { spreadOf } from './book';
import { expectedMarketPrice, marketableLimit, perpAmountQuantity, perpReceipt, spotReceipt } from './receipt';
import { fundsProblem, priceProblem, sizeProblem, tpSlProblems } from './rules';
import { addPrint } from './RecentTrades';
import { ASKS, BIDS, TERMS } from '../../testing/trade-fixtures';

const LIMITS = { priceDecimals: 2, amountDecimals: 5, minQuantity: '0.0001', maxQuantity: '100' };

describe('order form rules (spec §5, §8)', () => {
  it('a limit price must be entered, positive, not above 1e17 and within the coin’s price decimals; a market order has none', () => {
    expect(priceProblem({ kind: 'limit', price: ' ' }, LIMITS)).toBe('priceRequired');
    expect(priceProblem({ kind: 'limit', price: '0' }, LIMITS)).toBe('invalidPrice');
    expect(priceProblem({ kind: 'limit', price: '1e5' }, LIMITS)).toBe('invalidPrice');
    expect(priceProblem({ kind: 'limit', price: '100000000000000000.01' }, LIMITS)).toBe('invalidPrice');
    expect(priceProblem({ kind: 'limit', price: '64000.123' }, LIMITS)).toBe('invalidPrice');
    expect(priceProblem({ kind: 'limit', price: '64000.12' }, LIMITS)).toBeNull();
    expect(priceProblem({ kind: 'market', price: '' }, LIMITS)).toBeNull();
  });

  it('a size must be entered, > 0, ≤ 1e17, within the coin’s amount decimals and the instrument’s bounds', () => {
    const size = (text: string, unit: 'quantity' | 'amount' = 'quantity', price: string | null = '64000') => sizeProblem({ size: text, sizeUnit: unit }, LIMITS, price);
    expect(size('')).toBe('sizeRequired');
    expect(size('0')).toBe('invalidSize');
    expect(size('-1')).toBe('invalidSize');
    expect(size('100000000000000001')).toBe('invalidSize');
    expect(size('0.123456')).toBe('invalidSize');
    expect(size('0.00001')).toBe('sizeBelowMin');
    expect(size('101')).toBe('sizeAboveMax');
    expect(size('0.5')).toBeNull();
    // an amount of USDT: cents, and its quantity at the price is what the bounds check
    expect(size('10.001', 'amount')).toBe('invalidSize');
    expect(size('1', 'amount')).toBe('sizeBelowMin');
    expect(size('640', 'amount')).toBeNull();
  });

  it('funds: "Insufficient balance" for spot, the margin text for perpetuals; equal to available passes', () => {
    expect(fundsProblem('100.01', '100', 'spot')).toBe('insufficientBalance');
    expect(fundsProblem('100.01', '100', 'margin')).toBe('marginAboveAvailable');
    expect(fundsProblem('100', '100', 'margin')).toBeNull();
    expect(fundsProblem(null, '100', 'spot')).toBeNull();
  });

  it('take-profit above and stop-loss below the price for a long, the other way for a short; empty is none', () => {
    expect(tpSlProblems({ side: 'buy', takeProfit: '65000', stopLoss: '63000' }, '64000', 2)).toEqual({ takeProfit: null, stopLoss: null });
    expect(tpSlProblems({ side: 'buy', takeProfit: '63000', stopLoss: '65000' }, '64000', 2)).toEqual({ takeProfit: 'tpInvalid', stopLoss: 'slInvalid' });
    expect(tpSlProblems({ side: 'sell', takeProfit: '63000', stopLoss: '65000' }, '64000', 2)).toEqual({ takeProfit: null, stopLoss: null });
    expect(tpSlProblems({ side: 'sell', takeProfit: '', stopLoss: 'abc' }, '64000', 2)).toEqual({ takeProfit: null, stopLoss: 'slInvalid' });
  });
});

describe('the book', () => {
  // the walk itself is contracts' trading/walk.ts, tested by hand in the server's trading/walk.test.ts
  const quote = { bid: '63990', ask: '64000', last: '64020' };

  it('a market order by quantity is expected at the walked price, at the quote’s side when the shown levels are not enough', () => {
    expect(expectedMarketPrice('buy', '0.1', quote, { bids: BIDS, asks: ASKS })).toBe('64050');
    expect(expectedMarketPrice('buy', '1', quote, { bids: BIDS, asks: ASKS })).toBe('64000');
    // 0.2 × 63,990 + 0.8 × 63,900 = 63,918 for 1
    expect(expectedMarketPrice('sell', '1', quote, { bids: BIDS, asks: ASKS })).toBe('63918');
    // a malformed streamed level is passed over, not taken
    expect(expectedMarketPrice('buy', '0.1', quote, { bids: BIDS, asks: [['x', '1'], ['64000', '0'], ...ASKS] })).toBe('64050');
  });

  it('by amount in whole steps of the coin (the engine’s walk): each level rounded down, complete once a level holds the rest', () => {
    // 0.05 @ 64,000 = 3,200; floor(1,800 / 64,100, 5) = 0.02808 — not (5,000 − 3,200) / 64,100 = 0.028081…
    expect(perpAmountQuantity('buy', '5000', quote, { bids: BIDS, asks: ASKS }, 5)?.toFixed()).toBe('0.07808');
    // a short walks the bids: floor(5,000 / 63,990, 5) = 0.07813 fits the first level
    expect(perpAmountQuantity('sell', '5000', quote, { bids: BIDS, asks: ASKS }, 5)?.toFixed()).toBe('0.07813');
    // no book yet: the amount over the quote's side
    expect(perpAmountQuantity('buy', '5000', quote, null, 5)?.toFixed()).toBe('0.07812');
    expect(perpAmountQuantity('buy', 'abc', quote, null, 5)).toBeNull();
  });

  it('spread: best ask less best bid and its share of the mid price', () => {
    const spread = spreadOf(BIDS, ASKS);
    expect(spread?.absolute.toFixed()).toBe('10');
    expect(spread?.percent.toFixed(5)).toBe('0.01563');
    expect(spreadOf([], ASKS)).toBeNull();
  });

  it('feed prints: newest first, direction against the previous one, duplicates ignored', () => {
    let prints = addPrint([], { time: 1, price: '100' });
    prints = addPrint(prints, { time: 2, price: '101' });
    prints = addPrint(prints, { time: 2, price: '105' });
    prints = addPrint(prints, { time: 3, price: '99.5' });
    expect(prints.map((p) => [p.price, p.move])).toEqual([
      ['99.5', 'down'],
      ['101', 'up'],
      ['100', 'flat'],
    ]);
  });
});

describe('pre-trade receipt (hand-computed)', () => {
  it('a 10× isolated market long of 0.1 BTC: walked price, fee, margin, liquidation and distance from margin.ts', () => {
    const receipt = perpReceipt({
      side: 'buy',
      kind: 'market',
      quantity: '0.1',
      price: null,
      leverage: 10,
      quote: { bid: '63990', ask: '64000', last: '64020' },
      book: { bids: BIDS, asks: ASKS },
      terms: TERMS,
      settings: { marginMode: 'isolated', positionMode: 'merge' },
      available: '1000',
      positions: [],
      symbol: 'BTCUSDT',
    });
    // 0.05 @ 64,000 + 0.05 @ 64,100 = 6,405 → 64,050; fee 6,405 × 0.0005; margin 6,405 / 10
    expect(receipt.expectedPrice).toBe('64050');
    expect(receipt.notional).toBe('6405');
    expect(receipt.fee).toBe('3.2025');
    expect(receipt.margin).toBe('640.5');
    expect(receipt.cost).toBe('643.7025');
    expect(receipt.enough).toBe(true);
    // (6,405 − 640.5) / (0.1 × (1 − 0.005)) = 57,934.6733… rounded up for a long
    expect(receipt.liquidationBefore).toBeNull();
    expect(receipt.liquidationAfter).toBe('57934.68');
    // (64,020 − 57,934.68) / 64,020 = 9.505… % rounded down
    expect(receipt.distanceToLiquidation).toBe('9.5');
  });

  it('a market order whose walk averages between price steps is expected where the engine fills it: rounded against the user', () => {
    const base = { kind: 'market', price: null, leverage: 10, quote: { bid: '63990', ask: '64000', last: '64020' }, book: { bids: BIDS, asks: ASKS }, terms: TERMS, settings: { marginMode: 'isolated', positionMode: 'merge' }, available: '1000', positions: [], symbol: 'BTCUSDT' } as const;
    // 0.05 × 64,000 + 0.02 × 64,100 = 4,482 for 0.07 → 64,028.5714… → 64,028.58 (a buy, up); notional 4,482.0006
    const long = perpReceipt({ ...base, side: 'buy', quantity: '0.07' });
    expect([long.expectedPrice, long.notional, long.fee, long.margin]).toEqual(['64028.58', '4482.0006', '2.241001', '448.20006']);
    // 0.2 × 63,990 + 0.05 × 63,900 = 15,993 for 0.25 → 63,972 exact; 0.21: 13,437 → 63,985.714… → 63,985.71 (a sell, down)
    expect(perpReceipt({ ...base, side: 'sell', quantity: '0.25' }).expectedPrice).toBe('63972');
    expect(perpReceipt({ ...base, side: 'sell', quantity: '0.21' }).expectedPrice).toBe('63985.71');
    expect(long.bookCovers).toBe(true);
  });

  it('a market order larger than the streamed book says it fills deeper (the engine walks its whole book or refuses); a limit one does not', () => {
    const base = { price: null, leverage: 10, quote: { bid: '63990', ask: '64000', last: '64020' }, book: { bids: BIDS, asks: ASKS }, terms: TERMS, settings: { marginMode: 'isolated', positionMode: 'merge' }, available: '1000000', positions: [], symbol: 'BTCUSDT' } as const;
    // the shown asks hold 0.1 at 64,000–64,100 but not 1 (see 'the book' above)
    expect(perpReceipt({ ...base, kind: 'market', side: 'buy', quantity: '0.1' }).bookCovers).toBe(true);
    expect(perpReceipt({ ...base, kind: 'market', side: 'buy', quantity: '1' }).bookCovers).toBe(false);
    expect(perpReceipt({ ...base, kind: 'market', side: 'buy', quantity: '0.01', book: null }).bookCovers).toBe(false);
    expect(perpReceipt({ ...base, kind: 'limit', price: '64000', side: 'buy', quantity: '1' }).bookCovers).toBe(true);
  });

  it('a limit order the book already crosses says what fills at once (taker, the levels up to its limit) and what rests', () => {
    const base = { kind: 'limit', leverage: 10, quote: { bid: '63990', ask: '64000', last: '64020' }, book: { bids: BIDS, asks: ASKS }, terms: TERMS, settings: { marginMode: 'isolated', positionMode: 'merge' }, available: '1000000', positions: [], symbol: 'BTCUSDT' } as const;
    // a long at 64,050 takes the 0.05 at 64,000 (64,100 is past its limit) and rests 0.03
    expect(perpReceipt({ ...base, side: 'buy', price: '64050', quantity: '0.08' }).marketable).toEqual({ quantity: '0.05', price: '64000', rest: '0.03' });
    // at 64,100 both levels: 0.05 × 64,000 + 0.02 × 64,100 = 4,482 for 0.07 → 64,028.58 (walkPrice, up), nothing rests
    const whole = perpReceipt({ ...base, side: 'buy', price: '64100', quantity: '0.07' });
    expect(whole.marketable).toEqual({ quantity: '0.07', price: '64028.58', rest: '0' });
    // filled whole at once, it is priced as the engine fills it: the walked price and the taker fee (as a market order)
    expect([whole.expectedPrice, whole.notional, whole.fee, whole.margin]).toEqual(['64028.58', '4482.0006', '2.241001', '448.20006']);
    // a short at 63,950 takes the 0.2 bid at 63,990 (63,900 is below its limit) and rests 0.1
    expect(perpReceipt({ ...base, side: 'sell', price: '63950', quantity: '0.3' }).marketable).toEqual({ quantity: '0.2', price: '63990', rest: '0.1' });
    // below the ask: it all rests
    expect(perpReceipt({ ...base, side: 'buy', price: '63000', quantity: '0.1' }).marketable).toBeNull();
    expect(marketableLimit('buy', '0.1', '64050', null)).toBeNull();
  });

  it('merge mode shows the liquidation price before → after against the open position it adds to', () => {
    const receipt = perpReceipt({
      side: 'buy',
      kind: 'limit',
      quantity: '0.1',
      price: '64000',
      leverage: 10,
      quote: { bid: '63990', ask: '64000', last: '64000' },
      book: null,
      terms: TERMS,
      settings: { marginMode: 'isolated', positionMode: 'merge' },
      available: '1000',
      positions: [{ symbol: 'BTCUSDT', side: 'long', marginMode: 'isolated', quantity: '0.1', entryPrice: '64000', margin: '640' } as never],
      symbol: 'BTCUSDT',
    });
    // before: (6,400 − 640) / 0.0995 = 57,889.447… → 57,889.45; after: the same entry and leverage on twice the size
    expect(receipt.liquidationBefore).toBe('57889.45');
    expect(receipt.liquidationAfter).toBe('57889.45');
    expect(receipt.fee).toBe('1.28');
  });

  it('a spot market buy of 0.1 BTC pays the taker fee in BTC and receives the rest', () => {
    const receipt = spotReceipt({ side: 'buy', kind: 'market', quantity: '0.1', amount: null, price: null, quote: { bid: '63990', ask: '64000', last: '64000' }, book: { bids: BIDS, asks: ASKS }, terms: { ...TERMS, takerFeeRate: '0.001' } });
    expect(receipt.expectedPrice).toBe('64050');
    expect(receipt.value).toBe('6405');
    expect(receipt.fee).toBe('0.0001');
    expect(receipt.feeAsset).toBe('BTC');
    expect(receipt.receive).toBe('0.0999');
  });

  it('a spot market buy by amount takes what the engine’s walk takes: whole steps of the coin, only their value spent', () => {
    const quote = { bid: '63990', ask: '64000', last: '64000' };
    const buy = (amount: string, book: { bids: typeof BIDS; asks: typeof ASKS } | null) =>
      spotReceipt({ side: 'buy', kind: 'market', quantity: null, amount, price: null, quote, book, terms: { ...TERMS, takerFeeRate: '0.001' } });
    // 3,200 for 0.05 @ 64,000, then floor(1,800 / 64,100, 5) = 0.02808 for 1,799.928: 0.072 USDT stays unspent;
    // the price is their average, 4,999.928 / 0.07808 (20 significant digits)
    const receipt = buy('5000', { bids: BIDS, asks: ASKS });
    expect([receipt.quantity, receipt.value, receipt.bookCovers]).toEqual(['0.07808', '4999.928', true]);
    expect(receipt.expectedPrice).toBe('64035.963114754098361');
    // a book too thin for the amount, or none yet: at the ask
    const thin = buy('100000', { bids: BIDS, asks: ASKS });
    expect([thin.quantity, thin.value, thin.bookCovers]).toEqual(['1.5625', '100000', false]);
    expect(buy('5000', null).quantity).toBe('0.07812');
  });

  it('a spot limit sell pays the maker fee in USDT', () => {
    const receipt = spotReceipt({ side: 'sell', kind: 'limit', quantity: '0.5', amount: null, price: '65000', quote: { bid: '63990', ask: '64000', last: '64000' }, book: null, terms: TERMS });
    expect(receipt.value).toBe('32500');
    expect(receipt.fee).toBe('6.5');
    expect(receipt.receive).toBe('32493.5');
    expect(receipt.receiveAsset).toBe('USDT');
  });
});
