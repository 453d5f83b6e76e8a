import { crossCollateral, exposure, liquidationPrice, maintenanceMargin, notional, pnl } from '@meridian/contracts';
import type { Tick } from '../market/feed/port.js';
import type { CrossLeg } from './cross.js';
import { markOf, type PositionRow } from './storage.js';

/** A cross position as crossBook keeps it. */
// a leg's quantity is its USDT exposure (quantity × quote rate), what the formulas call quantity
export const legOf = (p: PositionRow): CrossLeg => ({ symbol: p.symbol, side: p.side, quantity: exposure(p.quantity, p.quoteRate), entryPrice: p.entryPrice, margin: p.margin, tiers: p.tiers });

type PricedLeg = CrossLeg & { id: string; priceDecimals: number };
export const crossLegOf = (p: PositionRow): PricedLeg => ({ ...legOf(p), id: p.id, priceDecimals: p.priceDecimals });

const text = (price: ReturnType<typeof liquidationPrice>): string | null => (price && price.gt(0) ? price.toFixed() : null);

/** An isolated position's liquidation price: on its own margin, so it changes only when the position does. */
export function isolatedLiquidationPrice(p: Pick<PositionRow, 'side' | 'quantity' | 'quoteRate' | 'entryPrice' | 'margin' | 'tiers' | 'priceDecimals'>): string | null {
  return text(liquidationPrice({ side: p.side, quantity: exposure(p.quantity, p.quoteRate), entryPrice: p.entryPrice, collateral: p.margin, tiers: p.tiers, priceScale: p.priceDecimals }));
}

/**
 * The liquidation price of each cross position of one account (by id; null: none), each on the shared available
 * balance `free` and the other positions at the marks `tickOf` gives (margin + P/L − maintenance). The engine
 * stores it with the position's trigger when the account changes; a read computes it again, because with two or
 * more positions it moves with the other positions' marks between changes.
 */
export function crossLiquidationPrices(legs: readonly PricedLeg[], free: string, tickOf: (symbol: string) => Tick | undefined): Map<string, string | null> {
  const standing = legs.map((leg) => {
    const mark = markOf(tickOf(leg.symbol), leg.entryPrice);
    return { id: leg.id, margin: leg.margin, unrealisedPnl: pnl(leg.side, leg.entryPrice, mark, leg.quantity), maintenance: maintenanceMargin(notional(mark, leg.quantity), leg.tiers) };
  });
  const prices = new Map<string, string | null>();
  for (const leg of legs) {
    const collateral = crossCollateral(leg.margin, free, standing.filter((o) => o.id !== leg.id));
    prices.set(leg.id, text(liquidationPrice({ side: leg.side, quantity: leg.quantity, entryPrice: leg.entryPrice, collateral, tiers: leg.tiers, priceScale: leg.priceDecimals })));
  }
  return prices;
}
