import { Dec } from '../ledger/decimal.js';
import { PLATFORM, type AccountRef, type Mode, type Move } from '../ledger/ledger.js';
import type { Walk } from '@meridian/contracts';
import type { OrderRow } from './storage.js';

/*
 * Where a spot order's money goes, before anything moves: the user's spot wallet, the platform's trading desk
 * (`broker`, the counterparty of every fill) and its `fees` wallet. The service and the conditional orders post
 * what these answer.
 */

type D = InstanceType<typeof Dec>;

/** The user's spot wallet account of `asset`. */
export const spotAccount = (holder: string, mode: Mode, asset: string, part: 'available' | 'held' = 'available'): AccountRef => ({
  holder, mode, wallet: 'spot', asset, part,
});
const platform = (wallet: 'broker' | 'fees', mode: Mode, asset: string): AccountRef => ({ holder: PLATFORM, mode, wallet, asset });

/** The hold of a spot order's frozen funds: its reason and what it is held for. */
export const SPOT_ORDER_HOLD = 'spotOrder';
export const SPOT_CONDITIONAL_HOLD = 'spotConditional';

/** What a limit order holds while it rests: a buy its price × quantity of the quote, a sell its quantity of the base. */
export function limitHold(side: OrderRow['side'], price: string, quantity: string): string {
  return (side === 'buy' ? new Dec(price).times(quantity) : new Dec(quantity)).toFixed();
}

/**
 * The ledger moves of one execution of `order` (`walk` taken, `fee` in the asset received) and how much of its
 * hold the execution uses up: what the user pays comes from the order's hold (a limit order: its moves out of the
 * held part are the hold's draw) or available (a market order); a limit buy held at its price gets the price
 * improvement back to available.
 */
export function fillMoves(order: Pick<OrderRow, 'userId' | 'mode' | 'base' | 'quote' | 'side' | 'type' | 'price'>, walk: Pick<Walk, 'quantity' | 'value'>, fee: D): { moves: Move[]; unfrozen: D } {
  const { userId, mode, base, quote } = order;
  const resting = order.type === 'limit';
  const moves: Move[] = [];
  const add = (from: AccountRef, to: AccountRef, amount: D) => void (amount.gt(0) && moves.push({ from, to, amount: amount.toFixed() }));
  let unfrozen = new Dec(0);
  if (order.side === 'buy') {
    const paid = spotAccount(userId, mode, quote, resting ? 'held' : 'available');
    add(paid, platform('broker', mode, quote), walk.value);
    if (resting) {
      // frozen at the limit price; the price improvement returns to available
      unfrozen = new Dec(order.price!).times(walk.quantity);
      add(spotAccount(userId, mode, quote, 'held'), spotAccount(userId, mode, quote), unfrozen.minus(walk.value));
    }
    add(platform('broker', mode, base), spotAccount(userId, mode, base), walk.quantity.minus(fee));
    add(platform('broker', mode, base), platform('fees', mode, base), fee);
  } else {
    add(spotAccount(userId, mode, base, resting ? 'held' : 'available'), platform('broker', mode, base), walk.quantity);
    if (resting) unfrozen = walk.quantity;
    add(platform('broker', mode, quote), spotAccount(userId, mode, quote), walk.value.minus(fee));
    add(platform('broker', mode, quote), platform('fees', mode, quote), fee);
  }
  return { moves, unfrozen };
}
