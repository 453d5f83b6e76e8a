// The published formulas (server/README.md "Perpetual contracts") against cases computed by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  crossCollateral,
  distanceToLiquidation,
  fundingPayment,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  marginRatio,
  mergedEntry,
  notional,
  pnl,
  pnlPercent,
  preTradeReceipt,
  reachesLiquidation,
  releasedMargin,
  tradeFee,
  type MaintenanceTier,
} from '@meridian/contracts';

const TIERS: MaintenanceTier[] = [
  { maxNotional: '50000', rate: '0.005' },
  { maxNotional: '250000', rate: '0.01' },
  { maxNotional: null, rate: '0.025' },
];
const s = (value: { toFixed(): string } | null) => (value === null ? null : value.toFixed());

test('notional, initial margin (notional / leverage, up) and fees (rate × notional, up)', () => {
  assert.equal(s(notional('50000', '0.1')), '5000');
  assert.equal(s(initialMargin('5000', 10)), '500');
  assert.equal(s(initialMargin('5000', 3)), '1666.666667', '1666.6666… rounds up: the user puts up the last unit');
  assert.equal(s(tradeFee('5000', '0.0005')), '2.5');
  assert.equal(s(tradeFee('1234.5678901', '0.0004')), '0.493828', '0.49382715604 rounds up');
});

test('P/L: long (mark − entry) × qty, short (entry − mark) × qty, rounded towards −∞; P/L % on the margin', () => {
  assert.equal(s(pnl('long', '50000', '51234.56', '0.1')), '123.456');
  assert.equal(s(pnl('short', '50000', '51234.56', '0.1')), '-123.456');
  assert.equal(s(pnl('short', '50000', '48000', '0.1')), '200');
  assert.equal(s(pnl('long', '50000', '50000.01', '0.00001')), '0', 'a gain of 0.0000001 is cut to 0');
  assert.equal(s(pnl('short', '50000', '50000.01', '0.00001')), '-0.000001', 'a loss of 0.0000001 costs a full unit');
  assert.equal(s(pnlPercent('123.456', '500')), '24.69');
  assert.equal(s(pnlPercent('-123.456', '500')), '-24.69');
  assert.equal(s(pnlPercent('5', '0')), '0');
});

test('maintenance margin is progressive over the tiers (like tax brackets), rounded up', () => {
  assert.equal(s(maintenanceMargin('5000', TIERS)), '25');
  assert.equal(s(maintenanceMargin('50000', TIERS)), '250');
  assert.equal(s(maintenanceMargin('100000', TIERS)), '750', '50000 × 0.5 % + 50000 × 1 %');
  assert.equal(s(maintenanceMargin('300000', TIERS)), '3500', '250 + 2000 + 50000 × 2.5 %');
  assert.equal(s(maintenanceMargin('0.0001', TIERS)), '0.000001', '0.0000005 rounds up');
  assert.throws(() => maintenanceMargin('1', [{ maxNotional: null, rate: '0.01' }, { maxNotional: '5', rate: '0.02' }]));
  assert.throws(() => maintenanceMargin('1', [{ maxNotional: '5', rate: '0.01' }, { maxNotional: '4', rate: '0.02' }]));
});

test('margin ratio: maintenance / equity in %, 100 at or below zero equity', () => {
  assert.equal(s(marginRatio('25', '623.456')), '4.01');
  assert.equal(s(marginRatio('25', '25')), '100');
  assert.equal(s(marginRatio('25', '0')), '100');
  assert.equal(s(marginRatio('25', '-3')), '100');
});

