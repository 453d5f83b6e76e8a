import { Dec } from '../ledger/decimal.js';
import type { Side } from './storage.js';

type D = InstanceType<typeof Dec>;

/**
 * The average cost of `asset` over the user's spot fills in it, oldest first: buys add their received quantity at
 * their value (fees are thus in the cost), sells take quantity out at the running average. Null when nothing bought
 * is still held.
 */
export function averageCost(fills: readonly { side: Side; quantity: string; value: string; fee: string; feeAsset: string }[], asset: string): D | null {
  let held = new Dec(0);
  let cost = new Dec(0);
  for (const fill of fills) {
    if (fill.side === 'buy') {
      held = held.plus(fill.quantity).minus(fill.feeAsset === asset ? fill.fee : 0);
      cost = cost.plus(fill.value);
    } else if (held.gt(0)) {
      const out = Dec.min(held, fill.quantity);
      cost = cost.minus(cost.div(held).times(out));
      held = held.minus(out);
    }
  }
  return held.gt(0) ? cost.div(held) : null;
}

/**
 * A holding as the API shows it: `quantity` (units that came in by transfer too) valued at `averageCost` and at
 * the live `price` (the bid, what selling would start at).
 */
export function holdingView(
  balance: { asset: string; available: string; frozen: string },
  terms: { symbol: string; priceDecimals: number; amountDecimals: number },
  quantity: D,
  cost: D | null,
  price: string,
) {
  const marketValue = quantity.times(price);
  const costValue = cost ? cost.times(quantity) : new Dec(0);
  const pnl = cost ? marketValue.minus(costValue) : new Dec(0);
  const at8 = (d: D) => d.toDecimalPlaces(8, Dec.ROUND_HALF_UP).toFixed();
  return {
    asset: balance.asset,
    symbol: terms.symbol,
    quantity: quantity.toFixed(),
    available: balance.available,
    frozen: balance.frozen,
    averageCost: cost ? cost.toDecimalPlaces(terms.priceDecimals + 4, Dec.ROUND_HALF_UP).toFixed() : null,
    costValue: at8(costValue),
    price,
    marketValue: at8(marketValue),
    unrealisedPnl: at8(pnl),
    unrealisedPnlPercent: cost && costValue.gt(0) ? pnl.div(costValue).times(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed() : null,
    priceDecimals: terms.priceDecimals,
    amountDecimals: terms.amountDecimals,
  };
}
