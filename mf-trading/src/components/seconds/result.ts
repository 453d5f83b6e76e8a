import { toFixedExact } from '@meridian/shared';
import type { SecondsDetail } from './terms';

/**
 * What a settled contract's result sheet says, read from the server's settled contract and the close tick it
 * recorded (never computed here): won, lost or draw with the close tick; refunded (a contract whose expiry fell in
 * an outage: the stake back, no price decides it); or a status this screen does not know, shown as such.
 */
export type SecondsResult =
  | { kind: 'win' | 'loss' | 'tie'; net: string; payout: string; closePrice: string; tickTime: string }
  | { kind: 'refunded'; amount: string }
  | { kind: 'unknown'; status: string };

/** The result of a contract from its detail; null while the server still reports it open. */
export function resultOf(detail: SecondsDetail): SecondsResult | null {
  const c = detail.contract;
  // the server may add statuses (refunded); compare as text so an unknown one is shown, not mistaken for a result
  const status: string = c.status;
  if (status === 'open') return null;
  if (status === 'refunded') return { kind: 'refunded', amount: c.payout ?? c.stake };
  if (status === 'settled' && c.outcome && detail.closeTick && c.pnl !== null && c.payout !== null)
    return { kind: c.outcome, net: c.pnl, payout: c.payout, closePrice: detail.closeTick.price, tickTime: detail.closeTick.feedTime };
  return { kind: 'unknown', status };
}

/** A recorded tick's time of day to the millisecond, in UTC: "12:03:30.000 UTC". */
export function tickTimeOfDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(11, 23)} UTC`;
}

/** What "Trade again" fills the form with: the same symbol, product (or its duration), stake and direction. */
export interface SecondsPrefill {
  symbol: string;
  productId: string;
  durationSeconds: number;
  stake: string;
  direction: 'up' | 'down';
  /** A new value for every press: the form applies each once. */
  nonce: number;
}

/**
 * A recorded price for the result sheet: grouped, at the instrument's decimals but never fewer than the tick was
 * recorded with (the evidence is the exact figure: 64012.153 is not shown as 64,012.15).
 */
export function formatRecordedPrice(price: string, priceDecimals: number | null): string {
  const recorded = price.split('.')[1]?.length ?? 0;
  try {
    return toFixedExact(price, Math.max(recorded, priceDecimals ?? 0), 'halfUp', true);
  } catch {
    return price;
  }
}
