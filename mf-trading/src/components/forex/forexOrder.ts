import Decimal from 'decimal.js';
import { exposure, forex, initialMargin, notional, tradeFee, type DataOf } from '@meridian/contracts';
import { sizeProblem, tpSlProblems, fundsProblem, type OrderProblem, type OrderSide } from '../trade/rules';

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

export interface ForexReceipt {
  /** Long fills at the ask, short at the bid (market orders only). */
  expectedPrice: string;
  units: string;
  /** USDT per unit of the quote currency the order would fix. */
  quoteRate: string;
  notional: string;
  fee: string;
  margin: string;
  cost: string;
  enough: boolean;
  /** USDT one pip moves this order by: the config's value of one lot times the lots. */
  pipValue: string | null;
}

/**
 * The forex pre-trade receipt with margin.ts's arithmetic, run as the server runs it for a quanto pair: on the
 * USDT exposure (margin.ts `exposure`: units × quoteRate) in place of the quantity. Null when the feed has no
 * conversion pair (the config's quoteRate is null): the server would refuse the order too.
 */
export function forexReceipt(input: {
  side: OrderSide;
  lots: string;
  leverage: number;
  quote: { bid: string; ask: string };
  config: Pick<ForexConfig, 'contractSize' | 'quoteRate' | 'takerFeeRate' | 'pipValuePerLot'>;
  available: string | null;
}): ForexReceipt | null {
  if (input.config.quoteRate === null) return null;
  const expected = input.side === 'buy' ? input.quote.ask : input.quote.bid;
  const units = new Decimal(input.lots).times(input.config.contractSize);
  const value = notional(expected, exposure(units, input.config.quoteRate));
  const fee = tradeFee(value, input.config.takerFeeRate);
  const margin = initialMargin(value, input.leverage);
  const cost = margin.plus(fee);
  return {
    expectedPrice: expected,
    units: units.toFixed(),
    quoteRate: input.config.quoteRate,
    notional: value.toFixed(),
    fee: fee.toFixed(),
    margin: margin.toFixed(),
    cost: cost.toFixed(),
    enough: input.available === null || fundsProblem(cost.toFixed(), input.available, 'margin') === null,
    pipValue: input.config.pipValuePerLot === null ? null : new Decimal(input.config.pipValuePerLot).times(input.lots).toFixed(),
  };
}

/** Take-profit and stop-loss against the side's fill price, in the pair's price decimals (the perpetual rule). */
export const forexTpSlProblems = (side: OrderSide, takeProfit: string, stopLoss: string, reference: string | null, pipSize: string) =>
  tpSlProblems({ side, takeProfit, stopLoss }, reference, new Decimal(pipSize).decimalPlaces() + 1);

/** A moment as the user's clock and New York's show it (the FX calendar is New York's). */
export function bothZones(ms: number, locale: string, userZone?: string): { local: string; newYork: string } {
  const format = (timeZone: string | undefined) =>
    new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(ms);
  return { local: format(userZone), newYork: format('America/New_York') };
}
