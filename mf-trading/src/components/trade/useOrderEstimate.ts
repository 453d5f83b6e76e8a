import { useEffect, useState } from 'react';
import { estimate } from '@meridian/contracts';
import { useApiQuery } from '@meridian/shared';
import { fetchForexEstimate, fetchPerpEstimate, type ForexEstimate, type PerpEstimate } from '../../api/trading';
import type { PerpReceipt } from './receipt';
import type { ForexTerms, PendingOrder } from './ReceiptSheet';

/** How long the order must stay the same before it is estimated (a leverage or size being changed asks once). */
export const ESTIMATE_DEBOUNCE_MS = 250;
/** How often the shown estimate follows the book while the receipt is open. */
export const ESTIMATE_REFRESH_MS = 3000;

type Request = { call: 'perpetual'; input: Parameters<typeof fetchPerpEstimate>[0] } | { call: 'forex'; input: Parameters<typeof fetchForexEstimate>[0] };

/** The estimate call an order asks (spot has none yet: its receipt stays the local walk). */
function requestOf(order: PendingOrder, forex: ForexTerms | undefined): Request | null {
  if (order.market !== 'perp') return null;
  const side = order.side === 'buy' ? ('long' as const) : ('short' as const);
  if (forex) return { call: 'forex', input: { symbol: order.symbol, side, lots: forex.lots, leverage: order.leverage } };
  return {
    call: 'perpetual',
    input: {
      symbol: order.symbol,
      side,
      type: order.kind,
      leverage: order.leverage,
      ...(order.amount ? { amount: order.amount } : { quantity: order.quantity }),
      ...(order.price ? { price: order.price } : {}),
    },
  };
}

/**
 * The server's estimate of a perpetual or forex order (contract/estimate, forex/contract/estimate): the engine's
 * own fill, margin, fee and liquidation figures, asked once the order has been still for ESTIMATE_DEBOUNCE_MS and
 * refreshed while the receipt is open. Undefined until it answers (or when it refuses): the receipt then shows
 * its local figures.
 */
export function useOrderEstimate(order: PendingOrder, forex?: ForexTerms): PerpEstimate | ForexEstimate | undefined {
  const request = requestOf(order, forex);
  const key = JSON.stringify(request);
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), ESTIMATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const path = request?.call === 'forex' ? estimate.forex.path : estimate.perpetual.path;
  const answer = useApiQuery(path, request?.input ?? null, () => (request!.call === 'forex' ? fetchForexEstimate(request!.input) : fetchPerpEstimate(request!.input)), {
    enabled: request !== null && settled === key,
    refetchInterval: ESTIMATE_REFRESH_MS,
    retry: false,
  });
  return answer.data;
}

/**
 * The receipt with the server's figures in place of the local ones. The server walked the whole book (a book too
 * thin is refused, not estimated), so it covers the order; a limit the book crosses shows the part that fills now.
 */
export function withEstimate(local: PerpReceipt, server: PerpEstimate | undefined): PerpReceipt {
  if (!server) return local;
  return {
    ...local,
    // a limit that rests in part is shown at its limit (the note says what fills now), as the local receipt does
    expectedPrice: server.type === 'limit' && server.rest ? server.rest.price : server.expectedPrice,
    notional: server.notional,
    fee: server.fee,
    margin: server.margin,
    cost: server.cost,
    enough: server.enough,
    liquidationBefore: server.liquidationBefore,
    liquidationAfter: server.liquidationAfter,
    distanceToLiquidation: server.distanceToLiquidation,
    markPrice: server.markPrice,
    bookCovers: true,
    marketable: server.type === 'limit' && server.fillNow ? { quantity: server.fillNow.quantity, price: server.fillNow.price, rest: server.rest?.quantity ?? '0' } : null,
  };
}
