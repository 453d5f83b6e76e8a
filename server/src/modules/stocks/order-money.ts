import { Dec } from '../ledger/decimal.js';
import type { Move, Mode } from '../ledger/ledger.js';
import { bookAccount, brokerAccount, feesAccount, USDT_SCALE, type StockBook } from './positions.js';

/** The hold of a resting stock order's funds (USDT for a buy, shares for a sell): its reason and reference kind. */
export const STOCK_ORDER_HOLD = 'stockOrder';
export const STOCK_ORDER_REFERENCE = 'stock-order';

/**
 * What a stock order costs and pays, pure: the fees at the order's frozen rates (fee-terms.ts), the conversion to USDT at the order's rate (rounded at
 * the ledger's 18 decimals against the user: a buy's cost up, a sell's proceeds down) and the ledger moves of one
 * execution. The order screen's receipt and the estimate call use the same functions.
 */


type D = InstanceType<typeof Dec>;
const up = (value: D) => value.toDecimalPlaces(USDT_SCALE, Dec.ROUND_UP);
const down = (value: D) => value.toDecimalPlaces(USDT_SCALE, Dec.ROUND_DOWN);

/** The USDT of `value` (stock currency) at `rate`: a buy pays it rounded up, a sell is paid it rounded down. */
export const usdtOf = (value: string | D, rate: string, side: 'buy' | 'sell'): D => (side === 'buy' ? up : down)(new Dec(value).times(rate));
/** The fee of a USDT value, rounded up. */
export const feeOf = (valueUsdt: string | D, feeRate: string): D => up(new Dec(valueUsdt).times(feeRate));

/**
 * What a resting limit buy of `shares` at `price` holds: its USDT value at the limit and the fee on it at the
 * higher of the order's two rates, so a fill at once as taker (or a maker fill) is covered either way.
 */
export function buyHold(price: string, shares: string | D, rate: string, fees: { takerFeeRate: string; makerFeeRate: string }): D {
  const value = usdtOf(new Dec(price).times(shares), rate, 'buy');
  return value.plus(feeOf(value, Dec.max(fees.takerFeeRate, fees.makerFeeRate).toFixed()));
}

export interface Execution {
  shares: D;
  /** price × shares in the stock's currency (the booked price: walkPrice of the levels taken). */
  value: D;
  valueUsdt: D;
  feeUsdt: D;
}

export function execution(price: string, shares: D, rate: string, feeRate: string, side: 'buy' | 'sell'): Execution {
  const value = new Dec(price).times(shares);
  const valueUsdt = usdtOf(value, rate, side);
  return { shares, value, valueUsdt, feeUsdt: feeOf(valueUsdt, feeRate) };
}

/**
 * The ledger moves of one execution and how much of the order's hold it uses up. A buy pays value + fee in USDT
 * (from available for a market order, from its hold for a resting limit — these moves out of the held part are
 * the hold's draw — whose hold for these shares beyond what they cost returns to available) and receives the shares from the broker; a sell gives the shares to the broker
 * and receives value − fee.
 */
export function executionMoves(
  order: { userId: string; mode: Mode; book: StockBook; symbol: string; side: 'buy' | 'sell'; type: 'market' | 'limit' },
  e: Execution,
  released: D,
): Move[] {
  const { userId, mode, book, symbol } = order;
  const resting = order.type === 'limit';
  const usdt = (part: 'available' | 'held') => bookAccount(userId, mode, book, 'USDT', part);
  const shares = (part: 'available' | 'held') => bookAccount(userId, mode, book, symbol, part);
  const moves: Move[] = [];
  const add = (from: Move['from'], to: Move['to'], amount: D) => void (amount.gt(0) && moves.push({ from, to, amount: amount.toFixed() }));
  if (order.side === 'buy') {
    const paidFrom = usdt(resting ? 'held' : 'available');
    add(paidFrom, brokerAccount(mode, 'USDT'), e.valueUsdt);
    add(paidFrom, feesAccount(mode, 'USDT'), e.feeUsdt);
    if (resting) add(usdt('held'), usdt('available'), released.minus(e.valueUsdt).minus(e.feeUsdt));
    add(brokerAccount(mode, symbol), shares('available'), e.shares);
  } else {
    add(shares(resting ? 'held' : 'available'), brokerAccount(mode, symbol), e.shares);
    add(brokerAccount(mode, 'USDT'), usdt('available'), e.valueUsdt.minus(e.feeUsdt));
    add(brokerAccount(mode, 'USDT'), feesAccount(mode, 'USDT'), e.feeUsdt);
  }
  return moves;
}
