import { fundingPayment, pnl, releasedMargin, tradeFee, type PerpSide } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, type AccountRef, type Mode, type Move } from '../ledger/ledger.js';

type D = InstanceType<typeof Dec>;
const ZERO = new Dec(0);

/** The named hold of a pending order's margin and fee (reason, and the kind of reference: the order). */
export const PERP_ORDER_HOLD = 'perpOrder';
export const PERP_ORDER_REFERENCE = 'perp-order';

/**
 * The accounts a perpetual settlement moves USDT between: the user's contract wallet (available; frozen: open
 * positions' margin; held: pending orders' named holds) and the platform's.
 */
export function accounts(userId: string, mode: Mode) {
  const user = (part: 'available' | 'frozen' | 'held'): AccountRef => ({ holder: userId, mode, wallet: 'contract', asset: 'USDT', part });
  const platform = (wallet: 'broker' | 'fees' | 'insurance'): AccountRef => ({ holder: PLATFORM, mode, wallet, asset: 'USDT' });
  return { available: user('available'), frozen: user('frozen'), held: user('held'), broker: platform('broker'), fees: platform('fees'), insurance: platform('insurance') };
}

export interface CloseInput {
  userId: string;
  mode: Mode;
  side: PerpSide;
  marginMode: 'isolated' | 'cross';
  entryPrice: string;
  /** The position's open quantity and margin before the close. */
  quantity: string;
  margin: string;
  /** The part closed and its price. */
  closed: string;
  price: string;
  takerFeeRate: string;
  liquidation: boolean;
  /** The contract wallet's available USDT now (cross: it backs the loss beyond the margin). */
  available: string;
  /**
   * The insurance fund's balance, when the caller has locked it: the fund pays a shortfall only up to it (never
   * below zero) and the rest is `uncovered`, for auto-deleveraging. Unset: the fund pays the whole shortfall.
   */
  insurance?: string | undefined;
}

export interface CloseSettlement {
  moves: Move[];
  realisedPnl: D;
  fee: D;
  releasedMargin: D;
  /** Liquidation: what was left of the margin, to the insurance fund. */
  toInsurance: D;
  /** Loss the user could not cover (the margin of an isolated position; margin and available of a cross one): paid by the insurance fund. */
  shortfall: D;
  /** Loss neither the user nor the fund (its `insurance` balance) could cover: recovered by auto-deleveraging. */
  uncovered: D;
}

const positive = (value: D) => value.gt(0);

/**
 * The ledger moves of closing `closed` of a position at `price` (broker model: the platform's broker account is
 * the other side of every P/L). Released margin returns to available, a gain comes from the broker, a loss goes
 * to it, the taker fee to the fee account. A liquidation pays no fee and sends what is left of the margin to the
 * insurance fund. No user account goes below zero: a loss beyond what backs the position (isolated: its margin;
 * cross: margin and the wallet's available balance) is paid by the insurance fund, and the fee is waived then.
 */
export function settleClose(input: CloseInput): CloseSettlement {
  const acc = accounts(input.userId, input.mode);
  const realised = pnl(input.side, input.entryPrice, input.price, input.closed);
  const released = releasedMargin(input.margin, input.quantity, input.closed);
  const gain = positive(realised) ? realised : ZERO;
  const loss = realised.lt(0) ? realised.negated() : ZERO;
  const backing = released.plus(gain).plus(input.marginMode === 'cross' ? input.available : 0);
  let fee = input.liquidation ? ZERO : tradeFee(new Dec(input.price).times(input.closed), input.takerFeeRate);
  if (loss.plus(fee).gt(backing)) fee = ZERO;
  const moves: Move[] = [];
  const move = (from: AccountRef, to: AccountRef, amount: D) => {
    if (positive(amount)) moves.push({ from, to, amount: amount.toFixed() });
  };

  if (input.liquidation) {
    const fromMargin = Dec.min(released, loss);
    move(acc.frozen, acc.broker, fromMargin);
    const toInsurance = released.minus(fromMargin);
    move(acc.frozen, acc.insurance, toInsurance);
    move(acc.broker, acc.available, gain);
    const lossLeft = loss.minus(fromMargin);
    const fromAvailable = input.marginMode === 'cross' ? Dec.min(new Dec(input.available).plus(gain), lossLeft) : ZERO;
    move(acc.available, acc.broker, fromAvailable);
    const { shortfall, uncovered } = covered(lossLeft.minus(fromAvailable), input.insurance);
    move(acc.insurance, acc.broker, shortfall);
    return { moves, realisedPnl: realised, fee, releasedMargin: released, toInsurance, shortfall, uncovered };
  }

  move(acc.frozen, acc.available, released);
  move(acc.broker, acc.available, gain);
  const fromUser = Dec.min(loss, backing);
  move(acc.available, acc.broker, fromUser);
  const { shortfall, uncovered } = covered(loss.minus(fromUser), input.insurance);
  move(acc.insurance, acc.broker, shortfall);
  move(acc.available, acc.fees, fee);
  return { moves, realisedPnl: realised, fee, releasedMargin: released, toInsurance: ZERO, shortfall, uncovered };
}

/** The part of a loss the fund pays (all of it, or up to its balance when known) and what is left uncovered. */
function covered(lossLeft: D, insurance: string | undefined): { shortfall: D; uncovered: D } {
  if (insurance === undefined) return { shortfall: lossLeft, uncovered: ZERO };
  const shortfall = Dec.min(lossLeft, Dec.max(insurance, 0));
  return { shortfall, uncovered: lossLeft.minus(shortfall) };
}

export interface FundingSettlement {
  moves: Move[];
  /** Signed from the user's side. */
  amount: D;
  /** What was taken from the position's margin because available did not cover the payment. */
  fromMargin: D;
  shortfall: D;
}

/**
 * A funding payment through the ledger: received from the broker into available; paid from available, then from
 * the position's margin, and what neither covers by the insurance fund up to its balance (the position is then liquidated by its
 * trigger at the next tick, its margin being gone).
 */
export function settleFunding(input: {
  userId: string;
  mode: Mode;
  side: PerpSide;
  mark: string;
  quantity: string;
  rate: string;
  margin: string;
  available: string;
  /** The insurance fund's (locked) balance: it pays what available and margin do not, up to it (unset: all of it). */
  insurance?: string | undefined;
}): FundingSettlement {
  const acc = accounts(input.userId, input.mode);
  const amount = fundingPayment(input.side, input.mark, input.quantity, input.rate);
  const moves: Move[] = [];
  if (amount.gt(0)) {
    moves.push({ from: acc.broker, to: acc.available, amount: amount.toFixed() });
    return { moves, amount, fromMargin: ZERO, shortfall: ZERO };
  }
  const owed = amount.negated();
  const fromAvailable = Dec.min(owed, input.available);
  const fromMargin = Dec.min(owed.minus(fromAvailable), input.margin);
  // what the fund cannot cover the broker does not receive (the position is liquidated at the next tick anyway)
  const { shortfall } = covered(owed.minus(fromAvailable).minus(fromMargin), input.insurance);
  if (fromAvailable.gt(0)) moves.push({ from: acc.available, to: acc.broker, amount: fromAvailable.toFixed() });
  if (fromMargin.gt(0)) moves.push({ from: acc.frozen, to: acc.broker, amount: fromMargin.toFixed() });
  if (shortfall.gt(0)) moves.push({ from: acc.insurance, to: acc.broker, amount: shortfall.toFixed() });
  return { moves, amount, fromMargin, shortfall };
}
