import Decimal from 'decimal.js';
import { forex, type DataOf } from '@meridian/contracts';
import type { DepthLevel } from '@meridian/shared';
import type { PerpSettings, Position } from '../../api/trading';
import { perpReceipt, type PerpReceipt, type QuoteSides } from '../trade/receipt';
import { sizeProblem, tpSlProblems, type OrderProblem, type OrderSide } from '../trade/rules';

export type ForexConfig = DataOf<typeof forex.config>;
type LotTerms = Pick<ForexConfig, 'lotStep' | 'minLots' | 'maxLots'>;

/** Decimals a lot size may have: those of the pair's lot step (0.01 → 2). */
export const lotDecimals = (terms: Pick<ForexConfig, 'lotStep'>): number => new Decimal(terms.lotStep).decimalPlaces();

/**
 * The lots field: the perpetual form's size rule with the pair's lot step as its decimals and its minimum and
 * maximum lots as bounds (a lot count is the "quantity" the server validates).
 */
export function lotsProblem(lots: string, terms: LotTerms): OrderProblem | null {
  return sizeProblem({ size: lots, sizeUnit: 'quantity' }, { priceDecimals: 0, amountDecimals: lotDecimals(terms), minQuantity: terms.minLots, maxQuantity: terms.maxLots }, null);
}

/** The perpetual receipt (liquidation before → after included) and what a forex order adds to it. */
export type ForexReceipt = PerpReceipt & {
  units: string;
  /** USDT per unit of the quote currency the order would fix. */
  quoteRate: string;
  /** USDT one pip moves this order by: the config's value of one lot times the lots. */
  pipValue: string | null;
};

/**
 * The forex pre-trade receipt: the perpetual one (receipt.ts, margin.ts's arithmetic) on the order's units at the
 * conversion rate the order would fix, with the pair's maintenance tiers, so its liquidation price is the one the
 * engine will set. A forex order is a market order that walks the pair's book as the engine does (long from the
 * asks, short from the bids, at the walk's average); at the quote's ask or bid while no book has arrived. Null
 * when the feed has no conversion pair (the config's quoteRate is null): the server would refuse the order too.
 */
export function forexReceipt(input: {
  side: OrderSide;
  lots: string;
  leverage: number;
  /** A limit's price, or the price a conditional order's margin is held at; none: a market order now. */
  price?: string | null;
  quote: QuoteSides;
  /** The pair's streamed book (null until it arrives). */
  book?: { bids: readonly DepthLevel[]; asks: readonly DepthLevel[] } | null;
  config: Pick<ForexConfig, 'symbol' | 'contractSize' | 'quoteRate' | 'takerFeeRate' | 'makerFeeRate' | 'pipValuePerLot' | 'maintenanceTiers' | 'priceDecimals'>;
  settings: PerpSettings;
  available: string;
  positions: readonly (Position & { quoteRate?: string })[];
}): ForexReceipt | null {
  const { config } = input;
  if (config.quoteRate === null) return null;
  const units = new Decimal(input.lots).times(config.contractSize).toFixed();
  const figures = perpReceipt({
    side: input.side,
    kind: input.price ? 'limit' : 'market',
    quantity: units,
    price: input.price ?? null,
    leverage: input.leverage,
    quote: input.quote,
    book: input.book ?? null,
    terms: config,
    settings: input.settings,
    available: input.available,
    positions: input.positions,
    symbol: config.symbol,
    quoteRate: config.quoteRate,
  });
  return {
    ...figures,
    units,
    quoteRate: config.quoteRate,
    pipValue: config.pipValuePerLot === null ? null : new Decimal(config.pipValuePerLot).times(input.lots).toFixed(),
  };
}

/** Take-profit and stop-loss against the side's fill price, in the pair's price decimals (the perpetual rule). */
export const forexTpSlProblems = (side: OrderSide, takeProfit: string, stopLoss: string, reference: string | null, priceDecimals: number) =>
  tpSlProblems({ side, takeProfit, stopLoss }, reference, priceDecimals);
