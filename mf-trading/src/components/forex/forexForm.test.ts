import { forexForm, type ForexEnv } from './forexForm';
import type { ForexConfig } from './forexOrder';

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
  leverages: [1, 10, 100],
  maintenanceTiers: [{ maxNotional: null, rate: '0.005' }],
} as unknown as ForexConfig;

const env = (change: Partial<ForexEnv> = {}): ForexEnv => ({
  config: AUDCAD,
  sides: { bid: '0.9124', ask: '0.9126', last: '0.9125' },
  settings: { marginMode: 'isolated', positionMode: 'merge' } as ForexEnv['settings'],
  available: '1000',
  book: null,
  positions: [],
  type: { basis: null, problem: null },
  ...change,
});

describe('the forex order as a createForm unit (forexForm)', () => {
  it('lots, then the margin against the balance; TP/SL only when on; the order type’s problem under form', () => {
    const values = { ...forexForm.def.initial, leverage: 100, lots: '' };
    expect(forexForm.errors(values, env())).toEqual({ lots: 'sizeRequired' });
    // 1 lot at 100× holds 732.27 USDT: within 1,000, above 500
    expect(forexForm.errors({ ...values, lots: '1' }, env())).toEqual({});
    expect(forexForm.errors({ ...values, lots: '1' }, env({ available: '500' }))).toEqual({ lots: 'marginAboveAvailable' });
    // a long's take-profit must be above the ask it fills at; ignored while TP/SL is off
    expect(forexForm.errors({ ...values, lots: '1', takeProfit: '0.9' }, env())).toEqual({});
    expect(forexForm.errors({ ...values, lots: '1', tpSlOn: true, takeProfit: '0.9' }, env())).toEqual({ takeProfit: 'tpInvalid' });
    expect(forexForm.errors({ ...values, lots: '1' }, env({ type: { basis: null, problem: 'triggerRequired' as never } }))).toEqual({ form: 'triggerRequired' });
  });

  it('summarises as the pre-trade receipt; none while the lots are wrong', () => {
    const values = { ...forexForm.def.initial, leverage: 100, lots: '1' };
    const receipt = forexForm.summary(values, env());
    expect([receipt?.units, receipt?.margin, receipt?.pipValue]).toEqual(['100000', '730.08', '8']);
    expect(forexForm.summary({ ...values, lots: '0.015' }, env())).toBeNull();
  });
});
