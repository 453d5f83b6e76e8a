import { durationLabel, netOf, type SecondsDirection, type SecondsOutcome } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';
import { PLATFORM, type AccountRef, type Mode, type Move } from '../ledger/ledger.js';
import type { NewHold } from '../../platform-kit/product/holds.js';
import type { RecordedTickRow } from './recorder.js';

/** A seconds contract as `seconds_contracts` (with its refund, if any) stores it. */
export interface ContractRow {
  id: string;
  userId: string;
  mode: Mode;
  symbol: string;
  direction: SecondsDirection;
  productId: string;
  productVersion: number;
  durationSeconds: number;
  payoutRatio: string;
  stake: string;
  openedAt: Date;
  expiresAt: Date;
  openTickId: string;
  openPrice: string;
  openReceiptSeq: string;
  status: 'open' | 'settled';
  /** Set when the contract was refunded (no price recorded at expiry); its status is then still 'open' in the table. */
  refundedAt: Date | null;
  refundReceiptSeq: string | null;
  closeTickId: string | null;
  closePrice: string | null;
  settledAt: Date | null;
  settleReceiptSeq: string | null;
  outcome: SecondsOutcome | null;
  payout: string | null;
}

/** The contract as the API shows it (the spec's Seconds contract). */
export function contractView(row: ContractRow) {
  if (row.refundedAt) {
    // no price was recorded at expiry: the stake came back, nothing won or lost
    return { ...settledView(row), status: 'refunded' as const, settledAt: row.refundedAt, payout: row.stake, pnl: '0', refundReason: 'noPriceAtExpiry' as const };
  }
  return settledView(row);
}

function settledView(row: ContractRow) {
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    stake: row.stake,
    asset: 'USDT' as const,
    duration: { seconds: row.durationSeconds, ...durationLabel(row.durationSeconds) },
    payoutRatio: row.payoutRatio,
    productId: row.productId,
    productVersion: row.productVersion,
    status: row.status,
    openPrice: row.openPrice,
    closePrice: row.closePrice,
    openedAt: row.openedAt,
    expiresAt: row.expiresAt,
    settledAt: row.settledAt,
    outcome: row.outcome,
    payout: row.payout,
    pnl: row.outcome ? netOf(row.outcome, row.stake, row.payoutRatio) : null,
    refundReason: null as 'noPriceAtExpiry' | null,
  };
}

/** The accounts a seconds contract moves USDT between: the user's option wallet and the platform's broker desk. */
function accounts(userId: string, mode: Mode) {
  const user = (part: 'available' | 'held'): AccountRef => ({ holder: userId, mode, wallet: 'option', asset: 'USDT', part });
  return { available: user('available'), held: user('held'), broker: { holder: PLATFORM, mode, wallet: 'broker', asset: 'USDT' } as AccountRef };
}

type Holder = Pick<ContractRow, 'id' | 'userId' | 'mode' | 'stake'>;

/** The reason of a contract's stake hold; its reference is seconds:<contract id>. */
export const SECONDS_STAKE_HOLD = 'secondsStake';

/** The purchase's named hold: the stake from the option wallet's available part into escrow (its held part). */
export function stakeHold(row: Holder): NewHold {
  return { userId: row.userId, mode: row.mode, wallet: 'option', asset: 'USDT', amount: row.stake, reason: SECONDS_STAKE_HOLD, reference: { kind: 'seconds', id: row.id } };
}

/**
 * The settlement's ledger moves, which draw the whole stake hold: the stake leaves escrow (back to the user, or to
 * the desk on a loss); a win adds stake × ratio from the desk.
 */
export function settlementMoves(row: Omit<Holder, 'id'> & Pick<ContractRow, 'payoutRatio'>, outcome: SecondsOutcome): Move[] {
  const acc = accounts(row.userId, row.mode);
  if (outcome === 'loss') return [{ from: acc.held, to: acc.broker, amount: row.stake }];
  const moves: Move[] = [{ from: acc.held, to: acc.available, amount: row.stake }];
  if (outcome === 'win') moves.push({ from: acc.broker, to: acc.available, amount: new Dec(row.stake).times(row.payoutRatio).toFixed() });
  return moves;
}

/** A recorded tick as a receipt carries it (time as ISO text with milliseconds, so the canonical JSON is stable). */
export function tickPayload(t: RecordedTickRow) {
  return { id: t.id, symbol: t.symbol, feedTime: t.feedTime.toISOString(), price: t.price, bid: t.bid, ask: t.ask, source: t.source };
}

/** What every receipt of a contract names: the contract, its holder and its terms. */
export function contractPayload(row: Pick<ContractRow, 'id' | 'userId' | 'mode' | 'symbol' | 'direction' | 'stake'>) {
  return { product: 'seconds', contractId: row.id, userId: row.userId, mode: row.mode, symbol: row.symbol, direction: row.direction, stake: row.stake };
}
