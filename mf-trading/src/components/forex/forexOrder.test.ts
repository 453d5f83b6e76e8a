import { POSITION } from '../../testing/trade-fixtures';
import { forexReceipt, forexTpSlProblems, lotsProblem } from './forexOrder';

const AUDCAD = {
  symbol: 'AUDCAD',
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  contractSize: '100000',
  quoteRate: '0.8',
  makerFeeRate: '0.00002',
  takerFeeRate: '0.00003',
  pipValuePerLot: '8',
  priceDecimals: 5,
  maintenanceTiers: [
    { maxNotional: '200000', rate: '0.005' },
    { maxNotional: '1000000', rate: '0.0075' },
    { maxNotional: null, rate: '0.01' },
  ],
};
const ISOLATED_MERGE = { marginMode: 'isolated', positionMode: 'merge' } as const;
const QUOTE = { bid: '0.9124', ask: '0.9126', last: '0.9125' };

describe('forex order in lots', () => {
  it('lots: entered, positive, in 0.01 steps, between the pair’s minimum and 50', () => {
    expect(lotsProblem('', AUDCAD)).toBe('sizeRequired');
    expect(lotsProblem('0', AUDCAD)).toBe('invalidSize');
    expect(lotsProblem('abc', AUDCAD)).toBe('invalidSize');
    expect(lotsProblem('0.015', AUDCAD)).toBe('invalidSize');
    expect(lotsProblem('50.01', AUDCAD)).toBe('sizeAboveMax');
    expect(lotsProblem('0.5', { ...AUDCAD, minLots: '1' })).toBe('sizeBelowMin');
    expect(lotsProblem('0.01', AUDCAD)).toBeNull();
    expect(lotsProblem('50', AUDCAD)).toBeNull();
  });

  it('receipt of 1 lot AUDCAD long at 0.9126 with USDCAD mid 1.25 (rate 0.8), 100×: the server README’s worked case, with the liquidation price the engine sets', () => {
    // exposure 100,000 × 0.8 = 80,000; notional 0.9126 × 80,000 = 73,008; margin /100 = 730.08;
    // fee 0.003 % of 73,008 = 2.19024; cost 732.27024; a pip 0.0001 × 80,000 = 8 USDT;
    // liquidation (73,008 − 730.08) / (80,000 × 0.995) = 0.90801407… ↑ 0.90802 (forex.test.ts has the engine set it);
    // distance |0.9125 − 0.90802| / 0.9125 = 0.4909…% ↓ 0.49
    const r = forexReceipt({ side: 'buy', lots: '1', leverage: 100, quote: QUOTE, config: AUDCAD, settings: ISOLATED_MERGE, available: '1000', positions: [] });
    expect(r).toEqual({
      // no book has arrived: priced at the quote's ask, and the receipt says the shown book does not cover it
      bookCovers: false,
      expectedPrice: '0.9126',
      units: '100000',
      quoteRate: '0.8',
      notional: '73008',
      fee: '2.19024',
      margin: '730.08',
      cost: '732.27024',
      enough: true,
      liquidationBefore: null,
      liquidationAfter: '0.90802',
      distanceToLiquidation: '0.49',
      markPrice: '0.9125',
      pipValue: '8',
      // a market order: nothing of a limit to fill at once
      marketable: null,
    });
  });

  it('a short fills at the bid; a cost above the available balance is flagged; no conversion rate, no receipt', () => {
    const r = forexReceipt({ side: 'sell', lots: '0.5', leverage: 10, quote: QUOTE, config: AUDCAD, settings: ISOLATED_MERGE, available: '100', positions: [] });
    // 50,000 × 0.8 × 0.9124 = 36,496; /10 = 3,649.6; liquidation (36,496 + 3,649.6) / (40,000 × 1.005) = 0.998646… ↓ 0.99864
    expect([r?.expectedPrice, r?.notional, r?.margin, r?.enough, r?.pipValue, r?.liquidationAfter]).toEqual(['0.9124', '36496', '3649.6', false, '4', '0.99864']);
    expect(forexReceipt({ side: 'buy', lots: '1', leverage: 100, quote: QUOTE, config: { ...AUDCAD, quoteRate: null }, settings: ISOLATED_MERGE, available: '1', positions: [] })).toBeNull();
  });

  it('walks the pair’s book as the engine does: 3 lots at the asks’ average, rounded up to the pair’s decimals (forex.test.ts fills the same)', () => {
    const book = { bids: [['0.9124', '1000000']] as [string, string][], asks: [['0.9126', '100000'], ['0.9127', '1000000']] as [string, string][] };
    const r = forexReceipt({ side: 'buy', lots: '3', leverage: 100, quote: QUOTE, book, config: AUDCAD, settings: ISOLATED_MERGE, available: '5000', positions: [] });
    // 100,000 × 0.9126 + 200,000 × 0.9127 = 273,800 for 300,000 → 0.912666… ↑ 0.91267; × 300,000 × 0.8 = 219,040.8
    expect([r?.expectedPrice, r?.notional, r?.margin, r?.fee]).toEqual(['0.91267', '219040.8', '2190.408', '6.571224']);
    // 1 lot fits the first level: the ask itself
    expect(forexReceipt({ side: 'buy', lots: '1', leverage: 100, quote: QUOTE, book, config: AUDCAD, settings: ISOLATED_MERGE, available: '5000', positions: [] })?.expectedPrice).toBe('0.9126');
  });

  it('merging into an open position of the pair: "before" is that position’s liquidation on its own exposure (units × its rate)', () => {
    const open = { ...POSITION, symbol: 'AUDCAD', quantity: '100000', entryPrice: '0.9126', margin: '730.08', quoteRate: '0.8' };
    const r = forexReceipt({ side: 'buy', lots: '1', leverage: 100, quote: QUOTE, config: AUDCAD, settings: ISOLATED_MERGE, available: '1000', positions: [open] });
    // the same position again: before 0.90802 (as the engine set it), after the same entry and twice the margin on twice the exposure
    expect([r?.liquidationBefore, r?.liquidationAfter]).toEqual(['0.90802', '0.90802']);
    // taken as units (rate 1) the position would be 100,000 × 0.9126 with 730.08 of margin: another price
    const asUnits = forexReceipt({ side: 'buy', lots: '1', leverage: 100, quote: QUOTE, config: AUDCAD, settings: ISOLATED_MERGE, available: '1000', positions: [{ ...open, quoteRate: '1' }] });
    expect(asUnits?.liquidationBefore).not.toBe('0.90802');
  });

  it('TP/SL sit on the right side of the fill price in the pair’s decimals', () => {
    expect(forexTpSlProblems('buy', '0.9200', '0.9000', '0.9126', 5)).toEqual({ takeProfit: null, stopLoss: null });
    expect(forexTpSlProblems('buy', '0.9000', '0.9200', '0.9126', 5)).toEqual({ takeProfit: 'tpInvalid', stopLoss: 'slInvalid' });
    expect(forexTpSlProblems('sell', '0.912012', '', '0.9126', 5).takeProfit).toBe('tpInvalid');
  });
});