test('isolated liquidation price: long rounds up, short rounds down (liquidation a tick early, never late)', () => {
  // long 0.1 @ 50000, 10×: P = (5000 − 500) / (0.1 × 0.995) = 45226.1306…
  const long = liquidationPrice({ side: 'long', quantity: '0.1', entryPrice: '50000', collateral: '500', tiers: TIERS, priceScale: 2 });
  assert.equal(s(long), '45226.14');
  // short 0.1 @ 50000, 10×: P = (5000 + 500) / (0.1 × 1.005) = 54726.3681…
  const short = liquidationPrice({ side: 'short', quantity: '0.1', entryPrice: '50000', collateral: '500', tiers: TIERS, priceScale: 2 });
  assert.equal(s(short), '54726.36');
  // at the (rounded) price the equity is still at or above maintenance: nothing is liquidated with a deficit by rounding
  for (const [side, price] of [['long', long!], ['short', short!]] as const) {
    const equity = pnl(side, '50000', price, '0.1').plus(500);
    assert.ok(equity.gte(maintenanceMargin(notional(price, '0.1'), TIERS)), side);
  }
  // 1× long: the whole notional backs it, no positive price liquidates it
  assert.equal(liquidationPrice({ side: 'long', quantity: '0.1', entryPrice: '50000', collateral: '5000', tiers: TIERS, priceScale: 2 }), null);
  assert.equal(reachesLiquidation('long', '45226.14', '45226.14'), true);
  assert.equal(reachesLiquidation('long', '45226.15', '45226.14'), false);
  assert.equal(reachesLiquidation('short', '54726.36', '54726.36'), true);
  assert.equal(reachesLiquidation('short', '54726.35', '54726.36'), false);
  assert.equal(reachesLiquidation('long', '1', null), false);
});

test('liquidation price in a higher tier: solved in the tier where the liquidation notional falls', () => {
  // long 2 @ 50000, 20× (margin 5000): tier 1 would give 47738.69 (notional 95477, not in tier 1); tier 2 (1 %, −250):
  // P = (100000 − 5000 − 250) / (2 × 0.99) = 47853.5353…
  assert.equal(s(liquidationPrice({ side: 'long', quantity: '2', entryPrice: '50000', collateral: '5000', tiers: TIERS, priceScale: 2 })), '47853.54');
  // short 2 @ 50000, 20×: P = (100000 + 5000 + 250) / (2 × 1.01) = 52103.9603…
  assert.equal(s(liquidationPrice({ side: 'short', quantity: '2', entryPrice: '50000', collateral: '5000', tiers: TIERS, priceScale: 2 })), '52103.96');
});

test('cross liquidation price: the wallet’s available balance and the other cross positions’ surplus back the position', () => {
  // margin 500 + available 1000 + (other: margin 200, P/L −50, maintenance 10) = 1640
  const collateral = crossCollateral('500', '1000', [{ margin: '200', unrealisedPnl: '-50', maintenance: '10' }]);
  assert.equal(s(collateral), '1640');
  // (5000 − 1640) / (0.1 × 0.995) = 33768.8442…
  assert.equal(s(liquidationPrice({ side: 'long', quantity: '0.1', entryPrice: '50000', collateral, tiers: TIERS, priceScale: 2 })), '33768.85');
  // (5000 + 1640) / (0.1 × 1.005) = 66069.6517…
  assert.equal(s(liquidationPrice({ side: 'short', quantity: '0.1', entryPrice: '50000', collateral, tiers: TIERS, priceScale: 2 })), '66069.65');
});

test('merged entry is the quantity-weighted average, rounded against the holder; a partial close releases margin pro rata, down', () => {
  assert.equal(s(mergedEntry('long', '0.1', '50000', '0.3', '51000')), '50750');
  assert.equal(s(mergedEntry('long', '1', '100', '2', '101')), '100.6666666667');
  assert.equal(s(mergedEntry('short', '1', '100', '2', '101')), '100.6666666666');
  assert.equal(s(releasedMargin('500', '0.3', '0.1')), '166.666666');
  assert.equal(s(releasedMargin('500', '0.3', '0.3')), '500');
});

