import { useMemo } from 'react';
import { pnl, pnlPercent } from '@meridian/contracts';
import { useQuote } from '@meridian/shared';
import type { Position } from '../../api/trading';

/**
 * An open position revalued at the market stream's last price: the server measures the mark at the feed's last
 * price and pushes only when the position itself changes, so between pushes the row follows the ticks here, with
 * margin.ts's own P/L rounding (the figures the close would realise, before its fee).
 */
export function useLivePosition(position: Position): Pick<Position, 'markPrice' | 'unrealisedPnl' | 'pnlPercent'> {
  const quote = useQuote(position.symbol);
  const last = quote ? String(quote.price) : null;
  return useMemo(() => {
    if (!last || !/^\d+(\.\d+)?$/.test(last) || position.status !== 'open') return position;
    const unrealised = pnl(position.side, position.entryPrice, last, position.quantity);
    return { markPrice: last, unrealisedPnl: unrealised.toFixed(), pnlPercent: pnlPercent(unrealised, position.margin).toFixed() };
  }, [last, position]);
}
