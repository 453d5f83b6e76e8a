import { bothZones, forexReceipt, forexTpSlProblems, lotsProblem } from './forexOrder';

const AUDCAD = { lotStep: '0.01', minLots: '0.01', maxLots: '50', contractSize: '100000', quoteRate: '0.8', takerFeeRate: '0.00003', pipValuePerLot: '8' };

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

  it('receipt of 1 lot AUDCAD long at 0.9126 with USDCAD mid 1.25 (rate 0.8), 100×: the server README’s worked case', () => {
    // exposure 100,000 × 0.8 = 80,000; notional 0.9126 × 80,000 = 73,008; margin /100 = 730.08;
    // fee 0.003 % of 73,008 = 2.19024; cost 732.27024; a pip 0.0001 × 80,000 = 8 USDT
    const r = forexReceipt({ side: 'buy', lots: '1', leverage: 100, quote: { bid: '0.9124', ask: '0.9126' }, config: AUDCAD, available: '1000' });
    expect(r).toEqual({
      expectedPrice: '0.9126',
      units: '100000',
      quoteRate: '0.8',
      notional: '73008',
      fee: '2.19024',
      margin: '730.08',
      cost: '732.27024',
      enough: true,
      pipValue: '8',
    });
  });

  it('a short fills at the bid; a cost above the available balance is flagged; no conversion rate, no receipt', () => {
    const r = forexReceipt({ side: 'sell', lots: '0.5', leverage: 10, quote: { bid: '0.9124', ask: '0.9126' }, config: AUDCAD, available: '100' });
    // 50,000 × 0.8 × 0.9124 = 36,496; /10 = 3,649.6
    expect([r?.expectedPrice, r?.notional, r?.margin, r?.enough, r?.pipValue]).toEqual(['0.9124', '36496', '3649.6', false, '4']);
    expect(forexReceipt({ side: 'buy', lots: '1', leverage: 100, quote: { bid: '1', ask: '1' }, config: { ...AUDCAD, quoteRate: null }, available: '1' })).toBeNull();
  });

  it('TP/SL sit on the right side of the fill price with at most pip + 1 decimals', () => {
    expect(forexTpSlProblems('buy', '0.9200', '0.9000', '0.9126', '0.0001')).toEqual({ takeProfit: null, stopLoss: null });
    expect(forexTpSlProblems('buy', '0.9000', '0.9200', '0.9126', '0.0001')).toEqual({ takeProfit: 'tpInvalid', stopLoss: 'slInvalid' });
    expect(forexTpSlProblems('sell', '0.912012', '', '0.9126', '0.0001').takeProfit).toBe('tpInvalid');
  });

  it('the next opening in the user’s zone and in New York (DST-aware)', () => {
    // Sunday 2026-11-29 17:00 New York (EST, UTC−5) = 22:00 UTC
    const at = Date.UTC(2026, 10, 29, 22, 0);
    const zones = bothZones(at, 'en-GB', 'Asia/Tokyo');
    expect(zones.newYork).toMatch(/29\/11\/2026.*17:00/);
    expect(zones.local).toMatch(/30\/11\/2026.*07:00/);
  });
});