test('funding: notional at the mark × rate; longs pay shorts when the rate is positive; rounded towards −∞', () => {
  assert.equal(s(fundingPayment('long', '50000', '0.1', '0.0001')), '-0.5');
  assert.equal(s(fundingPayment('short', '50000', '0.1', '0.0001')), '0.5');
  assert.equal(s(fundingPayment('long', '50000', '0.1', '-0.0001')), '0.5');
  // 5000.001 × 0.000123 = 0.615000123: paid rounds up to 0.615001, received rounds down to 0.615
  assert.equal(s(fundingPayment('long', '50000.01', '0.1', '0.000123')), '-0.615001');
  assert.equal(s(fundingPayment('short', '50000.01', '0.1', '0.000123')), '0.615');
});

test('distance to liquidation in % of the mark, rounded down', () => {
  assert.equal(s(distanceToLiquidation('50000', '45227.04')), '9.54');
  assert.equal(s(distanceToLiquidation('50000', '62089.55')), '24.17');
  assert.equal(distanceToLiquidation('50000', null), null);
});

const QUOTE = { bid: '49999', ask: '50001', last: '50000' };

test('pre-trade receipt: market long, isolated, no position yet', () => {
  const receipt = preTradeReceipt({
    side: 'long', type: 'market', quantity: '0.1', leverage: 10, quote: QUOTE, feeRate: '0.0005',
    marginMode: 'isolated', available: '1000', tiers: TIERS, priceScale: 2,
  });
  assert.deepEqual(receipt, {
    expectedPrice: '50001', // a long fills at the ask
    notional: '5000.1',
    fee: '2.50005',
    margin: '500.01',
    cost: '502.51005',
    enough: true,
    liquidationBefore: null,
    liquidationAfter: '45227.04', // (5000.1 − 500.01) / 0.0995 = 45227.0351…
    distanceToLiquidation: '9.54',
    markPrice: '50000',
  });
});

test('pre-trade receipt: adding to a position (merge) shows the liquidation price before → after', () => {
  const receipt = preTradeReceipt({
    side: 'long', type: 'market', quantity: '0.1', leverage: 10, quote: QUOTE, feeRate: '0.0005',
    marginMode: 'isolated', available: '1000', tiers: TIERS, priceScale: 2,
    existing: { quantity: '0.1', entryPrice: '50000', margin: '500' },
  });
  assert.equal(receipt.liquidationBefore, '45226.14');
  // entry (5000 + 5000.1) / 0.2 = 50000.5, margin 1000.01: (10000.1 − 1000.01) / (0.2 × 0.995) = 45226.5829…
  assert.equal(receipt.liquidationAfter, '45226.59');
});

test('pre-trade receipt: limit short above the available balance is flagged, priced at its limit with the maker rate', () => {
  const receipt = preTradeReceipt({
    side: 'short', type: 'limit', price: '52000', quantity: '0.5', leverage: 5, quote: QUOTE, feeRate: '0.0002',
    marginMode: 'isolated', available: '5000', tiers: TIERS, priceScale: 2,
  });
  assert.equal(receipt.expectedPrice, '52000');
  assert.equal(receipt.fee, '5.2');
  assert.equal(receipt.margin, '5200');
  assert.equal(receipt.cost, '5205.2');
  assert.equal(receipt.enough, false);
  assert.equal(receipt.liquidationAfter, '62089.55'); // (26000 + 5200) / (0.5 × 1.005)
  assert.equal(receipt.distanceToLiquidation, '24.17');
});

test('pre-trade receipt: cross, the balance left after the cost backs the position', () => {
  const receipt = preTradeReceipt({
    side: 'long', type: 'market', quantity: '0.1', leverage: 10, quote: QUOTE, feeRate: '0.0005',
    marginMode: 'cross', available: '1000', tiers: TIERS, priceScale: 2,
  });
  // collateral 500.01 + (1000 − 502.51005) = 997.49995: (5000.1 − 997.49995) / 0.0995 = 40227.1362…
  assert.equal(receipt.liquidationAfter, '40227.14');
  const short = preTradeReceipt({
    side: 'short', type: 'market', quantity: '0.1', leverage: 10, quote: QUOTE, feeRate: '0.0005',
    marginMode: 'cross', available: '1000', tiers: TIERS, priceScale: 2,
  });
  assert.equal(short.expectedPrice, '49999', 'a short fills at the bid');
});
