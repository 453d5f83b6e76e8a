import Decimal from 'decimal.js';
import type { PositionDetail } from '../../api/trading';

/** What a closed position's realised P/L is made of, from its fills and funding payments as the server recorded them. */
export interface RealisedParts {
  /** Σ realised P/L of the closing fills: the price move on the quantity closed, before fees. */
  trading: string;
  /** Σ fees of the opening fills (paid), as a positive amount. */
  openFee: string;
  /** Σ fees of the closing fills (paid), as a positive amount. */
  closeFee: string;
  /** Σ funding payments, signed from the user's side (negative: paid). */
  funding: string;
}

/**
 * The parts of a position's realised P/L (trading P/L − open fee − close fee + funding, the server's
 * tradePnl − fees + funding): a closing fill is one with a close type, any other opened or added to it.
 */
export function realisedParts(detail: Pick<PositionDetail, 'fills' | 'funding'>): RealisedParts {
  const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed();
  const closing = detail.fills.filter((fill) => fill.closeType !== null);
  const opening = detail.fills.filter((fill) => fill.closeType === null);
  return {
    trading: sum(closing.map((fill) => fill.realisedPnl)),
    openFee: sum(opening.map((fill) => fill.fee)),
    closeFee: sum(closing.map((fill) => fill.fee)),
    funding: sum(detail.funding.map((payment) => payment.amount)),
  };
}
